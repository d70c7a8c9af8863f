import type { HistoryPoint } from '../../../shared/history';
import type { DemoZoneDay } from '../ports';
import type { ZoneReading } from '../ledger/ledger-model';

// What the main process and the history worker say to each other (docs/architecture.md › The
// history database): a request names its operation and carries an id; the reply carries the same
// id and either the result or what went wrong in plain words. Everything is structured-cloneable.

export type HistoryOps = {
  /** Folds one account's poll cycle in (one transaction); answers the newest reading held. */
  record: { args: { profileId: string; readings: readonly ZoneReading[] }; result: { lastReadingAt: number | null } };
  /** The demo's past days (its ledger only). */
  backfill: { args: { profileId: string; days: readonly DemoZoneDay[] }; result: null };
  lastReadingAt: { args: { profileId: string }; result: number | null };
  /** A named query of the registry (query-registry.ts) over one account's history. */
  query: { args: { profileId: string; name: string; args?: unknown }; result: unknown };
  /** Writes the per-zone samples of `points` not held yet; keeps only those of `keep`'s times (all of `points`' when absent). */
  intradaySave: { args: { profileId: string; points: readonly HistoryPoint[]; keep?: readonly number[] }; result: null };
  /** The history read at start with its per-zone samples put back. */
  intradayRestore: { args: { profileId: string; points: readonly HistoryPoint[] }; result: HistoryPoint[] };
  /** Erases an account's history ("Remove account"). */
  forget: { args: { profileId: string }; result: null };
  /** `PRAGMA quick_check`; a database that fails it is set aside and started again. */
  check: { args: Record<string, never>; result: { problem: string | null } };
  checkpoint: { args: { mode: 'PASSIVE' | 'TRUNCATE' }; result: null };
  /** What the worker's heap holds, bytes (the bench's heap growth). */
  heap: { args: { gc: boolean }; result: number };
  /** Moves an account's JSON ledger and intraday files into the database (migrate-files.ts). */
  migrate: { args: { profileId: string }; result: { moved: boolean; months: number; setAside: string[] } };
  close: { args: Record<string, never>; result: null };
};

export type HistoryOp = keyof HistoryOps;
export type HistoryRequest<O extends HistoryOp = HistoryOp> = { id: number; op: O; args: HistoryOps[O]['args'] };
export type HistoryReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

/** What the worker tells the main process unasked: a log line, or a store set aside (the notices). */
export type HistoryEvent =
  | { kind: 'log'; level: 'info' | 'warn' | 'error'; message: string; data?: Record<string, unknown> }
  | { kind: 'set-aside'; meaning: { what: string; consequence: string; money: boolean }; event: { name: string; file: string; setAside: string | null; reason: string; at: string } };

/** One way to reach the history: a worker thread (history-thread.ts) or in-thread (in-thread.ts). */
export type HistoryChannel = {
  call<O extends HistoryOp>(op: O, args: HistoryOps[O]['args']): Promise<HistoryOps[O]['result']>;
  /** Checkpoints and closes the database; the channel answers nothing after. */
  close(): Promise<void>;
};

export const HISTORY_OPS: readonly HistoryOp[] = ['record', 'backfill', 'lastReadingAt', 'query', 'intradaySave', 'intradayRestore', 'forget', 'check', 'checkpoint', 'heap', 'migrate', 'close'];

/** A message is a request this worker answers (ids and op checked; the args are the op handler's). */
export function isHistoryRequest(message: unknown): message is HistoryRequest {
  const m = message as Partial<HistoryRequest> | null;
  return typeof m === 'object' && m !== null && Number.isSafeInteger(m.id) && HISTORY_OPS.includes(m.op as HistoryOp) && typeof m.args === 'object' && m.args !== null;
}

/** Plain words from whatever was thrown, never a stack. */
export function plainError(err: unknown): string {
  return err instanceof Error ? err.message : typeof err === 'string' ? err : 'The history could not answer.';
}
