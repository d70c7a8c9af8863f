import { describe, expect, it } from 'vitest';
import { snapshotMonthEnd } from '../../../../electron/core/forecast/account-forecast';
import { createMonthEndMemo } from '../../../../electron/core/forecast/month-end-memo';
import type { DemoZoneDay } from '../../../../electron/core/ports';
import { databaseHistory } from '../history/database-history';
import { NOW, snapshotWith, zone } from '../readout/readout-fixtures';

const DAY = 86_400_000;
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Zone Z1 at $30 a day since January, read through yesterday, its March so far in the snapshot. */
async function world() {
  const errors: string[] = [];
  const logger = { info: () => undefined, warn: () => undefined, error: (message: string) => void errors.push(message) };
  const days: DemoZoneDay[] = [];
  for (let t = Date.parse('2026-01-01T00:00:00Z'); t < Date.parse('2026-03-10T00:00:00Z'); t += DAY) days.push({ zoneId: 'Z1', name: 'Catalog crawler', day: new Date(t).toISOString().slice(0, 10), spendCents: 3000, usageBytes: 1e9 });
  const { history, months } = await databaseHistory({ days, now: NOW, logger });
  const running = snapshotWith([zone('Z1', { enabled: true, spend_this_month_cents: 9 * 3000 + 1500, spend_today_cents: 1500 })]);
  return { history, months: await months(), errors, logger, running, stopped: snapshotWith([zone('Z1', { enabled: false, spend_this_month_cents: 9 * 3000 + 1500, spend_today_cents: 1500 })]) };
}

describe("the account's month-end forecast over the history's query", () => {
  it('is, once the cycle awaited it, the forecast the ledger gives for this snapshot', async () => {
    const { history, months, logger, running } = await world();
    const memo = createMonthEndMemo({ snapshot: () => running, history, now: () => NOW, logger, onFresh: () => undefined });
    await memo.refresh();
    expect(memo.current()).toEqual(snapshotMonthEnd(running, months, NOW));
    expect(memo.current().account?.expectedCents).toBeGreaterThan(30 * 3000 - 3000);
  });

  it('reads the last forecast at once when a zone is turned off between cycles, then the new one, and says when it landed', async () => {
    const { history, months, logger, running, stopped } = await world();
    let snapshot = running;
    let fresh = 0;
    const memo = createMonthEndMemo({ snapshot: () => snapshot, history, now: () => NOW, logger, onFresh: () => void fresh++ });
    await memo.refresh();
    const before = memo.current();
    snapshot = stopped;
    expect(memo.current()).toBe(before);
    await settle();
    expect(fresh).toBe(1);
    const after = memo.current();
    expect(after).toEqual(snapshotMonthEnd(stopped, months, NOW));
    // Off for the rest of the month: only what it spent so far (and no standing charges) is left.
    expect(after.account!.expectedCents).toBeLessThan(before.account!.expectedCents / 2);
    memo.current();
    await settle();
    expect(fresh).toBe(1);
  });

  it('keeps the last forecast and logs when the history does not answer', async () => {
    const { history, errors, logger, running, stopped } = await world();
    let broken = false;
    let snapshot = running;
    const memo = createMonthEndMemo({ snapshot: () => snapshot, history: { ...history, query: (name, args) => (broken ? Promise.reject(new Error('worker gone')) : history.query(name, args)) }, now: () => NOW, logger, onFresh: () => undefined });
    await memo.refresh();
    const good = memo.current();
    broken = true;
    snapshot = stopped;
    await memo.refresh();
    expect(memo.current()).toBe(good);
    expect(errors).toEqual(['forecast: the month-end forecast could not be worked out; the last one stays']);
  });
});
