import type { Snapshot } from '../../../shared/snapshot';
import { HandlerError } from '../ipc-dispatch';
import type { ZoneReading } from '../ledger/ledger-model';
import type { Clock, DemoZoneDay } from '../ports';
import type { HistoryQueryArgs, HistoryQueryName, HistoryQueryResult } from './history-queries';

/**
 * One account's daily ledger as its consumers see it (docs/architecture.md › The daily ledger ›
 * Queries): the named queries of history-queries.ts answered as promises, and the writes as
 * promises too, so the ledger can live in another thread without its consumers changing. The
 * operations run in the order they are called: a query asked after a write sees it.
 */
export type HistoryQueries = {
  /** One named query's result; rejects with plain words (a HandlerError) when it failed or missed its deadline. */
  query<N extends HistoryQueryName>(name: N, args: HistoryQueryArgs<N>): Promise<HistoryQueryResult<N>>;
  /** A cycle's readings; rejects when they were not recorded. */
  record(snapshot: Snapshot): Promise<void>;
  /** Readings not taken from a snapshot (the demo's warm-up). */
  recordReadings(readings: readonly ZoneReading[]): Promise<void>;
  /** The demo's past days from its service. */
  backfill(days: readonly DemoZoneDay[]): Promise<void>;
  /** Writes what changed since the last save (on the cache-save schedule). */
  save(): Promise<void>;
  /** The newest reading held (epoch ms) as of the last write that settled. */
  lastReadingAt(): number | null;
};

/** How long a write may take before the caller is told it did not land. */
export const HISTORY_WRITE_DEADLINE_MS = 10_000;

export type Timers = Pick<Clock, 'setTimeout' | 'clearTimeout'>;

/**
 * The sentence a failed query or write says, naming what it was doing (`work out the calendar`);
 * the error behind it is kept as its cause, for the log.
 */
export function historyFailure(action: string, timedOut: boolean, cause?: unknown): HandlerError {
  const what = timedOut ? `The daily history took too long to ${action}.` : `The daily history could not ${action}.`;
  const failure = new HandlerError({ kind: 'unavailable', message: `${what} Try again in a moment.` });
  if (cause !== undefined) failure.cause = cause;
  return failure;
}

/** Settles with `work`, or rejects with `failure(true)` once `ms` have gone by first. */
export function withDeadline<T>(work: Promise<T>, ms: number, timers: Timers, failure: (timedOut: boolean, cause?: unknown) => Error): Promise<T> {
  let timer: unknown = null;
  const late = new Promise<never>((_, reject) => {
    timer = timers.setTimeout(() => reject(failure(true)), ms);
  });
  const answered = work.catch((err: unknown) => {
    throw err instanceof HandlerError ? err : failure(false, err);
  });
  return Promise.race([answered, late]).finally(() => timers.clearTimeout(timer));
}
