import { describe, expect, it } from 'vitest';
import { seedState } from '../../../electron/service/seed-data';
import { zoneDayRecords } from '../../../electron/service/zone-days';

// docs/service.md › Traffic over weeks: the seeded per-day record (the truth the tests and the
// forecast's backtest read) has a weekly rhythm, trends, runaway days and stopped stretches.

const NOW = Date.parse('2026-11-18T10:00:00Z');
const seeded = (seed: number) => seedState({ seed, now: NOW, zones: 25, users: 12, history: 0, pastDays: 180, keyFor: (i) => `k${i}` });

/** Each zone's days before today that carried traffic, by zone. */
function usageDays(seed: number) {
  const { state, facts } = seeded(seed);
  const byZone = new Map<string, { day: string; bytes: number }[]>();
  for (const d of zoneDayRecords(state.zones.values())) {
    if (d.day >= '2026-11-18') continue;
    byZone.set(d.zoneId, [...(byZone.get(d.zoneId) ?? []), { day: d.day, bytes: d.usageBytes }]);
  }
  return { byZone, facts, state };
}

const weekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe('traffic over weeks in the seeded record', () => {
  const { byZone, facts, state } = usageDays(1);
  const moving = [...byZone].filter(([id]) => state.zones.get(id)!.enabled && state.zones.get(id)!.provisioning_status === 'provisioned');

  it('is quieter at the weekend for most zones and busier for some', () => {
    const ratios = moving.map(([, days]) => {
      const running = days.filter((d) => d.bytes > 0);
      return mean(running.filter((d) => weekend(d.day)).map((d) => d.bytes)) / mean(running.filter((d) => !weekend(d.day)).map((d) => d.bytes));
    });
    expect(ratios.filter((r) => r < 0.85).length).toBeGreaterThan(ratios.length / 2);
    expect(ratios.some((r) => r > 1.15)).toBe(true);
  });

  it('grows for some zones and declines for others over the months', () => {
    const change = moving.map(([, days]) => median(days.slice(-28).map((d) => d.bytes)) / median(days.slice(0, 28).map((d) => d.bytes)));
    expect(change.some((c) => c > 1.2)).toBe(true);
    expect(change.some((c) => c < 0.85)).toBe(true);
  });

  it('has runaway days several times a zone’s usual day', () => {
    const runaways = moving.flatMap(([, days]) => {
      const usual = median(days.map((d) => d.bytes));
      return days.filter((d) => d.bytes > 2.8 * usual);
    });
    // One zone-day in 45 over some 15 zones and 180 days: about 60.
    expect(runaways.length).toBeGreaterThan(20);
    expect(runaways.length).toBeLessThan(150);
  });

  it('has zones stopped for stretches of days, but never the zones the seeded facts name', () => {
    const stopped = moving.filter(([, days]) => days.some((d) => d.bytes === 0));
    expect(stopped.length).toBeGreaterThan(0);
    for (const id of facts.collaboratorZoneIds) expect(byZone.get(id)!.every((d) => d.bytes > 0)).toBe(true);
  });

  it('is the same for the same seed and differs for another', () => {
    const again = usageDays(1).byZone;
    expect([...again].map(([id, days]) => [id, days.map((d) => d.bytes)])).toEqual([...byZone].map(([id, days]) => [id, days.map((d) => d.bytes)]));
    const other = usageDays(2).byZone;
    expect([...other.values()].flat().map((d) => d.bytes)).not.toEqual([...byZone.values()].flat().map((d) => d.bytes));
  });
});
