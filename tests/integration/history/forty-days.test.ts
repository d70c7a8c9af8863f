import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZoneDay } from '../../../shared/ledger';
import type { ZoneDayRecord } from '../../../electron/service/zone-days';
import { mulberry32 } from '../../../electron/service/prng';
import { value } from '../core/core-host';
import { type HistoryApp, startHistoryApp } from './history-app';
import { accountRows } from './history-rows';

// 40 simulated days on the real core and the local service, Zonewatch stopped for
// two of them, across a month's end. Every day of every zone must equal the service's own per-day
// record within 0.01 ¢ where the ledger calls it exact, and be marked estimated where it cannot be
// (docs/architecture.md › The daily ledger).

const HOUR = 3600;
const START = '2026-11-12T09:00:00.000Z';
/** Zonewatch quits here, and starts again two days later. */
const STOP = Date.parse('2026-12-03T13:05:00Z');
const RESTART = Date.parse('2026-12-05T13:05:00Z');
const END = Date.parse('2026-12-22T15:00:00Z');

let app: HistoryApp;
const now = () => Date.parse(app.service.control.now());

beforeAll(async () => {
  app = await startHistoryApp({ now: START });
  await app.start();
  // A reading every two to four hours at uneven minutes: a person's laptop, not a metronome.
  const random = mulberry32(24);
  let running = true;
  while (now() < END) {
    app.advance(2 * HOUR + Math.floor(random() * 2 * HOUR));
    if (running && now() >= STOP) {
      await app.stop();
      running = false;
    }
    if (!running && now() >= RESTART) {
      await app.start();
      running = true;
    }
    if (running) await app.read();
  }
}, 600_000);
afterAll(() => app.close());

const truthOf = (record: readonly ZoneDayRecord[], zoneId: string, day: string) => record.find((d) => d.zoneId === zoneId && d.day === day);

