// Runs main-smoke scenarios (run-scenario.ts), each in a Node process of its own as each launch of
// the app is, and checks what every run must satisfy.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { CHANNELS } from '../../shared/ipc';

export type SmokeResult = {
  failure: string | null;
  out: Record<string, unknown>;
  problems: string[];
  callsBeforeReady: string[];
  timeline: string[];
  fetchTimeline: string[];
  channelsAtFirstWindow: string[] | null;
  exited: boolean;
  openHandles: string[] | null;
};

/** What Electron allows before `ready` and main may do then (docs/api/app.md: setPath, the single-instance lock, events). */
const ALLOWED_BEFORE_READY = new Set(['app.setPath', 'app.requestSingleInstanceLock', 'app.whenReady', 'app.quit', 'app.setAppUserModelId', 'ipcMain.on', 'ipcMain.handle']);
const dirs: string[] = [];
export const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** Runs scenarios one after another, each in its own process (inside one keyring session if asked); one result each. */
export function runScenarios(names: string[], env: Record<string, string> = {}, { keyring = false } = {}): Promise<SmokeResult[]> {
  const node = (name: string) => [process.execPath, '--import', 'tsx', '--import', './tests/main-smoke/electron-double/register.mjs', 'tests/main-smoke/run-scenario.ts', name].join(' ');
  const script = names.map(node).join(' && ');
  const args = keyring ? ['scripts/with-keyring.sh', 'bash', '-c', script] : ['-c', script];
  // A home of its own: the packaged app ignores ZONEWATCH_USER_DATA and uses $XDG_CONFIG_HOME/Zonewatch.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: tempDir('zw-smoke-config-'), ZONEWATCH_USER_DATA: env.ZONEWATCH_USER_DATA ?? tempDir('zw-smoke-'), ...env };
  // Without a keyring session keytar finds no Secret Service, as on a desktop without one.
  if (!keyring) delete childEnv.DBUS_SESSION_BUS_ADDRESS;
  return new Promise((resolveResults, reject) => {
    const child = spawn('bash', args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    // 'close', not 'exit': a process can exit before its last output is read, and the result line is the last.
    child.on('close', (code, signal) => {
      stderr += `\n[exit code ${code} signal ${signal}]`;
      const lines = stdout.split('\n').filter((l) => l.startsWith('ZW_SMOKE_RESULT '));
      if (lines.length !== names.length) return reject(new Error(`scenarios ${names.join(', ')} printed ${lines.length} result(s):\n${stdout}\n${stderr}`));
      resolveResults(lines.map((line) => JSON.parse(line.slice('ZW_SMOKE_RESULT '.length)) as SmokeResult));
    });
  });
}

export async function runScenario(name: string, env: Record<string, string> = {}): Promise<SmokeResult> {
  const [result] = await runScenarios([name], env);
  return result!;
}

/** What every scenario must satisfy, whatever else it checks. */
export function expectCleanRun(result: SmokeResult, { window = true } = {}) {
  // The timeline says how far the app got when a scenario failed.
  expect(result.failure, `timeline: ${(result.timeline ?? []).join(" → ")}`).toBeNull();
  expect(result.problems).toEqual([]);
  expect(result.callsBeforeReady.filter((call) => !ALLOWED_BEFORE_READY.has(call))).toEqual([]);
  if (window) expect([...(result.channelsAtFirstWindow ?? [])].sort()).toEqual([...CHANNELS].sort());
  expect(result.exited).toBe(true);
  expect(result.openHandles).toEqual([]);
}

/** Electron's quit order: before-quit, every window's close, will-quit (main defers it once to stop the core), quit. */
export function expectQuitOrder(timeline: string[]) {
  const quitPart = timeline.slice(timeline.indexOf('before-quit'));
  expect(quitPart).toEqual(['before-quit', 'window:close', 'will-quit', 'before-quit', 'will-quit', 'quit']);
}

/** Removes every folder `tempDir` made. */
export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
