import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../../../scripts/run-tests.mjs');

describe('npm test -- <step>', () => {
  it('refuses a misspelt step instead of running nothing and reporting success', () => {
    const run = spawnSync(process.execPath, [script, 'unti'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('unknown step(s) unti');
    expect(run.stdout).not.toContain('passed');
  });
});
