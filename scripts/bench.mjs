#!/usr/bin/env node
// `npm run bench [-- <group>...]`: runs tests/bench/<group>.bench.ts for each group (all by default).
// Each prints its figures as `bench: <what> = <value> <unit>`, one per line.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const GROUPS = ['service', 'core', 'renderer', 'hostile', 'spend-stop', 'accounts', 'history', 'caps', 'forecast', 'caps-window', 'palette', 'outbox', 'sim'];
const root = join(import.meta.dirname, '..');
const asked = process.argv.slice(2);
const unknown = asked.filter((g) => !GROUPS.includes(g));
if (unknown.length > 0) {
  console.error(`bench: unknown group(s) ${unknown.join(', ')}; groups are ${GROUPS.join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const group of asked.length > 0 ? asked : GROUPS) {
  const file = join(root, 'tests', 'bench', `${group}.bench.ts`);
  if (!existsSync(file)) {
    console.error(`bench: ${group}: ${file} is missing`);
    failed = true;
    continue;
  }
  const res = spawnSync('npx', ['tsx', file], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '--expose-gc' } });
  if (res.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
