#!/usr/bin/env node
// `npm test`: typecheck, lint, then every suite in turn, stopping at the first failure.
// Each runner writes a JSON report to reports/; the last line sums them as "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sumReports } from './test-totals.mjs';

const root = join(import.meta.dirname, '..');
const reportDir = join(root, 'reports');
const env = { ...process.env, ZW_REPORT_DIR: reportDir, ELECTRON_SKIP_BINARY_DOWNLOAD: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const only = process.argv.slice(2);

const steps = [
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'unit', cmd: ['npm', 'run', '--silent', 'test:unit'], suite: 'unit' },
  { name: 'integration', cmd: ['npm', 'run', '--silent', 'test:integration'], suite: 'integration' },
  // Seeded simulated weeks of the real core against in-process services (docs/development.md › The simulator).
  { name: 'sim', cmd: ['npm', 'run', '--silent', 'test:sim'], suite: 'sim' },
  { name: 'keychain', cmd: ['npm', 'run', '--silent', 'test:keychain'], suite: 'keychain' },
  { name: 'security', cmd: ['node', 'scripts/electronegativity.mjs'] },
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  // The built main and preload in plain Node under the Electron double (tests/main-smoke).
  { name: 'main-smoke', cmd: ['npm', 'run', '--silent', 'test:main-smoke'], suite: 'main-smoke' },
  // What users install: the unpacked Linux app built with electron-builder and verified (npm run package:check),
  // then the check's own tests, which build packages wrong on purpose and expect it to fail.
  { name: 'package', cmd: ['npm', 'run', '--silent', 'package:check'] },
  { name: 'package-tests', cmd: ['npm', 'run', '--silent', 'test:package'], suite: 'package' },
  { name: 'e2e', cmd: ['npm', 'run', '--silent', 'test:e2e'] },
  // Launches the built app in Electron; reports itself skipped, by name, where no binary exists.
  { name: 'e2e-electron', cmd: ['npm', 'run', '--silent', 'test:e2e-electron'] },
];

// A misspelt step would otherwise run nothing and report "0 passed, 0 failed" as a success.
const unknown = only.filter((name) => !steps.some((step) => step.name === name));
if (unknown.length > 0) {
  console.error(`run-tests: unknown step(s) ${unknown.join(', ')}; steps are ${steps.map((step) => step.name).join(', ')}`);
  process.exit(2);
}

rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(step.cmd[0], step.cmd.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, ZW_SUITE: step.suite ?? step.name },
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`\n=== ${step.name} failed (exit ${res.status ?? res.signal}) after ${secs} s`);
    console.log(sumReports(reportDir).line);
    process.exit(1);
  }
  console.log(`=== ${step.name} passed in ${secs} s`);
}

const totals = sumReports(reportDir);
console.log(`\n${totals.line}`);
process.exit(totals.failed > 0 ? 1 : 0);
