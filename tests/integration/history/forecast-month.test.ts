import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthEndForecast } from '../../../shared/forecast';
import { mulberry32 } from '../../../electron/service/prng';
import { value } from '../core/core-host';
import { type HistoryApp, startHistoryApp } from './history-app';

// The month-end forecast on the real core and the local service, on one simulated clock
// (docs/architecture.md › Month-end forecast): October's readings build the ledger, then through
// November the account's forecast is read on four days. Its range must narrow as the month goes
// on, and its expected total come close to what the service's own record says November cost.

const HOUR = 3600;
const START = '2026-10-01T05:00:00.000Z';
const END = Date.parse('2026-11-28T14:00:00Z');
/** The days of November the forecast is read on, at the first reading after noon. */
const DAYS = [3, 10, 20, 28];

let app: HistoryApp;
const forecasts = new Map<number, MonthEndForecast>();
const now = () => Date.parse(app.service.control.now());

beforeAll(async () => {
  app = await startHistoryApp({ now: START });
  await app.start();
  // Three readings a day at uneven minutes, as a laptop that is on most of the day.
  const random = mulberry32(32);
  while (now() < END) {
    app.advance(7 * HOUR + Math.floor(random() * 2 * HOUR));
    await app.read();
    const at = new Date(now());
    if (at.getUTCMonth() === 10 && DAYS.includes(at.getUTCDate()) && at.getUTCHours() >= 12 && !forecasts.has(at.getUTCDate())) {
      const monthEnd = app.core().overview().accounts[0]!.figures.monthEnd;
      if (monthEnd) forecasts.set(at.getUTCDate(), monthEnd);
    }
  }
}, 600_000);
afterAll(() => app.close());

describe('the month-end forecast over a month', () => {
  it('rests on the weekday pattern once the ledger holds a month', () => {
    expect([...forecasts.keys()]).toEqual(DAYS);
    for (const forecast of forecasts.values()) expect(forecast.basis).toBe('pattern');
  });

  it('narrows as the month goes on', () => {
    const widths = DAYS.map((day) => forecasts.get(day)!).map((f) => (f.highCents - f.lowCents) / f.expectedCents);
    for (let i = 1; i < widths.length; i += 1) expect(widths[i]!, `day ${DAYS[i]}`).toBeLessThan(widths[i - 1]!);
    // And only what is still to come is uncertain: what is spent is under the low end.
    for (const forecast of forecasts.values()) expect(forecast.lowCents).toBeGreaterThanOrEqual(forecast.spentCents);
  });

  it('comes close to what November cost, by the service’s own record', () => {
    app.advance(Date.parse('2026-12-01T00:00:00Z') / 1000 - now() / 1000);
    const truth = app.service.control
      .days()
      .filter((d) => d.day.startsWith('2026-11'))
      .reduce((sum, d) => sum + d.spendCents, 0);
    const late = forecasts.get(28)!;
    expect(Math.abs(late.expectedCents - truth) / truth).toBeLessThan(0.05);
    // The month's last days are all that is left to guess on the 28th.
    expect(late.spentCents / truth).toBeGreaterThan(0.85);
  });

  it('gives each zone its own month end, the same figures the account adds up', async () => {
    const zones = Object.keys(app.core().snapshot(app.profileId())!.zones);
    const trends = await Promise.all(zones.map(async (zoneId) => value(await app.call('history:zone', { zoneId, days: 30 }))));
    expect(trends.every((trend) => trend.monthEnd !== null)).toBe(true);
  });
});
