import { test, expect, _electron as electron, type ElectronApplication, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startService, type RunningService } from '../../electron/service/start-service';
import type { ZonewatchApi } from '../../shared/ipc';
import { electronBinary, SKIP_REASON } from './electron-binary';

/** The page's global object as the preload leaves it (this project's node tsconfig has no DOM types). */
type Page$ = { zonewatch: ZonewatchApi } & Record<string, unknown>;

const binary = electronBinary();
const mainEntry = resolve('out/main/index.js');
/** Launched the way users (and `npm start`) launch it, `electron .`: the app path is then the
 * project, so package.json names the app and `resources/` resolves as in development. */
const appDir = resolve('.');

test.describe('Zonewatch in Electron', () => {
  test.skip(binary === null, SKIP_REASON);

  let service: RunningService;
  let app: ElectronApplication;
  let page: Page;
  let userData: string;

  test.beforeAll(async () => {
    if (!existsSync(mainEntry)) throw new Error('out/main/index.js is missing: run `npm run build` first');
    service = await startService({ host: '127.0.0.1', port: 0 });
    userData = mkdtempSync(join(tmpdir(), 'zw-electron-e2e-'));
    app = await electron.launch({
      executablePath: binary!,
      args: [appDir, '--no-sandbox'],
      env: { ...process.env, ZONEWATCH_USER_DATA: userData, NODE_ENV: 'test' },
    });
    // First run with no key: the app opens its window by itself.
    page = await app.firstWindow();
    await page.waitForFunction(() => typeof (globalThis as unknown as Page$).zonewatch?.zones?.setEnabled === 'function');
  });

  test('runs as Zonewatch from the project folder, so its icons are found', async () => {
    const info = await app.evaluate(({ app: a }) => ({ name: a.getName(), appPath: a.getAppPath() }));
    expect(info).toEqual({ name: 'Zonewatch', appPath: appDir });
    expect(existsSync(join(info.appPath, 'resources', 'icons', '256x256.png'))).toBe(true);
  });

  test.afterAll(async () => {
    // Each account's key lives in the OS keychain, outside the throw-away folder: remove every one.
    await page
      ?.evaluate(async () => {
        const api = (globalThis as unknown as Page$).zonewatch;
        const list = await api.accounts.list();
        if (list.ok) for (const account of list.value.accounts) await api.accounts.remove({ profileId: account.profileId });
      })
      .catch(() => undefined);
    await app?.close();
    await service?.close();
    if (userData) rmSync(userData, { recursive: true, force: true });
  });

  test('exposes only the typed window.zonewatch bridge to the page', async () => {
    const leaks = await page.evaluate(() => ({
      require: typeof (globalThis as unknown as Page$).require,
      process: typeof (globalThis as unknown as Page$).process,
      ipcRenderer: typeof (globalThis as unknown as Page$).ipcRenderer,
      domains: Object.keys((globalThis as unknown as Page$).zonewatch).sort(),
    }));
    expect(leaks).toMatchObject({ require: 'undefined', process: 'undefined', ipcRenderer: 'undefined' });
    expect(leaks.domains).toContain('zones');
  });

  test('toggles a zone from the window and the service sees it', async () => {
    // The same first-run and zone-list controls the browser e2e suite drives (tests/e2e).
    await expect(page.getByRole('heading', { name: 'Enter your API key' })).toBeVisible();
    await page.getByLabel('API key', { exact: true }).fill(service.keys.admin);
    await page.getByLabel(/Service URL/).fill(service.url);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('heading', { name: 'Connected' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Zones', exact: true }).click();

    const zoneId = service.seeded.perGigabyteDatacenterZoneId;
    await page.getByRole('searchbox', { name: 'Search' }).fill(zoneId);
    const toggle = page.getByRole('listitem').filter({ hasText: zoneId }).getByRole('switch');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');

    await expect
      .poll(async () => {
        const response = await fetch(`${service.url}/v1/zones/${zoneId}`, { headers: { 'X-API-KEY': service.keys.admin } });
        const body = (await response.json()) as { zones: { zone_id: string; enabled: boolean }[] };
        return body.zones.find((z) => z.zone_id === zoneId)?.enabled;
      })
      .toBe(false);
  });

  test('refuses a bad argument with a clear error instead of throwing', async () => {
    const result = await page.evaluate(async () => {
      const api = (globalThis as unknown as Page$).zonewatch;
      const list = await api.accounts.list();
      const profileId = list.ok ? (list.value.accounts[0]?.profileId ?? 'none') : 'none';
      return api.zones.setEnabled({ profileId, zoneId: 'far-too-long-id', enabled: true });
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_argument', message: expect.stringContaining('zoneId') } });
  });

  test('refuses an account call that does not name its account: main keeps no selected account', async () => {
    const result = await page.evaluate(() => (globalThis as unknown as Page$).zonewatch.snapshot.get({} as never));
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_argument', message: expect.stringContaining('profileId') } });
  });
});
