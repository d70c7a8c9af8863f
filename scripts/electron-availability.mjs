// Whether the Electron binary is on this machine and can start, decided the way Electron's own
// npm package decides it (node_modules/electron/index.js and install.js): `path.txt` names the
// executable inside `dist/`, or inside ELECTRON_OVERRIDE_DIST_PATH when that is set.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the executable would be, or null when Electron's installer never ran here. */
export function electronExecutable(electronDir, env) {
  const pathFile = join(electronDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : null;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) return join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
  return relative ? join(electronDir, 'dist', relative) : null;
}

/**
 * Runs Electron's own installer (it honours ELECTRON_MIRROR, ELECTRON_CUSTOM_DIR, the download
 * cache and ELECTRON_OVERRIDE_DIST_PATH), killed after `timeoutMs` so a dead network cannot hang
 * `npm start`. Returns null on success, otherwise why it failed in a few words.
 */
export function installElectron(electronDir, env, timeoutMs) {
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) return 'ELECTRON_SKIP_BINARY_DOWNLOAD is set, so its download was not tried';
  process.stderr.write(`Downloading the Electron binary (at most ${Math.round(timeoutMs / 1000)} s)…\n`);
  const res = spawnSync(process.execPath, [join(electronDir, 'install.js')], { env, stdio: ['ignore', 'inherit', 'pipe'], timeout: timeoutMs, encoding: 'utf8' });
  if (res.error?.code === 'ETIMEDOUT' || res.signal) return `its download did not finish within ${Math.round(timeoutMs / 1000)} s`;
  if (res.status !== 0) return `its download failed (${firstLine(res.stderr) || `exit ${res.status}`})`;
  return null;
}

/** Whether the executable starts at all (`--version` needs no window); null when it does. */
export function electronStartProblem(executable, env, platform) {
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return 'there is no display (neither DISPLAY nor WAYLAND_DISPLAY is set)';
  const res = spawnSync(executable, ['--version'], { env, encoding: 'utf8', timeout: 20_000 });
  if (res.error) return `the Electron binary did not start (${res.error.message})`;
  if (res.status !== 0) return `the Electron binary did not start (${firstLine(res.stderr) || `exit ${res.status ?? res.signal}`})`;
  return null;
}

/** The one paragraph `npm start` prints before falling back to the browser. */
export function fallbackNotice(reason) {
  return [
    `Zonewatch cannot open as a desktop app here: the Electron binary is missing or cannot run (${reason}).`,
    'It runs in your browser instead, with the same account, settings and keychain as the desktop app.',
    'To get the desktop app, on a machine with a graphical session run `npx install-electron` with access to',
    'GitHub releases (or set ELECTRON_MIRROR to a mirror, or ELECTRON_OVERRIDE_DIST_PATH to an unpacked',
    'Electron 45 folder, and unset ELECTRON_SKIP_BINARY_DOWNLOAD), then `npm start` again.',
  ].join(' ');
}

function firstLine(text) {
  return (text ?? '').split('\n').map((line) => line.trim()).find(Boolean)?.slice(0, 200) ?? '';
}
