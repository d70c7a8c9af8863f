import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILE_ID } from '../../../shared/settings';
import { demoPast } from '../../../electron/service/demo-past';
import { DEMO_PAST_DAYS, DEMO_WARM_UP_MINUTES, type RunningService, startService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from '../core/core-host';

// Issue 24 › 5: the demo shows history the moment it starts — 90 days in the calendar, the recent
// hours in the charts — from its own service's record, handed over through the demo service port.

let service: RunningService;
const { core, dir } = createTestCore({
  demoService: {
    start: async () => {
      service = await startService({ pastDays: DEMO_PAST_DAYS, warmUpMinutes: DEMO_WARM_UP_MINUTES, zones: 25 });
      return { url: service.url, apiKey: service.keys.admin, close: () => service.close(), past: () => demoPast(service.control) };
    },
  },
});
const call = accountCaller(core, () => DEMO_PROFILE_ID);

beforeAll(async () => {
  await core.start();
  value(await call('demo:start'));
}, 60_000);
afterAll(() => core.stop());

describe('the demo at first open', () => {
  it('holds its service’s 90 past days in the calendar, exact, for the zones the app knows', async () => {
    const calendar = value(await call('history:calendar'));
    const today = new Date().toISOString().slice(0, 10);
    const past = calendar.days.filter((d) => d.day < today);
    expect(past.length).toBeGreaterThanOrEqual(DEMO_PAST_DAYS);
    const known = new Set(Object.keys(core.snapshot(DEMO_PROFILE_ID)!.zones));
    const yesterday = past.at(-1)!;
    const record = demoPast(service.control).days.filter((d) => d.day === yesterday.day);
    expect(record.every((d) => known.has(d.zoneId))).toBe(true);
    expect(record.length).toBeGreaterThanOrEqual(20);
    expect(yesterday).toMatchObject({ coverage: 'exact', zones: record.length });
    expect(yesterday.spendCents).toBeCloseTo(record.reduce((sum, d) => sum + d.spendCents, 0), 2);
  });

  it('draws its recent hours at once: the spend chart’s points and each zone’s 48 hours', async () => {
    const points = value(await call('history:get', {}));
    expect(points.length).toBeGreaterThan(60);
    expect(points[0]!.t).toBeLessThanOrEqual(Date.now() - 11 * 3_600_000);
    const zoneId = Object.keys(core.snapshot(DEMO_PROFILE_ID)!.zones)[0]!;
    const trend = value(await call('history:zone', { zoneId }));
    expect(trend.intraday.filter((p) => p.spendCentsPerHour !== null).length).toBeGreaterThan(10);
  });

  it('keeps all of it in memory: nothing of the demo is written', () => {
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('profile-demo-'))).toEqual([]);
  });
});
