import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app-core';
import type { Clock } from '../../../electron/core/ports';
import { DEMO_PROFILE_ID } from '../../../shared/settings';
import { demoPast } from '../../../electron/service/demo-past';
import { DEMO_PAST_DAYS, DEMO_WARM_UP_MINUTES, type RunningService, startService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, heldClock, value } from '../core/core-host';

// The demo shows history the moment it starts — 90 days in the calendar, the recent
// hours in the charts — from its own service's record, handed over through the demo service port (docs/desktop.md › History).
// The service and the core start at a date of the test's, one that catches a month's or a year's
// edge: the 1st just after midnight, February 29th late, a year's first morning.

describe.each(['2026-11-01T00:20:00Z', '2028-02-29T23:40:00Z', '2027-01-01T06:00:00Z'])('the demo at first open on %s', (at) => {
  let service: RunningService;
  let core: AppCore;
  let dir: string;
  let clock: Clock;
  const call = accountCaller({ invoke: (channel, input) => core.invoke(channel, input) } as AppCore, () => DEMO_PROFILE_ID);

  beforeAll(async () => {
    // The core's clock starts at the date as the service does, a moment apart.
    ({ clock } = heldClock(Date.parse(at)));
    ({ core, dir } = createTestCore({
      clock,
      demoService: {
        start: async () => {
          service = await startService({ now: at, pastDays: DEMO_PAST_DAYS, warmUpMinutes: DEMO_WARM_UP_MINUTES, zones: 25 });
          return { url: service.url, apiKey: service.keys.admin, close: () => service.close(), past: () => demoPast(service.control) };
        },
      },
    }));
    await core.start();
    value(await call('demo:start'));
  }, 60_000);
  afterAll(() => core.stop());

  it('holds its service’s 90 past days in the calendar, exact, for the zones the app knows', async () => {
    const calendar = value(await call('history:calendar'));
    const today = new Date(clock.now()).toISOString().slice(0, 10);
    const past = calendar.days.filter((d) => d.day < today);
    expect(past.length).toBeGreaterThanOrEqual(DEMO_PAST_DAYS);
    const known = new Set(Object.keys(core.snapshot(DEMO_PROFILE_ID)!.zones));
    const yesterday = past.at(-1)!;
    expect(yesterday.day).toBe(new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10));
    const record = demoPast(service.control).days.filter((d) => d.day === yesterday.day);
    expect(record.every((d) => known.has(d.zoneId))).toBe(true);
    expect(record.length).toBeGreaterThanOrEqual(20);
    expect(yesterday).toMatchObject({ coverage: 'exact', zones: record.length });
    expect(yesterday.spendCents).toBeCloseTo(record.reduce((sum, d) => sum + d.spendCents, 0), 2);
    // Today is the day so far, whatever day of the month it is.
    expect(calendar.days.at(-1)).toMatchObject({ day: today, coverage: 'partial' });
  });

  it('draws its recent hours at once: the spend chart’s points and each zone’s 48 hours', async () => {
    const points = value(await call('history:get', {}));
    expect(points.length).toBeGreaterThan(60);
    expect(points[0]!.t).toBeLessThanOrEqual(clock.now() - 11 * 3_600_000);
    const zoneId = Object.keys(core.snapshot(DEMO_PROFILE_ID)!.zones)[0]!;
    const trend = value(await call('history:zone', { zoneId }));
    expect(trend.intraday.filter((p) => p.spendCentsPerHour !== null).length).toBeGreaterThan(10);
  });

  it('keeps all of it in memory: nothing of the demo is written', () => {
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('profile-demo-'))).toEqual([]);
  });
});
