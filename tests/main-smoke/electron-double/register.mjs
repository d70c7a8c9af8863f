// `node --import tsx --import ./tests/main-smoke/electron-double/register.mjs …`: every
// `import 'electron'` (the built main's, and the harness's) resolves to the double.
import { register } from 'node:module';

register('./resolve-electron.mjs', import.meta.url);
