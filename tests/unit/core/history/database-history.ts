import { IN_MEMORY } from '../../../../electron/core/history-db/history-database';
import { channelHistory } from '../../../../electron/core/history/channel-history';
import type { HistoryQueries } from '../../../../electron/core/history/history-facade';
import { createHistoryHost } from '../../../../electron/core/history-worker/history-host';
import { inThreadHistory } from '../../../../electron/core/history-worker/in-thread';
import type { HistoryChannel } from '../../../../electron/core/history-worker/protocol';
import { HISTORY_QUERIES } from '../../../../electron/core/history-worker/worker-queries';
import type { DerivedMonth } from '../../../../electron/core/ledger/ledger-model';
import type { DemoZoneDay, Logger } from '../../../../electron/core/ports';

const PROFILE = 'p';

/**
 * One account's history as the app reaches it (history/history-source.ts without a worker): an
 * in-memory history database answering in this thread, its days taken in as the demo's are.
 */
export async function databaseHistory(deps: { days: readonly DemoZoneDay[]; now: number; logger?: Logger; channel?: (real: HistoryChannel) => HistoryChannel }) {
  const logger = deps.logger ?? { info: () => undefined, warn: () => undefined, error: () => undefined };
  const real = inThreadHistory(createHistoryHost({ folder: IN_MEMORY, now: () => deps.now, logger, tell: () => () => undefined, queries: HISTORY_QUERIES }));
  await real.call('backfill', { profileId: PROFILE, days: deps.days });
  const channel = deps.channel?.(real) ?? real;
  const history: HistoryQueries = channelHistory({ channel, profileId: PROFILE, timers: { setTimeout, clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) } });
  /** Every month the database holds, as the queries read them. */
  const months = async () => (await real.call('query', { profileId: PROFILE, name: 'months', args: {} })) as DerivedMonth[];
  return { history, months, channel: real };
}
