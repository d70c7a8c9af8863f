import { describe, expect, it } from 'vitest';
import type { DerivedZoneMonth, ZoneReading } from '../../../../electron/core/ledger/ledger-model';
import { createLedger } from '../../../../electron/core/ledger/ledger-store';
import { createMemoryStore } from '../../../../electron/core/storage/persistence';
import { syntheticZone } from './synthetic-zone';

// Days nobody read are weighed by the zone's usual days (docs/architecture.md › A zone's usual
// day), on a ledger recorded by its own code from hourly readings since June 2027. July 29th 2027
// is a Thursday.

const HOUR = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const JUNE = Date.parse('2027-06-01T00:00:00Z');

/** ¢ an hour by UTC weekday, Sunday first: a zone busy Monday to Thursday, quieter on Friday, quiet at the weekend. */
const WEEK = [15, 40, 40, 40, 40, 30, 15];
const weekly = syntheticZone('WEEK1', (hour) => WEEK[new Date(hour).getUTCDay()]!);

/** July's days after hourly readings from June 1st, none in `[offFrom, offTo)`, and one at 09:00 on August 1st that closes July. */
function july(zone: ReturnType<typeof syntheticZone>, offFrom: number, offTo: number): DerivedZoneMonth {
  let now = JUNE;
  const ledger = createLedger({ profileId: 'p', memory: true, factory: createMemoryStore, now: () => now, logger: silent, tell: () => () => undefined });
  const record = (at: number) => {
    now = at;
    ledger.recordReadings([zone.readingAt(at)] as ZoneReading[]);
  };
  for (let t = JUNE + 17 * 60_000; t < Date.parse('2027-08-01T00:00:00Z'); t += HOUR) if (t < offFrom || t >= offTo) record(t);
  record(Date.parse('2027-08-01T09:00:00Z'));
  return ledger.months().find((m) => m.month === '2027-07')!.zones[0]!;
}

const day = (month: DerivedZoneMonth, dom: number) => month.days.find((d) => d.dom === dom)!;

describe('days nobody read', () => {
  it('estimates the end of a month the app missed by its weekdays, not at the pace of the last day read', () => {
    // Off from 23:17 on Thursday the 29th: Friday the 30th and Saturday the 31st are never read.
    const month = july(weekly, Date.parse('2027-07-29T23:30:00Z'), Date.parse('2027-08-01T00:00:00Z'));
    expect(day(month, 30).spend).toBeCloseTo(30 * 24, 6);
    expect(day(month, 31).spend).toBeCloseTo(15 * 24, 6);
    // Usage follows the same days: a thousand bytes a cent here.
    expect(day(month, 31).usage).toBeCloseTo(15 * 24 * 1000, -1);
    for (const dom of [29, 30, 31]) expect(day(month, dom)).toMatchObject({ coverage: 'estimated', estimate: { after: Date.parse('2027-07-29T23:17:00Z'), before: null } });
  });

  it('spreads a stretch between two readings by the weekdays it spans, keeping its total', () => {
    // Off from Thursday the 22nd at 14:17 to Tuesday the 27th at 10:17.
    const month = july(weekly, Date.parse('2027-07-22T14:30:00Z'), Date.parse('2027-07-27T10:00:00Z'));
    const expected = { 23: 30 * 24, 24: 15 * 24, 25: 15 * 24, 26: 40 * 24 };
    for (const [dom, spend] of Object.entries(expected)) expect(day(month, Number(dom))).toMatchObject({ coverage: 'estimated', spend: expect.closeTo(spend, 6) });
    expect(day(month, 22).spend).toBeCloseTo(40 * 24, 6);
  });

  it('does not run a zone on past its last reading that had stopped before it', () => {
    const stopped = syntheticZone('STOP1', (hour) => (hour >= Date.parse('2027-07-27T00:00:00Z') ? 0 : WEEK[new Date(hour).getUTCDay()]!));
    const month = july(stopped, Date.parse('2027-07-29T23:30:00Z'), Date.parse('2027-08-01T00:00:00Z'));
    expect(day(month, 30).spend).toBe(0);
    expect(day(month, 31).spend).toBe(0);
  });

  it('carries a zone growing faster than its weeks of usual at the level it ran at over its last week', () => {
    // 2 % more each day: the same weekday four weeks back ran at 0.98^28 ≈ 57 % of today's.
    const growing = syntheticZone('GROW1', (hour) => WEEK[new Date(hour).getUTCDay()]! * 1.02 ** ((hour - JUNE) / (24 * HOUR)));
    const month = july(growing, Date.parse('2027-07-29T23:30:00Z'), Date.parse('2027-08-01T00:00:00Z'));
    for (const dom of [30, 31]) {
      const truth = growing.daySpend(`2027-07-${dom}`);
      expect(Math.abs(day(month, dom).spend - truth) / truth).toBeLessThan(0.1);
    }
  });
});
