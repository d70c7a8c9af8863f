import { describe, expect, it } from 'vitest';
import { runSeed } from './sim-run';

// docs/development.md › The simulator: one seed drives the clock, the services, the core's chance
// and its fresh ids, so a seed run twice is the same run, request for request and read for read.
describe('the simulator is deterministic', () => {
  it('gives the same trace for one seed run twice, and a different one for another seed', async () => {
    const first = await runSeed(17, { commands: 30 });
    const second = await runSeed(17, { commands: 30 });
    expect(second.trace.text()).toBe(first.trace.text());
    expect(second.trace.hash()).toBe(first.trace.hash());

    const other = await runSeed(18, { commands: 30 });
    expect(other.trace.hash()).not.toBe(first.trace.hash());
  });

  it('reaches every service and reads what it answered', async () => {
    const run = await runSeed(5, { commands: 30 });
    const lines = run.trace.lines();
    for (const service of ['svc0.sim', 'svc1.sim']) {
      expect(lines.some((line) => line.includes(`${service} GET /v1/account/info → 200`))).toBe(true);
    }
    expect(lines.some((line) => line.startsWith('read') && line.includes('snapshot:get') && !line.includes('error'))).toBe(true);
  });
});
