// `node --import tsx --import ./tests/main-smoke/electron-double/register.mjs …`: every
// `import 'electron'` (the built main's, and the harness's) and every `require('electron')` (in
// the CommonJS packages main loads, such as electron-updater) gets the double, one instance of it,
// as Electron gives every part of main the same modules.
// A worker thread main starts (the history worker) inherits these flags, but in Electron it has no
// `electron` module of its own to ask for: the double is main's alone.
import Module, { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  register('./resolve-electron.mjs', import.meta.url);

  // Node 20's module hooks do not see CommonJS `require`: it is served here, with the double's
  // exports object, which is what `require('electron')` returns in Electron.
  const double = await import('electron');
  const load = Module._load;
  Module._load = function loadElectronDouble(request, parent, isMain) {
    if (request === 'electron') return double.default;
    return load.call(this, request, parent, isMain);
  };
}
