// The built main process (out/main/index.js) and sandboxed preload (out/preload/index.cjs) in
// plain Node under a recording double of Electron 45's API (./electron-double). Each scenario is
// its own process, as each launch of the app is; needs `npm run build` first.
import { cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTrayIconFiles } from '../../electron/core/tray/tray-icon-state';
import { startService, type RunningService } from '../../electron/service/start-service';
import { expectCleanRun, expectQuitOrder, removeTempDirs, runScenario, runScenarios, tempDir } from './scenario-process';

let service: RunningService;
beforeAll(async () => {
  if (!existsSync('out/main/index.js') || !existsSync('out/preload/index.cjs')) throw new Error('out/ is missing: run `npm run build` first');
  // 20 years of billing history: 8 pages, so a full sync is still running when the app quits.
  service = await startService({ host: '127.0.0.1', port: 0, history: 240 });
});
afterAll(async () => {
  await service?.close();
  removeTempDirs();
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
    // Run from its sources: it never looks for updates (docs/desktop.md › Updates).
    expect(result.out.update).toMatchObject({ phase: 'unsupported', canCheck: false, message: expect.stringMatching(/^This copy runs from its sources \(a development build\): it does not update itself\./) });
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
    // Packaged, but neither an AppImage ($APPIMAGE) nor a .deb (resources/package-type): nothing it could update.
    expect(result.out.update).toMatchObject({ phase: 'unsupported', message: expect.stringMatching(/^This copy is neither the AppImage nor the \.deb of a release/) });
    expect(result.fetchTimeline.filter((t) => t.startsWith('request '))).toEqual([]);
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

  it('the palette: the tray’s "Find a zone…" opens the window on it, and the global shortcut focuses it while the window shows', async () => {
    const result = await runScenario('palette');
    expectCleanRun(result);
    expect(result.out.askedByTray).toBe(1);
    // Pressed while the window shows: the palette, not a hidden window.
    expect(result.out.shownAfterShortcut).toBe(true);
    expect(result.out.askedByShortcut).toBe(1);
    // Pressed while it is hidden: the window opens as it always did, as the user left it.
    expect(result.out.askedWhenHidden).toBe(0);
    expectQuitOrder(result.timeline);
  }, 60_000);

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
      // The worker thread started from the built main, took the first cycle and answered History; no JSON ledger was written.
      expect(first!.out).toMatchObject({ historyDays: 1, historyDatabase: true, historyFiles: [] });
      expectCleanRun(second!);
      expect(second!.out.hasKey).toBe(kept);
      if (kept) expect(second!.out).toMatchObject({ keyBackend: stored, windowOpenedByItself: false });
    });
  });
});
