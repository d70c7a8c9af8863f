import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetZonesResponse } from '../../../shared/api/responses';
import type { Zone } from '../../../shared/api/zone';
import type { RunningService } from '../../../electron/service/start-service';
import type { ZoneDayRecord } from '../../../electron/service/zone-days';
import { call, expectBody, START, startTestService } from './service-call';

// docs/service.md › Decisions where the spec is open (Spend): each zone keeps spend and usage per UTC day, and the figures it reports
// are computed from that record.

async function zonesOf(service: RunningService): Promise<Zone[]> {
  const ids = service.seeded.zoneIds;
  const out: Zone[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    out.push(...expectBody(await call(service, 'GET', `/v1/zones/${ids.slice(i, i + 10).join(',')}`), GetZonesResponse).zones);
  }
  return out;
}

async function recordOf(service: RunningService, from?: string): Promise<ZoneDayRecord[]> {
  const answer = await call(service, 'GET', `/_control/days${from ? `?from=${from}` : ''}`);
  expect(answer.status).toBe(200);
  return (answer.body as { days: ZoneDayRecord[] }).days;
}

/** What the record says a zone reports at `now`: today's day, and the sum of the month's days. */
function expected(record: readonly ZoneDayRecord[], zoneId: string, now: string) {
  const today = now.slice(0, 10);
  const month = now.slice(0, 7);
  const days = record.filter((d) => d.zoneId === zoneId);
  const sum = (pick: (d: ZoneDayRecord) => number) => days.filter((d) => d.day.startsWith(month)).reduce((total, d) => total + pick(d), 0);
  const day = days.find((d) => d.day === today);
  return { spendToday: day?.spendCents ?? 0, spendMonth: sum((d) => d.spendCents), usageToday: day?.usageBytes ?? 0, usageMonth: sum((d) => d.usageBytes) };
}

function expectFiguresFromRecord(zones: readonly Zone[], record: readonly ZoneDayRecord[], now: string): void {
  for (const zone of zones) {
    const want = expected(record, zone.zone_id, now);
    expect(zone.spend_today_cents).toBeCloseTo(want.spendToday, 9);
    expect(zone.spend_this_month_cents).toBeCloseTo(want.spendMonth, 9);
    expect(zone.usage_today_bytes).toBe(want.usageToday);
    expect(zone.usage_this_month_bytes).toBe(want.usageMonth);
  }
}

describe('the per-day record', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('is what spend and usage today and this month are computed from, from the seed on', async () => {
    const record = await recordOf(service);
    // Seeded since the start of the month: the 1st to the 18th.
    expect(new Set(record.map((d) => d.day)).size).toBe(18);
    expectFiguresFromRecord(await zonesOf(service), record, service.control.now());
  });

  it('keeps each finished day as it was and starts the next at what that day spends', async () => {
    const before = await recordOf(service, '2026-11-18');
    await call(service, 'POST', '/_control/advance', { body: { seconds: 20 * 3600 } }); // to 06:00 on the 19th
    const record = await recordOf(service);
    const zones = await zonesOf(service);
    expectFiguresFromRecord(zones, record, service.control.now());
    const day = (zoneId: string, key: string, from = record) => from.find((d) => d.zoneId === zoneId && d.day === key);
    const moving = zones.filter((z) => z.enabled && day(z.zone_id, '2026-11-18', before) !== undefined);
    expect(moving.length).toBeGreaterThan(10);
    for (const zone of moving) {
      // The 18th grew by the 14 hours it had left, then stayed; the 19th holds only its own 6 hours.
      expect(day(zone.zone_id, '2026-11-18')!.spendCents).toBeGreaterThan(day(zone.zone_id, '2026-11-18', before)!.spendCents);
      expect(day(zone.zone_id, '2026-11-19')!.spendCents).toBeCloseTo(zone.spend_today_cents!, 9);
      const earlier = record.filter((d) => d.zoneId === zone.zone_id && d.day < '2026-11-19').reduce((sum, d) => sum + d.spendCents, 0);
      expect(zone.spend_this_month_cents! - zone.spend_today_cents!).toBeCloseTo(earlier, 6);
    }
  });

  it('goes on across the month: the new month counts only its own days, the old ones stay in the record', async () => {
    await call(service, 'POST', '/_control/advance', { body: { seconds: 12 * 86_400 } }); // to 06:00 on 1 December
    const record = await recordOf(service);
    expect(record.some((d) => d.day === '2026-11-30')).toBe(true);
    expectFiguresFromRecord(await zonesOf(service), record, service.control.now());
  });

  it('refuses a day that is not YYYY-MM-DD', async () => {
    expect((await call(service, 'GET', '/_control/days?from=yesterday')).status).toBe(400);
  });
});

describe('a service started with 90 past days (the demo)', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startTestService({ pastDays: 90 });
  });
  afterAll(() => service.close());

  it('holds a record for each of the 90 days before today and today, and reports from it', async () => {
    const record = await recordOf(service);
    const days = [...new Set(record.map((d) => d.day))].sort();
    expect(days[0]).toBe('2026-08-20');
    expect(days.at(-1)).toBe('2026-11-18');
    expect(days).toHaveLength(91);
    expectFiguresFromRecord(await zonesOf(service), record, service.control.now());
  });

  it('varies from day to day, and a day of a zone that carries traffic is never empty', async () => {
    const record = await recordOf(service);
    const zoneId = service.seeded.perGigabyteDatacenterZoneId;
    const spends = record.filter((d) => d.zoneId === zoneId && d.day < '2026-11-18').map((d) => d.spendCents);
    expect(spends).toHaveLength(90);
    expect(Math.min(...spends)).toBeGreaterThan(0);
    expect(new Set(spends.map((s) => s.toFixed(4))).size).toBeGreaterThan(80);
  });
});

describe('a service started with a warm-up (the demo’s recent hours)', () => {
  let service: RunningService;
  beforeAll(async () => {
    service = await startTestService({ warmUpMinutes: 60 });
  });
  afterAll(() => service.close());

  it('ran the hour before its start, a reading every 5 minutes, the last one what the zones say at the start', async () => {
    const readings = service.control.pastReadings();
    expect(readings.map((r) => new Date(r.at).toISOString().slice(11, 16))).toEqual(['09:05', '09:10', '09:15', '09:20', '09:25', '09:30', '09:35', '09:40', '09:45', '09:50', '09:55', '10:00']);
    const zones = await zonesOf(service);
    for (const zone of zones) {
      const last = readings.at(-1)!.zones.find((z) => z.zoneId === zone.zone_id)!;
      expect(last).toMatchObject({ spendTodayCents: zone.spend_today_cents, spendMonthCents: zone.spend_this_month_cents, usageTodayBytes: zone.usage_today_bytes, throughputBps: zone.current_thoughput_bps });
      const first = readings[0]!.zones.find((z) => z.zoneId === zone.zone_id)!;
      expect(first.spendTodayCents).toBeLessThanOrEqual(last.spendTodayCents);
    }
    expect(service.control.now()).toBe(START);
    service.control.reset();
    expect(service.control.pastReadings()).toEqual(readings);
  });
});
