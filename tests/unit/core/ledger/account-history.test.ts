import { describe, expect, it } from 'vitest';
import { IN_MEMORY } from '../../../../electron/core/history-db/history-database';
import { createHistoryHost } from '../../../../electron/core/history-worker/history-host';
import { inThreadHistory } from '../../../../electron/core/history-worker/in-thread';
import type { HistoryChannel, HistoryOps } from '../../../../electron/core/history-worker/protocol';
import { HISTORY_QUERIES } from '../../../../electron/core/history-worker/worker-queries';
import { createAccountHistory } from '../../../../electron/core/ledger/account-history';
import type { HistoryPoint } from '../../../../shared/history';

// docs/architecture.md › Per-zone intraday history: an account's last 48 hours of zone samples,
// saved with its caches and put back at start, through the history database's channel.

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const timers = { setTimeout, clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>) };
const point = (t: number, zones: HistoryPoint['zones']): HistoryPoint => ({ t, balanceCents: 100, spendTodayCents: 1, spendMonthCents: 2, throughputBps: 0, zones });

function world(wrap: (real: HistoryChannel) => HistoryChannel = (real) => real) {
  const errors: string[] = [];
  const logger = { info: () => undefined, warn: () => undefined, error: (message: string) => void errors.push(message) };
  const real = inThreadHistory(createHistoryHost({ folder: IN_MEMORY, now: () => NOW, logger, tell: () => () => undefined, queries: HISTORY_QUERIES }));
  const sent: HistoryPoint[][] = [];
  const channel: HistoryChannel = {
    ...real,
    call: (op, args) => {
      if (op === 'intradayRestore') sent.push([...(args as HistoryOps['intradayRestore']['args']).points]);
      return wrap(real).call(op, args);
    },
  };
  const open = () => createAccountHistory({ profileId: 'p', channel, timers, now: () => NOW, logger });
  return { open, sent, errors };
}

describe('an account’s last 48 hours of zone samples', () => {
  const points = [point(NOW - 50 * HOUR, { a: { s: 1, m: 2, b: 3 } }), point(NOW - 47 * HOUR, { a: { s: 1.5, m: 9.5, b: 10 } }), point(NOW - HOUR, { a: { s: 2, m: 10, b: 11 }, b: { s: 0, m: 1, b: 0 } })];
  const bare = points.map((p) => ({ ...p, zones: {} }));

  it('puts back after a restart the samples of the last 48 hours, sending the database only those points', async () => {
    const { open, sent } = world();
    await open().save(points);
    const restored = await open().restore(bare);
    expect(restored).toEqual([points[1], points[2]]);
    expect(sent).toEqual([[bare[1], bare[2]]]);
  });

  it('gives none back when the database does not answer, and says so in the log, never failing the start', async () => {
    const { open, errors } = world((real) => ({ ...real, call: (op, args) => (op === 'intradayRestore' ? Promise.reject(new Error('History did not answer within 10 s')) : real.call(op, args)) }));
    await open().save(points);
    await expect(open().restore(bare)).resolves.toEqual([]);
    expect(errors).toEqual(['ledger: could not read the last 48 hours of per-zone samples']);
  });
});
