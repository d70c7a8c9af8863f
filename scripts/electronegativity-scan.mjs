// The scanner behind the security gate (scripts/electronegativity.mjs). Findings are taken from
// the scanner's own return value (`run(options)` in its dist/runner.js resolves with `issues`),
// not from its CSV file: 1.10.3 writes that file's header with an async write that races the rows,
// and in 3 of 7 runs the header overwrote the first finding, losing its severity.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const SCANNER_VERSION = '1.10.3';
const toolDir = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), `zonewatch-electronegativity-${SCANNER_VERSION}`);
const runnerPath = join(toolDir, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'runner.js');

/** Installs the pinned scanner outside the project (its old dependency tree never enters the app). */
export function ensureScanner() {
  if (existsSync(runnerPath)) return;
  mkdirSync(toolDir, { recursive: true });
  writeFileSync(join(toolDir, 'package.json'), JSON.stringify({ name: 'zw-eneg', private: true }));
  const install = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `@doyensec/electronegativity@${SCANNER_VERSION}`], { cwd: toolDir, stdio: 'inherit' });
  if (install.status !== 0 || !existsSync(runnerPath)) throw new Error('electronegativity: could not install the scanner from the npm registry');
}

// Runs in a child (the scanner is CommonJS and prints its banner): one JSON line with every finding.
const CHILD = `
const scanner = require(process.argv[1]);
const run = typeof scanner === 'function' ? scanner : scanner.default;
const [input, electronVersion] = process.argv.slice(2);
run({ input, isRelative: true, customScan: [], excludeFromScan: [], electronUpgrade: undefined, electronVersionOverride: electronVersion, parserPlugins: [] }, false)
  .then((result) => {
    if (result.errors.length > 0) throw new Error('files the scanner could not parse: ' + result.errors.map((e) => e.file).join(', '));
    const findings = result.issues.map((i) => ({ check: i.id, severity: i.severity.name, confidence: i.confidence.name, file: i.file, location: i.location.line + ':' + i.location.column, sample: i.sample ?? '', manualReview: Boolean(i.manualReview) }));
    process.stdout.write('\\n' + JSON.stringify(findings) + '\\n');
  })
  .catch((error) => { console.error(error && error.stack || String(error)); process.exit(1); });
`;

/** Scans an app folder; every finding with its severity, or a thrown error (never a partial list). */
export function scanApp(appDir, electronVersion) {
  const res = spawnSync(process.execPath, ['-e', CHILD, runnerPath, appDir, electronVersion], { cwd: toolDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`electronegativity: the scan failed\n${res.stderr}`);
  const last = res.stdout.trim().split('\n').pop() ?? '';
  const findings = JSON.parse(last);
  if (!Array.isArray(findings) || findings.some((f) => typeof f.check !== 'string' || typeof f.severity !== 'string')) {
    throw new Error('electronegativity: the scanner returned findings in an unexpected shape');
  }
  return findings;
}

/**
 * The gate's decision: HIGH and MEDIUM findings not reviewed by hand fail it, and so does a
 * reviewed entry that no longer matches any finding (the list cannot silently outgrow the code).
 */
export function gateVerdict(findings, reviewed) {
  const reviewedFor = (f) => reviewed.find((r) => r.check === f.check && r.file === f.file);
  return {
    serious: findings.filter((f) => (f.severity === 'HIGH' || f.severity === 'MEDIUM') && !reviewedFor(f)),
    stale: reviewed.filter((r) => !findings.some((f) => f.check === r.check && f.file === r.file)),
    reviewedFor,
  };
}