describe('40 days, two of them with Zonewatch stopped, across a month’s end', () => {
  let record: ZoneDayRecord[];
  let zones: { zoneId: string; days: ZoneDay[] }[];
  beforeAll(async () => {
    record = app.service.control.days();
    const known = Object.keys(app.core().snapshot(app.profileId())!.zones);
    zones = await Promise.all(known.map(async (zoneId) => ({ zoneId, days: value(await app.call('history:zone', { zoneId, days: 400 })).days })));
  });

  it('holds every known zone from the first reading to today', () => {
    expect(zones.length).toBeGreaterThanOrEqual(20);
    for (const zone of zones.filter((z) => truthOf(record, z.zoneId, '2026-11-12'))) {
      expect(zone.days[0]!.day).toBe('2026-11-12');
      expect(zone.days.at(-1)).toMatchObject({ day: '2026-12-22', coverage: 'partial' });
      expect(zone.days).toHaveLength(41);
    }
  });

  it('matches the service’s per-day record within 0.01 ¢ on every exact day, usage to the byte', () => {
    let exact = 0;
    for (const zone of zones) {
      for (const day of zone.days.filter((d) => d.coverage === 'exact')) {
        const truth = truthOf(record, zone.zoneId, day.day);
        expect(Math.abs(day.spendCents - (truth?.spendCents ?? 0)), `${zone.zoneId} ${day.day}`).toBeLessThanOrEqual(0.01);
        expect(day.usageBytes, `${zone.zoneId} ${day.day}`).toBe(truth?.usageBytes ?? 0);
        exact += 1;
      }
    }
    expect(exact).toBeGreaterThan(zones.length * 35);
  });

  it('marks estimated exactly the days no reading bounds: the month’s last day and the two days it was stopped', () => {
    for (const zone of zones.filter((z) => truthOf(record, z.zoneId, '2026-11-12'))) {
      const estimated = zone.days.filter((d) => d.coverage === 'estimated');
      expect(estimated.map((d) => d.day), zone.zoneId).toEqual(['2026-11-30', '2026-12-03', '2026-12-04']);
      // The service's month figures start afresh at 00:00 UTC on the 1st: no reading follows the last of November.
      expect(estimated[0]!.estimate!.before).toBeNull();
      // The stretch Zonewatch did not run: between its last reading and the first day a reading opened after it.
      expect(Date.parse(estimated[1]!.estimate!.after)).toBeLessThan(STOP);
      expect(estimated[1]!.estimate!.before).toBe('2026-12-05T00:00:00.000Z');
    }
  });

  it('keeps the spend of the stretch it was stopped whole: the estimated days add up to what the zones spent', () => {
    for (const zone of zones) {
      const gap = zone.days.filter((d) => d.day === '2026-12-03' || d.day === '2026-12-04');
      const truth = ['2026-12-03', '2026-12-04'].reduce((sum, day) => sum + (truthOf(record, zone.zoneId, day)?.spendCents ?? 0), 0);
      expect(Math.abs(gap.reduce((sum, d) => sum + d.spendCents, 0) - truth), zone.zoneId).toBeLessThanOrEqual(0.01);
    }
  });

  it('says how far the last day of November may be off: it is the month’s last reading plus an estimate of the rest', () => {
    for (const zone of zones) {
      const day = zone.days.find((d) => d.day === '2026-11-30');
      if (!day) continue;
      const truth = truthOf(record, zone.zoneId, '2026-11-30')?.spendCents ?? 0;
      const lastReading = Date.parse(day.estimate!.after);
      // At most the hours after the last reading at ten times the zone's mean pace that day.
      const hoursLeft = (Date.parse('2026-12-01T00:00:00Z') - lastReading) / 3_600_000;
      expect(Math.abs(day.spendCents - truth)).toBeLessThanOrEqual((truth / 24) * hoursLeft * 10 + 0.01);
    }
  });

  it('adds the days up per account in the calendar, and the CSV holds the same numbers', async () => {
    const calendar = value(await app.call('history:calendar'));
    const dec10 = calendar.days.find((d) => d.day === '2026-12-10')!;
    const zonesOn10 = zones.flatMap((z) => z.days.filter((d) => d.day === '2026-12-10'));
    expect(dec10).toMatchObject({ coverage: 'exact', zones: zonesOn10.length, estimatedZones: 0 });
    expect(dec10.spendCents).toBeCloseTo(zonesOn10.reduce((sum, d) => sum + d.spendCents, 0), 6);
    expect(calendar.days.find((d) => d.day === '2026-12-04')).toMatchObject({ coverage: 'estimated', estimatedZones: zonesOn10.length });
    expect(calendar.lastReadingAt).not.toBeNull();
    expect(value(await app.call('notices:list'))).toEqual([]);

    const csv = value(await app.call('history:exportCsv'));
    expect(csv).toMatchObject({ saved: true, rows: zones.reduce((sum, z) => sum + z.days.filter((d) => d.coverage !== 'partial').length, 0) });
    const lines = app.saved.at(-1)!.content.trim().split('\r\n');
    expect(lines[0]).toBe('Account,Zone ID,Zone name,Day (UTC),Spend (USD),Usage (bytes),Exact or estimated');
    const zone = zones[0]!;
    const day = zone.days.find((d) => d.day === '2026-12-04')!;
    const row = lines.find((line) => line.includes(`,${zone.zoneId},`) && line.includes(',2026-12-04,'))!.split(',');
    expect(Number(row.at(-3))).toBeCloseTo(day.spendCents / 100, 6);
    expect(row.at(-1)).toBe('estimated');
  });

  it('compares this month with last month to the same day, from whole UTC days', async () => {
    const comparison = value(await app.call('history:compare'));
    expect(comparison.reason).toBeNull();
    expect(comparison.thisMonth).toMatchObject({ from: '2026-12-01', to: '2026-12-21', estimatedDays: 2 });
    // November's history starts on the 12th, but what November spent before then is known as a whole.
    expect(comparison.lastMonth).toMatchObject({ from: '2026-11-01', to: '2026-11-21', estimatedDays: 0 });
    const truthThrough = (from: string, to: string) => record.filter((d) => d.day >= from && d.day <= to && zones.some((z) => z.zoneId === d.zoneId)).reduce((sum, d) => sum + d.spendCents, 0);
    expect(comparison.thisMonth!.spendCents).toBeCloseTo(truthThrough('2026-12-01', '2026-12-21'), 1);
    expect(comparison.lastMonth!.spendCents).toBeCloseTo(truthThrough('2026-11-01', '2026-11-21'), 1);
  });
});

describe('Remove account', () => {
  it('erases the ledger with the account’s other files: its days, its month totals and its samples in the history database', async () => {
    const profileId = app.profileId();
    const files = () => fs.readdirSync(app.dir).filter((name) => name.startsWith(`profile-${profileId}-`));
    expect(Object.keys(accountRows(app.dir, profileId))).toEqual(expect.arrayContaining(['zone_day', 'account_day', 'intraday_sample']));
    expect(files().length).toBeGreaterThan(0);
    expect(value(await app.core().invoke('accounts:remove', { profileId }))).toEqual({ removed: true });
    expect(files()).toEqual([]);
    expect(accountRows(app.dir, profileId)).toEqual({});
  });
});
