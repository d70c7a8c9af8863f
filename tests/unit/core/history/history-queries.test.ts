import { describe, expect, it } from 'vitest';
import { HandlerError } from '../../../../electron/core/ipc-dispatch';
import { historyFailure, withDeadline } from '../../../../electron/core/history/history-facade';
import { HISTORY_QUERIES, type HistoryQueryArgs, type HistoryQueryName, historyQuerySlice, isHistoryQueryName, runHistoryQuery, sliceMonths } from '../../../../electron/core/history/history-queries';
import { monthEndArgs } from '../../../../electron/core/forecast/account-forecast';
import { createLedger, type Ledger } from '../../../../electron/core/ledger/ledger-store';
import type { DemoZoneDay } from '../../../../electron/core/ports';
import { createMemoryStore } from '../../../../electron/core/storage/persistence';
import { emptySnapshot } from '../../../../shared/snapshot';
import { fakeClock } from '../fake-clock';
import { databaseHistory } from './database-history';

const DAY = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const NOW = Date.parse('2026-11-20T09:00:00Z');
const key = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Two zones' days from September 1st to yesterday, one with a runaway day, as the demo takes them in. */
function daysBefore(now: number): DemoZoneDay[] {
  const days: DemoZoneDay[] = [];
  for (let t = Date.parse('2026-09-01T00:00:00Z'); t < now - DAY; t += DAY) {
    days.push({ zoneId: 'CRAWL1', name: 'Catalog crawler', day: key(t), spendCents: key(t) === '2026-11-12' ? 9000 : 1000, usageBytes: 1e9 });
    days.push({ zoneId: 'PRICE2', name: 'Price watch', day: key(t), spendCents: 250, usageBytes: 2e8 });
  }
  return days;
}

/** The same days in the JSON stores' ledger, held in memory: the months every query is checked over by slice. */
function ledgerWithDays(now = NOW): Ledger {
  const ledger = createLedger({ profileId: 'p', memory: true, factory: createMemoryStore, now: () => now, logger: silent, tell: () => () => undefined });
  ledger.backfill(daysBefore(now));
  return ledger;
}

/** The days in the history database, read through the façade the app runs. */
const historyWithDays = async (now = NOW) => (await databaseHistory({ days: daysBefore(now), now })).history;

/** What each query is asked in the app, one example each. */
const asked = (now: number): { [N in HistoryQueryName]: HistoryQueryArgs<N> } => ({
  calendar: { lastReadingAt: now },
  day: { day: '2026-11-12' },
  zoneTrend: { zoneId: 'CRAWL1', fromDay: '2026-10-01' },
  monthComparison: { now },
  recentDays: { now, count: 30 },
  csvRows: { label: 'Northwind' },
  anomalies: { facts: [] },
  monthEnd: {
    zones: [
      { zoneId: 'CRAWL1', spentMonthCents: 28_000, spentTodayCents: 300, running: true, standingCentsPerDay: 0 },
      { zoneId: 'PRICE2', spentMonthCents: 4_750, spentTodayCents: 80, running: true, standingCentsPerDay: 0 },
    ],
    accountSpentCents: 32_750,
    now,
  },
  usualSpend: { now },
  periodSpend: { period: { kind: 'week', from: '2026-11-09', to: '2026-11-15' } },
});
const ASKED = asked(NOW);

