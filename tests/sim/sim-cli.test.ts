import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// `npm run sim` with a replay line that names no run (docs/development.md › The simulator): a path
// past the shrinks there are, or a replay path fast-check cannot read, is said so in plain words,
// with a non-zero exit, and nothing is replayed.
const root = path.resolve(import.meta.dirname, '../..');

function sim(...args: string[]) {
  const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['tests/sim/sim-cli.ts', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run sim with a stale replay line', () => {
  it('says a path past the shrinks there are names no run, and exits 2', () => {
    const run = sim('--seed', '2026', '--path', '8:2:2:1:0:1:2:0:7:40:40', '--replay-path', 'AIA:F');
    expect(run.stderr).toMatch(/^sim: seed 2026, path 8:2:2:1:0:1:2:0:7:40:40, replay path AIA:F names no run of this simulator \(.+\); nothing was replayed\. A replay line names a run only for the simulator that printed it/m);
    expect(run.stdout).not.toMatch(/^command /m);
    expect(run.status).toBe(2);
  });

  it('says a replay path fast-check cannot read names no run, and exits 2', () => {
    const run = sim('--seed', '2026', '--path', '8:2:2', '--replay-path', 'zz!!');
    expect(run.stderr).toMatch(/names no run of this simulator/);
    expect(run.status).toBe(2);
  });
});
