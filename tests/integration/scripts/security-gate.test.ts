import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureScanner, gateVerdict, scanApp } from '../../../scripts/electronegativity-scan.mjs';

const electronVersion = (JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')) as { version: string }).version;
let app: string;

beforeAll(() => {
  ensureScanner();
  app = mkdtempSync(join(tmpdir(), 'zw-planted-'));
  mkdirSync(join(app, 'electron', 'main'), { recursive: true });
  // A window with Node in the page and no isolation: the scanner's HIGH findings.
  writeFileSync(
    join(app, 'electron', 'main', 'planted.ts'),
    "import { BrowserWindow } from 'electron';\nexport const w = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });\n",
  );
}, 180_000);
afterAll(() => rmSync(app, { recursive: true, force: true }));

describe('the security gate reads the scanner’s complete findings', () => {
  it('fails on a planted HIGH finding every time (the CSV report lost it in 3 of 7 runs)', () => {
    for (let run = 0; run < 5; run += 1) {
      const findings = scanApp(app, electronVersion);
      const planted = findings.filter((f) => f.file === 'electron/main/planted.ts' && f.severity === 'HIGH');
      expect(planted.map((f) => f.check)).toEqual(['CONTEXT_ISOLATION_JS_CHECK']);
      expect(gateVerdict(findings, []).serious.length).toBeGreaterThanOrEqual(planted.length);
    }
  }, 120_000);

  it('a reviewed entry that matches no finding fails the gate as stale', () => {
    const verdict = gateVerdict([{ check: 'PRELOAD_JS_CHECK', severity: 'MEDIUM', file: 'a.ts' }], [{ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'b.ts' }]);
    expect(verdict.serious.map((f) => f.check)).toEqual(['PRELOAD_JS_CHECK']);
    expect(verdict.stale).toEqual([{ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'b.ts' }]);
  });
});
