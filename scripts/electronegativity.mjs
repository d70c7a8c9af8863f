#!/usr/bin/env node
// Security gate: runs @doyensec/electronegativity (pinned, installed outside the project's
// dependencies so its old transitive tree never enters the app) over the Electron sources and the
// renderer's HTML, and fails on any HIGH or MEDIUM finding.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const VERSION = '1.10.3';
const root = join(import.meta.dirname, '..');
const toolDir = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), `zonewatch-electronegativity-${VERSION}`);
const bin = join(toolDir, 'node_modules', '.bin', 'electronegativity');

if (!existsSync(bin)) {
  mkdirSync(toolDir, { recursive: true });
  writeFileSync(join(toolDir, 'package.json'), JSON.stringify({ name: 'zw-eneg', private: true }));
  const install = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `@doyensec/electronegativity@${VERSION}`], { cwd: toolDir, stdio: 'inherit' });
  if (install.status !== 0) {
    console.error('electronegativity: could not install the scanner from the npm registry');
    process.exit(1);
  }
}

const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const report = join(root, 'reports', 'electronegativity.csv');
mkdirSync(join(root, 'reports'), { recursive: true });
let findings = [];
for (const input of ['electron', 'renderer']) {
  const res = spawnSync(bin, ['-i', join(root, input), '-o', report, '-r', '-v', 'false', '-e', electronVersion], { cwd: root, encoding: 'utf8' });
  if (res.status !== 0 || !existsSync(report)) {
    console.error(res.stdout, res.stderr);
    console.error(`electronegativity: scan of ${input}/ failed`);
    process.exit(1);
  }
  const rows = readFileSync(report, 'utf8').trim().split('\n').slice(1).filter(Boolean);
  findings = findings.concat(rows.map((row) => ({ input, row, severity: (row.split(',')[1] ?? '').replaceAll('"', '') })));
}

const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM');
for (const f of findings) console.log(`electronegativity [${f.input}] ${f.row}`);
if (serious.length > 0) {
  console.error(`electronegativity: ${serious.length} high or medium finding(s)`);
  process.exit(1);
}
console.log(`electronegativity ${VERSION}: no high or medium findings (${findings.length} low/informational)`);
