import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDigestSender } from '../../../electron/core/digest/digest-sender';
import { accountPeriodSpend } from '../../../electron/core/digest/period-summary';
import { closedMonthDays } from '../../../electron/core/ledger/month-files';
import { confStoreFactory } from '../../../electron/core/storage/persistence';
import { Settings } from '../../../shared/settings';
import type { NavigateTarget } from '../../../shared/notification';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-digest-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** October and November's first 28 days as closed months: $10 a day for one zone of each account. */
const months = (cents: number) =>
  (['2026-10', '2026-11'] as const).map((month) => closedMonthDays({ v: 1, month, zones: { ZONE1: { n: 'Catalog crawler', f: 1, s: Array.from({ length: month === '2026-10' ? 31 : 28 }, () => cents), u: Array.from({ length: month === '2026-10' ? 31 : 28 }, () => null), e: [], b: null } } }));

type Shown = { title: string; body: string; target?: NavigateTarget };

function sender(clock: { now: number }, shown: Shown[], digest: Record<string, unknown>, quiet = false, timeZone = 'Europe/Berlin') {
  const settings = Settings.parse({ digest, quietHours: quiet ? { enabled: true, start: '00:00', end: '23:59' } : {} });
  return createDigestSender({
    factory: confStoreFactory(dir),
    onSetAside: () => undefined,
    logger: silent,
    notifier: { show: (n) => shown.push({ title: n.title, body: n.body, target: n.target }) },
    now: () => clock.now,
    settings: () => settings,
    accounts: async (period) => [
      { label: 'Northwind', spend: accountPeriodSpend(months(1000), period), anomalies: [], monthEnd: null, runwayHours: 72 },
      { label: 'Side project', spend: accountPeriodSpend(months(250), period), anomalies: [], monthEnd: null, runwayHours: null },
    ],
    timeZone,
  });
}

describe('the digest sender', () => {
  it('sends one notification for all accounts, a line each, once per period — a restart sends nothing again', async () => {
    const clock = { now: Date.parse('2026-11-26T06:59:00Z') };
    const shown: Shown[] = [];
    const daily = { daily: true, at: '08:00' };
    await sender(clock, shown, daily).tick();
    // 07:59 in Berlin: the 25th's digest waits for 08:00; the 24th's came due yesterday and is the latest due.
    expect(shown.map((n) => n.title)).toEqual(['Daily summary, 2026-11-24 (UTC)']);
    clock.now = Date.parse('2026-11-26T07:00:00Z');
    const first = sender(clock, shown, daily);
    await first.tick();
    await first.tick();
    expect(shown.map((n) => n.title)).toEqual(['Daily summary, 2026-11-24 (UTC)', 'Daily summary, 2026-11-25 (UTC)']);
    expect(shown[1]!.body.split('\n')).toEqual(['Northwind: $10.00 against $10.00 (+0 %); balance lasts about 3 days', 'Side project: $2.50 against $2.50 (+0 %); no runway to speak of']);
    clock.now = Date.parse('2026-11-26T20:00:00Z');
    await sender(clock, shown, daily).tick();
    expect(shown).toHaveLength(2);
  });

  it('after days not running sends only the latest period, and nothing in quiet hours', async () => {
    const clock = { now: Date.parse('2026-11-30T09:00:00Z') };
    const shown: Shown[] = [];
    await sender(clock, shown, { daily: true, weekly: true }, true).tick();
    expect(shown).toEqual([]);
    await sender(clock, shown, { daily: true, weekly: true }).tick();
    expect(shown.map((n) => n.title)).toEqual(['Daily summary, 2026-11-29 (UTC)', 'Weekly summary, 2026-11-23 to 2026-11-29 (UTC)']);
    // A click opens History's Summary on the digest's own period.
    expect(shown.map((n) => n.target)).toEqual([
      { view: 'history', period: { kind: 'day', from: '2026-11-29' } },
      { view: 'history', period: { kind: 'week', from: '2026-11-23' } },
    ]);
  });

  it('sends nothing unless chosen', async () => {
    const shown: Shown[] = [];
    await sender({ now: Date.parse('2026-11-30T09:00:00Z') }, shown, {}).tick();
    expect(shown).toEqual([]);
  });
});

// A day the clocks change: 08:00 is 08:00 on the wall that day, not an hour before or after
// (docs/desktop.md › Digests: sent at the local time picked).
describe.each([
  { timeZone: 'Europe/Berlin', change: '2027-03-28', at8: '2027-03-28T06:00:00Z' },
  { timeZone: 'Europe/Berlin', change: '2026-10-25', at8: '2026-10-25T07:00:00Z' },
  { timeZone: 'America/New_York', change: '2027-03-14', at8: '2027-03-14T12:00:00Z' },
  { timeZone: 'America/New_York', change: '2026-11-01', at8: '2026-11-01T13:00:00Z' },
])('the digest sender in $timeZone on $change, as the clocks change', ({ timeZone, change, at8 }) => {
  const day = (offset: number) => new Date(Date.parse(`${change}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

  it('sends the day before at 08:00 on the wall clock, not at 07:00 or 09:00', async () => {
    const shown: Shown[] = [];
    const clock = { now: Date.parse(at8) - 60_000 };
    const daily = { daily: true, at: '08:00' };
    expect(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(clock.now)).toBe('07:59');
    await sender(clock, shown, daily, false, timeZone).tick();
    expect(shown.map((n) => n.title)).toEqual([`Daily summary, ${day(-2)} (UTC)`]);
    clock.now = Date.parse(at8);
    await sender(clock, shown, daily, false, timeZone).tick();
    expect(shown.map((n) => n.title)).toEqual([`Daily summary, ${day(-2)} (UTC)`, `Daily summary, ${day(-1)} (UTC)`]);
  });
});
