import { describe, expect, it } from 'vitest';
import { isUnusual } from '../../../shared/anomalies';
import { dailyAnomalies } from '../../../electron/core/anomalies/daily-anomalies';
import { offFacts } from '../../../electron/core/anomalies/off-days';
import { snapshot, zone } from './alerts/alert-scenario';
import { createLedger } from '../../../electron/core/ledger/ledger-store';
import { createMemoryStore } from '../../../electron/core/storage/persistence';
import type { DemoZoneDay } from '../../../electron/core/ports';

// A zone's days built by the ledger's own backfill (as the demo's are) from per-day records, October
// 1st to the day before "now"; the ledger then judges them.
const DAY = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const key = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Figures = { spend: number; usage?: number; connections?: number };

function ledgerOf(figures: (day: string) => Figures, options: { from?: string; now?: number } = {}) {
  const now = options.now ?? Date.parse('2026-11-29T06:00:00Z');
  const days: DemoZoneDay[] = [];
  for (let t = Date.parse(`${options.from ?? '2026-10-01'}T00:00:00Z`); t < Date.parse(`${key(now)}T00:00:00Z`); t += DAY) {
    const { spend, usage, connections } = figures(key(t));
    days.push({
      zoneId: 'ZONE1',
      name: 'Catalog crawler',
      day: key(t),
      spendCents: spend,
      usageBytes: usage ?? spend * 1e7,
      ...(connections === undefined ? {} : { cost: { per_gigabyte_cents: 0, per_connection_count: connections, per_connection_cents_monthly_total: connections * 300, ip_pool_count: 0, ip_pool_cents_monthly_total: 0 } }),
    });
  }
  const ledger = createLedger({ profileId: 'p', memory: true, factory: createMemoryStore, now: () => now, logger: silent, tell: () => () => undefined });
  ledger.backfill(days);
  return ledger;
}

