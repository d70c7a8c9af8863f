import type { Snapshot } from '../../../shared/snapshot';
import type { HistoryChannel } from '../history-worker/protocol';
import { readingsFrom } from '../ledger/readings';
import type { ZoneReading } from '../ledger/ledger-model';
import { HISTORY_WRITE_DEADLINE_MS, type HistoryQueries, historyFailure, type Timers, withDeadline } from './history-facade';
import { HISTORY_QUERIES } from './history-queries';

/**
 * One account's daily ledger where the history database is (docs/architecture.md › The history
 * database): each query and write a request on the channel, raced against its deadline, so a
 * history that hangs costs the caller plain words, never a wait without end. The channel answers
 * in the order it is asked: a query asked after a write sees it.
 */
export function channelHistory(deps: { channel: HistoryChannel; profileId: string; timers: Timers }): HistoryQueries {
  const { channel, profileId, timers } = deps;
  // The channel answers in the order it is asked, so the last answer to arrive is the newest.
  let lastReading: number | null = null;
  const held = (at: number | null) => void (lastReading = at);
  void channel.call('lastReadingAt', { profileId }).then(held, () => undefined);

  const write = (action: string, work: Promise<unknown>) => withDeadline(work, HISTORY_WRITE_DEADLINE_MS, timers, (timedOut, cause) => historyFailure(action, timedOut, cause)).then(() => undefined);

  function recordReadings(readings: readonly ZoneReading[], action: string): Promise<void> {
    const recorded = channel.call('record', { profileId, readings }).then(({ lastReadingAt }) => held(lastReadingAt));
    return write(action, recorded);
  }

  return {
    query(name, args) {
      const entry = HISTORY_QUERIES[name];
      const answer = channel.call('query', { profileId, name, args }) as Promise<never>;
      return withDeadline(answer, entry.deadlineMs, timers, (timedOut, cause) => historyFailure(`work out ${entry.what}`, timedOut, cause));
    },
    record: (snapshot: Snapshot) => recordReadings(readingsFrom(snapshot), "record this update's readings"),
    recordReadings: (readings) => recordReadings(readings, 'record the readings'),
    backfill: (days) => write("take in the demo's past days", channel.call('backfill', { profileId, days })),
    // Each write commits its own transaction: nothing waits for a save.
    save: () => Promise.resolve(),
    lastReadingAt: () => lastReading,
  };
}
