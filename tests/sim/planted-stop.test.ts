import { describe, expect, it, vi } from 'vitest';
import type * as StopPlan from '../../electron/core/spend-stop/stop-plan';
import type * as StopRecord from '../../electron/core/spend-stop/stop-record';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): Stop all spend plans every zone the app knows,
// the ones already off included, and its fresh read no longer leaves a zone that is off alone — a
// stop writing beyond what it showed, as the caps Apply of the last waves wrote a zone its preview
// said it could not change. The stop's invariant (it writes only to that account's enabled zones)
// must catch it. The plan's half alone writes nothing more: the stop reads each zone again before
// it sends, and leaves one that is off alone (docs/architecture.md › Stop all spend).
vi.mock('../../electron/core/spend-stop/stop-plan', async (importOriginal) => {
  const real = await importOriginal<typeof StopPlan>();
  return {
    ...real,
    stopPlan: (...args: Parameters<typeof StopPlan.stopPlan>) => {
      const [snapshot] = args;
      const plan = real.stopPlan(...args);
      const planned = new Set(plan.zones.map((zone) => zone.zoneId));
      const off = Object.values(snapshot.zones).filter((entry) => !planned.has(entry.zone.zone_id) && plan.notAllowed.length === 0);
      return { ...plan, zones: [...plan.zones, ...off.map((entry) => real.stopZone(entry.zone))] };
    },
  };
});
vi.mock('../../electron/core/spend-stop/stop-record', async (importOriginal) => {
  const real = await importOriginal<typeof StopRecord>();
  return { ...real, stopDecision: (now: StopRecord.ZoneStateNow) => (now === 'gone' ? 'gone' : 'change') };
});

describe('a stop that also turns off zones already off (planted)', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toContain('a stop writes to enabled zones only');
  });
});