describe('daily anomalies', () => {
  it('finds a day above its weekday band, with its impact in dollars and percent and its cause in words', () => {
    const found = dailyAnomalies(ledgerOf((day) => ({ spend: day === '2026-11-25' ? 4000 : 1000 })).months());
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ zoneId: 'ZONE1', day: '2026-11-25', direction: 'above', spendCents: 4000, usualCents: expect.closeTo(1000, 6), impactCents: expect.closeTo(3000, 6), impactPercent: expect.closeTo(300, 6), cause: 'gigabytes', early: false });
    expect(found[0]!.words).toBe('Catalog crawler: 40 GB of traffic against a usual 10 GB');
  });

  it('judges no day before its weekday has four usual days', () => {
    // From November 1st, Wednesday the 25th has only three Wednesdays before it.
    expect(dailyAnomalies(ledgerOf((day) => ({ spend: day === '2026-11-25' ? 4000 : 1000 }), { from: '2026-11-01' }).months())).toEqual([]);
  });

  it('names billed connections when they moved the day, from the ledger’s breakdown', () => {
    const connections = (day: string) => (day === '2026-11-25' ? 40 : 10);
    const found = dailyAnomalies(ledgerOf((day) => ({ spend: connections(day) * 10, usage: 5e9, connections: connections(day) })).months());
    expect(found.map((a) => [a.day, a.cause, a.words])).toEqual([['2026-11-25', 'connections', 'Catalog crawler: 40 billed connections against a usual 10']]);
  });

  it('flags a low day nothing explains, and lists the days a stop explains with that cause, not as unusual', () => {
    const figures = (day: string): Figures => {
      if (day >= '2026-11-16' && day <= '2026-11-19') return { spend: 0, usage: 0 };
      if (day === '2026-11-25') return { spend: 300 };
      return { spend: 1000 };
    };
    const found = dailyAnomalies(ledgerOf(figures).months());
    expect(found.filter(isUnusual).map((a) => [a.day, a.direction, a.cause])).toEqual([['2026-11-25', 'below', 'gigabytes']]);
    expect(found.filter((a) => !isUnusual(a)).map((a) => [a.day, a.cause, a.words])).toEqual(
      ['2026-11-19', '2026-11-18', '2026-11-17', '2026-11-16'].map((day) => [day, 'turned_off', 'Catalog crawler: Turned off (by you or elsewhere)']),
    );
  });

  it('names what turned a zone off on a low day: Stop all spend, its cap, or a switch seen off', () => {
    // The 25th spends 40 % of its usual: low, though not low enough to look stopped by itself.
    const months = ledgerOf((day) => ({ spend: day === '2026-11-25' ? 400 : 1000 })).months();
    expect(dailyAnomalies(months).map((a) => [a.day, a.cause])).toEqual([['2026-11-25', 'gigabytes']]);
    const stopRecord = { stoppedAt: '2026-11-25T14:02:11.000Z', updatedAt: '2026-11-25T14:02:11.000Z', disabled: [{ zoneId: 'ZONE1', name: 'Catalog crawler', spendTodayCents: 400 }], remaining: [] };
    const byStop = dailyAnomalies(months, '', offFacts({ snapshot: null, stopRecord, now: Date.parse(stopRecord.stoppedAt) }));
    expect(byStop.map((a) => [a.day, a.direction, a.cause, a.words])).toEqual([['2026-11-25', 'below', 'turned_off', 'Catalog crawler: Turned off by Stop all spend at 14:02 UTC']]);
    const capped = zone('ZONE1', { enabled: false, alert: { type: 'dollars_per_day', threshold: 4, action: 'disable_zone', last_triggered: '2026-11-25T09:40:00.000Z' } });
    const byCap = dailyAnomalies(months, '', offFacts({ snapshot: snapshot(Date.parse('2026-11-28T10:00:00Z'), { zones: [capped] }), stopRecord: null, now: Date.parse('2026-11-28T10:00:00Z') }));
    expect(byCap.map((a) => a.words)).toEqual(['Catalog crawler: Turned off by its $4/day cap at 09:40 UTC']);
    const switched = snapshot(Date.parse('2026-11-25T18:00:00Z'), { zones: [zone('ZONE1', { enabled: false })] });
    expect(dailyAnomalies(months, '', offFacts({ snapshot: switched, stopRecord: null, now: Date.parse('2026-11-25T18:00:00Z') })).map((a) => a.words)).toEqual(['Catalog crawler: Turned off (by you or elsewhere)']);
    // A stop another day explains nothing about the 25th, unless its zones were still off that day (no Restore yet).
    const earlier = { ...stopRecord, stoppedAt: '2026-11-20T14:02:11.000Z' };
    expect(dailyAnomalies(months, '', offFacts({ snapshot: null, stopRecord: earlier, now: Date.parse('2026-11-21T08:00:00Z') }))[0]?.cause).toBe('gigabytes');
    const stillOff = (at: string) => snapshot(Date.parse(at), { zones: [zone('ZONE1', { enabled: false })] });
    expect(dailyAnomalies(months, '', offFacts({ snapshot: stillOff('2026-11-24T08:00:00Z'), stopRecord: earlier, now: Date.parse('2026-11-24T08:00:00Z') }))[0]?.words).toBe('Catalog crawler: Turned off by Stop all spend at 14:02 UTC');
    // Turned back on by hand since the stop: the record no longer speaks for its days.
    expect(dailyAnomalies(months, '', offFacts({ snapshot: snapshot(Date.parse('2026-11-24T08:00:00Z'), { zones: [zone('ZONE1')] }), stopRecord: earlier, now: Date.parse('2026-11-24T08:00:00Z') }))[0]?.cause).toBe('gigabytes');
  });

  it("flags today before it closes once its spend so far is above the band's top", () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    const ledger = ledgerOf(() => ({ spend: 1000 }), { now });
    const reading = (spendToday: number) => ({ zoneId: 'ZONE1', name: 'Catalog crawler', at: now, spendToday, spendMonth: 24_000 + spendToday, usageToday: spendToday * 1e7, usageMonth: (24_000 + spendToday) * 1e7 });
    ledger.recordReadings([reading(900)]);
    expect(dailyAnomalies(ledger.months())).toEqual([]);
    ledger.recordReadings([{ ...reading(2000), at: now + 60_000 }]);
    expect(dailyAnomalies(ledger.months())).toMatchObject([{ day: '2026-11-25', direction: 'above', early: true, spendCents: 2000 }]);
  });
});

// Month and year edges: a day is judged against its weekday band across a month's or a year's end,
// on a 1st, a 31st and February 29th alike.
describe.each(['2027-01-01', '2026-12-31', '2028-02-29', '2028-03-01', '2027-03-01', '2026-11-02', '2026-11-03'])('a runaway day on %s', (runaway) => {
  it('is the one unusual day, above its usual', () => {
    const now = Date.parse(runaway) + 2 * DAY + 6 * 3_600_000;
    const from = key(Date.parse(runaway) - 60 * DAY);
    const found = dailyAnomalies(ledgerOf((day) => ({ spend: day === runaway ? 4000 : 1000 }), { from, now }).months());
    expect(found.filter(isUnusual).map((a) => [a.day, a.direction])).toEqual([[runaway, 'above']]);
    expect(found[0]).toMatchObject({ usualCents: expect.closeTo(1000, 6), impactCents: expect.closeTo(3000, 6) });
  });
});
