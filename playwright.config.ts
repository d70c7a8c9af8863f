import { defineConfig } from '@playwright/test';

const reportDir = process.env.ZW_REPORT_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  // Every spec file starts its own local service, core and bridge (tests/e2e/preview.ts).
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: reportDir
    ? [['list'], ['json', { outputFile: `${reportDir}/playwright.json` }]]
    : [['list']],
  use: {
    trace: 'off',
    launchOptions: {
      executablePath: process.env.ZW_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  // The window opens at 420×640 (electron/main/window-size.ts): the suite runs there, and once more
  // in a large window. layout.spec.ts sets every size it checks itself, and npm-start.spec.ts is
  // about the shell, not the window's size, and history-dates.spec.ts walks History on fixed dates,
  // not sizes, and palette-scale.spec.ts counts keys over 5,000 zones and sets the sizes its
  // axe run checks itself: each runs once.
  projects: [
    { name: 'window', use: { browserName: 'chromium', viewport: { width: 420, height: 640 } } },
    { name: 'large-window', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } }, testIgnore: ['layout.spec.ts', 'npm-start.spec.ts', 'history-dates.spec.ts', 'palette-scale.spec.ts'] },
  ],
});
