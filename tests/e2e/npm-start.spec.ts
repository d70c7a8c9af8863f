import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startService, type RunningService } from '../../electron/service/start-service';
import { go } from './preview';

// `npm start` where the Electron binary is absent (as on this project's CI): it must say why in
// plain words, serve the real app in the browser, and keep the account across a restart. The key
// survives only in a keychain, so `npm run test:e2e` runs inside a throw-away gnome-keyring
// (scripts/with-keyring.sh); without one this spec fails rather than pass on a memory-only key.

type Started = { child: ChildProcess; url: string; stderr: () => string };

let userData: string;
let service: RunningService;
test.beforeAll(async () => {
  userData = await mkdtemp(join(tmpdir(), 'zonewatch-npm-start-'));
  service = await startService({ host: '127.0.0.1', port: 0 });
});
test.afterAll(async () => {
  await service?.close();
  await rm(userData, { recursive: true, force: true });
});

function npmStart(): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', ZONEWATCH_USER_DATA: userData };
  delete env.ELECTRON_OVERRIDE_DIST_PATH;
  const child = spawn('npm', ['start', '--silent'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL within 90 s:\n${out}\n${err}`)), 90_000);
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}) before printing a URL:\n${out}\n${err}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /running in your browser at (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, stderr: () => err });
      }
    });
  });
}

/** Ctrl+C as a user would press it: the whole process group, then wait for a clean exit. */
async function quit(started: Started): Promise<string> {
  const exited = new Promise<string>((resolve) => started.child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)));
  process.kill(-started.child.pid!, 'SIGINT');
  return exited;
}

test('npm start without the Electron binary explains why, serves the app, and a restart keeps the demo or the account', async ({ page }) => {
  test.setTimeout(240_000);
  expect(process.env.ZW_KEYRING_AVAILABLE, 'run through `npm run test:e2e` (a keyring session)').toBe('1');
  const first = await npmStart();
  try {
    expect(first.stderr()).toContain('Zonewatch cannot open as a desktop app here');
    expect(first.stderr()).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD is set');
    // Its build step warns about nothing: Vite marks a warning "(!)", as for a chunk over 500 kB.
    expect(first.stderr()).not.toContain('(!)');
    await page.goto(first.url);
    await expect(page.getByRole('heading', { name: 'Welcome to Zonewatch' })).toBeVisible();
    await page.getByRole('button', { name: 'Try the demo account' }).click();
    await expect(page.getByText('DEMO', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  } finally {
    // npm re-raises the signal its script ended on; the app itself exits 0.
    expect(['exit 0', 'SIGINT']).toContain(await quit(first));
  }

  // The demo chosen on the first-run screen is what the next start opens (a fresh demo: its data
  // never outlives it); the user's own account, added in its place, is what the start after keeps.
  const withDemo = await npmStart();
  try {
    await page.goto(withDemo.url);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByText('DEMO', { exact: true })).toBeVisible();
    await go(page, 'Settings');
    await page.getByRole('button', { name: 'Remove this account…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove and erase' }).click();
    await page.getByLabel('API key', { exact: true }).fill(service.keys.admin);
    await page.getByLabel(/Service URL/).fill(service.url);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('heading', { name: 'Connected' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  } finally {
    expect(['exit 0', 'SIGINT']).toContain(await quit(withDemo));
  }

  const second = await npmStart();
  try {
    await page.goto(second.url);
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to Zonewatch' })).toHaveCount(0);
    await expect(page.getByText('DEMO', { exact: true })).toHaveCount(0);
    await go(page, 'Settings');
    await expect(page.getByText('kept in memory only')).toHaveCount(0);
  } finally {
    expect(['exit 0', 'SIGINT']).toContain(await quit(second));
  }
});
