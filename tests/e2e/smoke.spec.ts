import { test, expect } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';
import { resolve } from 'node:path';

let server: PreviewServer;

test.beforeAll(async () => {
  server = await preview({
    configFile: false,
    root: resolve('renderer'),
    build: { outDir: resolve('out/renderer') },
    preview: { port: 0, host: '127.0.0.1' },
    logLevel: 'silent',
  });
});

test.afterAll(async () => {
  await server?.close();
});

test('the built renderer opens in Chromium', async ({ page }) => {
  await page.goto(server.resolvedUrls!.local[0]!);
  await expect(page.getByRole('heading', { name: 'Zonewatch' })).toBeVisible();
});