describe("the ledger's queries", () => {
  it('answer every computation with a result a worker can send back as it is (structured clone)', async () => {
    const history = await historyWithDays();
    for (const name of Object.keys(HISTORY_QUERIES) as HistoryQueryName[]) {
      const result = await history.query(name, ASKED[name] as never);
      expect(structuredClone(result), name).toEqual(result);
    }
  });

  it('say what the app shows: the runaway day in the calendar, the day view, the trend, the unusual days, the week and each zone’s usual day', async () => {
    const history = await historyWithDays();
    const calendar = await history.query('calendar', ASKED.calendar);
    expect(calendar.days.find((d) => d.day === '2026-11-12')).toMatchObject({ spendCents: 9250, coverage: 'exact', zones: 2 });
    // Past days taken in, no reading yet: the calendar says none (the database's own newest reading).
    expect(calendar.lastReadingAt).toBeNull();
    expect((await history.query('day', ASKED.day)).zones.map((z) => [z.zoneId, z.spendCents])).toEqual([['CRAWL1', 9000], ['PRICE2', 250]]);
    expect((await history.query('zoneTrend', ASKED.zoneTrend)).days[0]).toMatchObject({ day: '2026-10-01', spendCents: 1000 });
    const anomalies = await history.query('anomalies', ASKED.anomalies);
    expect(anomalies.filter((a) => a.zoneId === 'CRAWL1').map((a) => a.day)).toContain('2026-11-12');
    const week = await history.query('periodSpend', ASKED.periodSpend);
    expect(week.now.zones).toEqual([{ zoneId: 'CRAWL1', name: 'Catalog crawler', cents: 6 * 1000 + 9000 }, { zoneId: 'PRICE2', name: 'Price watch', cents: 7 * 250 }]);
    expect(week.before.zones.map((z) => z.cents)).toEqual([7000, 1750]);
    expect((await history.query('usualSpend', ASKED.usualSpend)).PRICE2).toMatchObject({ cents: 250, basis: 'ledger' });
    const rows = await history.query('csvRows', ASKED.csvRows);
    expect(rows[0]).toEqual(['Northwind', 'CRAWL1', 'Catalog crawler', '2026-09-01', '10', '1000000000', 'exact']);
  });

  it('see every write asked before them', async () => {
    const history = await historyWithDays();
    const at = NOW + 3_600_000;
    void history.recordReadings([{ zoneId: 'NEW3', name: 'Late zone', at, spendToday: 40, spendMonth: 900, usageToday: 1, usageMonth: 10 }]);
    const day = await history.query('day', { day: '2026-11-20' });
    expect(day.zones.map((z) => z.zoneId)).toEqual(['NEW3']);
    expect(history.lastReadingAt()).toBe(at);
  });

  it('forecast the month end from the snapshot’s arguments alone, and nothing before the account is read', () => {
    expect(monthEndArgs(emptySnapshot(), NOW)).toBeNull();
  });

  it.each(['2026-11-20T09:00:00Z', '2026-11-03T09:00:00Z', '2026-11-01T00:30:00Z'])('read only the months their slice names, with the answer every month gives (%s)', (iso) => {
    const now = Date.parse(iso);
    const months = ledgerWithDays(now).months();
    const args = asked(now);
    for (const name of Object.keys(HISTORY_QUERIES) as HistoryQueryName[]) {
      const all = (HISTORY_QUERIES[name].run as (m: typeof months, a: unknown) => unknown)(months, args[name]);
      expect(runHistoryQuery(name, months, args[name] as never), name).toEqual(all);
      expect(runHistoryQuery(name, sliceMonths(months, historyQuerySlice(name, args[name] as never)), args[name] as never), name).toEqual(all);
    }
    // A week's spend reads the two months it and the week before touch, not the whole year.
    expect(historyQuerySlice('periodSpend', { period: { kind: 'week', from: '2026-11-02', to: '2026-11-08' } })).toEqual({ from: '2026-10', to: '2026-11' });
  });

  it('know their names, and nothing else is one', () => {
    expect(isHistoryQueryName('calendar')).toBe(true);
    expect(isHistoryQueryName('toString')).toBe(false);
    expect(isHistoryQueryName('months')).toBe(false);
  });
});

describe('a query that fails', () => {
  it('refuses that one query in plain words, naming what it was working out, and keeps the error for the log', async () => {
    const broken = new Error('database disk image is malformed');
    const { history } = await databaseHistory({ days: daysBefore(NOW), now: NOW, channel: (real) => ({ ...real, call: (op, args) => (op === 'query' ? Promise.reject(broken) : real.call(op, args)) }) });
    const failure = await history.query('calendar', ASKED.calendar).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(HandlerError);
    expect((failure as HandlerError).appError).toEqual({ kind: 'unavailable', message: 'The daily history could not work out the calendar. Try again in a moment.' });
    expect((failure as HandlerError).cause).toBe(broken);
    // Writes still land: only the query failed.
    await expect(history.save()).resolves.toBeUndefined();
  });

  it('that does not answer within its deadline is refused as late, and its late answer changes nothing', async () => {
    const { clock, advance } = fakeClock();
    let answer: (value: number) => void = () => undefined;
    const work = new Promise<number>((resolve) => (answer = resolve));
    const asked = withDeadline(work, HISTORY_QUERIES.day.deadlineMs, clock, (timedOut, cause) => historyFailure(`work out ${HISTORY_QUERIES.day.what}`, timedOut, cause));
    const outcome = asked.then(
      (value) => ({ value }),
      (err: HandlerError) => ({ message: err.appError.message }),
    );
    await advance(HISTORY_QUERIES.day.deadlineMs - 1);
    await advance(1);
    answer(7);
    expect(await outcome).toEqual({ message: "The daily history took too long to work out the day's zones. Try again in a moment." });
  });

  it('that answers in time is not cut short, and leaves no timer behind', async () => {
    const { clock, pending } = fakeClock();
    await expect(withDeadline(Promise.resolve(3), 1000, clock, () => new Error('late'))).resolves.toBe(3);
    expect(pending()).toBe(0);
  });
});
