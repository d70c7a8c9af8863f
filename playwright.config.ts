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
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
