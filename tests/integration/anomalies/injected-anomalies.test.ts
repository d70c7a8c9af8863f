import { describe, expect, it } from 'vitest';
import { replayAnomalies, score } from './anomaly-replay';

describe('daily anomalies over 90 days of the local service', () => {
  it('finds each injected anomaly on its day, on its zone, with its cause; precision ≥ 0.8 and recall ≥ 0.9', () => {
    const replays = [1, 2, 3].map(replayAnomalies);
    const result = score(replays);
    expect(result.injectedCount).toBe(72);
    expect(result.wrongCause).toEqual([]);
    expect(result.precision).toBeGreaterThanOrEqual(0.8);
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
    // The traffic model's runaway days that moved spend enough to be found (a zone billed per connection pays nothing for traffic) are named for their gigabytes.
    const runaway = replays.flatMap((r) => r.runaway.flatMap((d) => r.found.filter((a) => a.zoneId === d.zoneId && a.day === d.day)));
    expect(runaway.length).toBeGreaterThan(50);
    expect(runaway.every((a) => a.cause === 'gigabytes' && a.direction === 'above')).toBe(true);
  }, 120_000);
});
