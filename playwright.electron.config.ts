import { defineConfig } from '@playwright/test';
import { electronBinary, SKIP_REASON } from './tests/e2e-electron/electron-binary';

const reportDir = process.env.ZW_REPORT_DIR;

// The `_electron` suite: launches the built app (out/main/index.js) with the Electron binary.
// Where no binary exists (machines that cannot download it) its tests report themselves skipped.
if (electronBinary() === null) console.log(`\ne2e-electron: the suite "Zonewatch in Electron" is SKIPPED: ${SKIP_REASON}.\n`);

export default defineConfig({
  testDir: 'tests/e2e-electron',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: reportDir ? [['list'], ['json', { outputFile: `${reportDir}/playwright-electron.json` }]] : [['list']],
});
