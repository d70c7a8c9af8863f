// The built main process (out/main/index.js) and sandboxed preload (out/preload/index.cjs) in
// plain Node under a recording double of Electron 45's API (./electron-double). Each scenario is
// its own process, as each launch of the app is; needs `npm run build` first.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../shared/ipc';
import { allTrayIconFiles } from '../../electron/core/tray/tray-icon-state';
import { startService, type RunningService } from '../../electron/service/start-service';

type SmokeResult = {
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
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** Runs scenarios one after another, each in its own process (inside one keyring session if asked); one result each. */
function runScenarios(names: string[], env: Record<string, string> = {}, { keyring = false } = {}): Promise<SmokeResult[]> {
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

async function runScenario(name: string, env: Record<string, string> = {}): Promise<SmokeResult> {
  const [result] = await runScenarios([name], env);
  return result!;
}

/** What every scenario must satisfy, whatever else it checks. */
function expectCleanRun(result: SmokeResult, { window = true } = {}) {
  // The timeline says how far the app got when a scenario failed.
  expect(result.failure, `timeline: ${(result.timeline ?? []).join(" → ")}`).toBeNull();
  expect(result.problems).toEqual([]);
  expect(result.callsBeforeReady.filter((call) => !ALLOWED_BEFORE_READY.has(call))).toEqual([]);
  if (window) expect([...(result.channelsAtFirstWindow ?? [])].sort()).toEqual([...CHANNELS].sort());
  expect(result.exited).toBe(true);
  expect(result.openHandles).toEqual([]);
}

/** Electron's quit order: before-quit, every window's close, will-quit (main defers it once to stop the core), quit. */
function expectQuitOrder(timeline: string[]) {
  const quitPart = timeline.slice(timeline.indexOf('before-quit'));
  expect(quitPart).toEqual(['before-quit', 'window:close', 'will-quit', 'before-quit', 'will-quit', 'quit']);
}

let service: RunningService;
beforeAll(async () => {
  if (!existsSync('out/main/index.js') || !existsSync('out/preload/index.cjs')) throw new Error('out/ is missing: run `npm run build` first');
  // 20 years of billing history: 8 pages, so a full sync is still running when the app quits.
  service = await startService({ host: '127.0.0.1', port: 0, history: 240 });
});
afterAll(async () => {
  await service?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const serviceEnv = () => ({ ZW_SERVICE_URL: service.url, ZW_SERVICE_KEY: service.keys.admin });

describe('main process under the Electron double', () => {
  it('first run: IPC before the window, the first-run window, a second launch, no global shortcut, a clean quit', async () => {
    const result = await runScenario('first-run', { ZW_DOUBLE_TAKEN_SHORTCUTS: 'Alt+Shift+K' });
    expectCleanRun(result);
    expect(result.out.shortcuts).toEqual([]);
    expect(result.out.foreignNavigationAllowed).toBe(false);
    expect(result.out.takenRefusal).toBe('Zonewatch cannot use Alt+Shift+K as its shortcut: another application already uses it.');
    expect(result.out.shortcutsAfterRecording).toEqual(['Alt+Shift+J']);
    expect(result.out.trayIcon).toBe(resolve('resources/tray/linux/paused.png'));
    expectQuitOrder(result.timeline);
  });

  it('every tray icon state has its file, in the development and the packaged layout', () => {
    for (const file of allTrayIconFiles()) expect(existsSync(join('resources', 'tray', file)), file).toBe(true);
    const packaged = tempDir('zw-resources-');
    // electron-builder.ts › extraResources copies resources/{tray,icons,icon.png} to process.resourcesPath.
    for (const part of ['tray', 'icons', 'icon.png']) cpSync(join('resources', part), join(packaged, part), { recursive: true });
    for (const file of allTrayIconFiles()) expect(existsSync(join(packaged, 'tray', file)), file).toBe(true);
  });

  it('packaged: icons come from process.resourcesPath', async () => {
    const resources = tempDir('zw-resources-');
    for (const part of ['tray', 'icons', 'icon.png']) cpSync(join('resources', part), join(resources, part), { recursive: true });
    const result = await runScenario('packaged', { ZW_DOUBLE_PACKAGED: '1', ZW_DOUBLE_RESOURCES: resources });
    expectCleanRun(result);
    expect(result.out.trayIcon).toBe(join(resources, 'tray', 'linux', 'paused.png'));
    expect(result.out.windowIcon).toBe(join(resources, 'icons', '256x256.png'));
  });

  it('a second instance quits at once and creates nothing', async () => {
    const result = await runScenario('second-instance', { ZW_DOUBLE_SECOND_INSTANCE: '1' });
    expectCleanRun(result, { window: false });
    expect(result.callsBeforeReady).toContain('app.quit');
  });

  it('demo: every tray item works, a cancelled or failed toggle shows the true state, a notification click navigates', async () => {
    const result = await runScenario('demo');
    expectCleanRun(result);
    expect(result.out.cancelAsked).toBe(true);
    expect(result.out.cancelledChecked).toBe(true);
    expect(result.out.failedChecked).toBe(result.out.failedWasChecked);
    expect(result.out.errorBoxesAfterItems).toBe(0);
    expect(result.out.clicked).toEqual(expect.arrayContaining(['Refresh now', 'Pause polling', 'For 1 hour', 'Until tomorrow', 'Stop all spend…', 'Settings…', 'Open Zonewatch']));
    // The notification names its account: the click opens that account's view.
    expect(result.out.navigations).toEqual([{ view: expect.any(String), profileId: result.out.demoId }]);
    expectQuitOrder(result.timeline);
  }, 90_000);

  it('two accounts: the tray has a section for each, and a toggle in the second one turns off that account’s zone only', async () => {
    const result = await runScenario('two-accounts', serviceEnv());
    expectCleanRun(result);
    expect(result.out.headers).toEqual(expect.arrayContaining(['● Demo account (DEMO)', '● Client B']));
    expect(result.out.headers).toHaveLength(2);
    expect(result.out.refreshLabel).toBe('Refresh all accounts');
    expect(result.out.clientZoneAtService).toBe(false);
    expect(result.out.clientChecked).toBe(false);
    // Both services are seeded alike: the demo has a zone with the same id, and it is still on.
    expect(result.out.sameZoneInDemo).toBe(true);
    expect(result.out.demoZoneAfter).toBe(true);
    expect(result.out.errorBoxes).toBe(0);
    expectQuitOrder(result.timeline);
  }, 60_000);

  it('crash reload: "Open" shows the window the first time after the renderer was reloaded', async () => {
    expectCleanRun(await runScenario('crash-reload'));
  });

  it('quit during a full billing sync: the sync is cancelled, no page is requested after before-quit, a relaunch does not wake it', async () => {
    const result = await runScenario('quit-during-sync', serviceEnv());
    expectCleanRun(result);
    const beforeQuit = result.fetchTimeline.indexOf('before-quit');
    const pagesAfter = result.fetchTimeline.slice(beforeQuit).filter((t) => t.includes('billinghistory'));
    expect(pagesAfter).toEqual([]);
    expect(result.out.syncResult).toMatchObject({ ok: true, value: { done: true, error: expect.stringMatching(/cancelled/) } });
    expect(result.out.pagesRequested).toBeLessThan(8);
    expect(result.out.windowAfterRelaunch).toBe(false);
  });

  describe.each([
    { backend: 'keychain (the real gnome-keyring)', env: { ZW_DOUBLE_SAFE_STORAGE: 'gnome_libsecret' }, keyring: true, stored: 'keychain', kept: true },
    { backend: 'safeStorage (gnome_libsecret, no Secret Service for keytar)', env: { ZW_DOUBLE_SAFE_STORAGE: 'gnome_libsecret' }, keyring: false, stored: 'safe_storage', kept: true },
    { backend: 'safeStorage on basic_text: refused, memory', env: { ZW_DOUBLE_SAFE_STORAGE: 'basic_text' }, keyring: false, stored: 'memory', kept: false },
    { backend: 'no encryption at all: memory', env: { ZW_DOUBLE_SAFE_STORAGE: 'none' }, keyring: false, stored: 'memory', kept: false },
  ])('key storage: $backend', ({ env, keyring, stored, kept }) => {
    it(`stores the key in ${stored}, never in a file, and a restart ${kept ? 'keeps' : 'asks again for'} it`, async () => {
      const userData = tempDir('zw-smoke-key-');
      const common = { ...env, ...serviceEnv(), ZONEWATCH_USER_DATA: userData, ZW_DOUBLE_OS_SECRET: 'the same OS keyring across restarts' };
      const [first, second] = await runScenarios(['store-key', 'restart'], common, { keyring });
      expectCleanRun(first!);
      expect(first!.out).toMatchObject({ keyBackend: stored, keyInFiles: false });
      expectCleanRun(second!);
      expect(second!.out.hasKey).toBe(kept);
      if (kept) expect(second!.out).toMatchObject({ keyBackend: stored, windowOpenedByItself: false });
    });
  });
});
