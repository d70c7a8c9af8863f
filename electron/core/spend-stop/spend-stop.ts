import type { ChangeBlock } from '../../../shared/accounts';
import type { Zone } from '../../../shared/api/zone';
import type { SpendStopOutcome, SpendStopPlan, SpendStopRecord, SpendStopReport, SpendStopZone } from '../../../shared/spend-stop';
import type { ApiClient } from '../api/client';
import type { SnapshotStore } from '../data/snapshot-store';
import { landedZones } from '../caps/landed-zones';
import { HandlerError } from '../ipc-dispatch';
import { failedResult, type Journal, type JournalRun } from '../journal/journal';
import type { DocumentWriteError } from '../storage/write-failure';
import type { JournalOperation } from '../journal/journal-entry';
import { readZones } from '../journal/read-zones';
import { landedAfterAll } from '../journal/unanswered';
import { journaledRecord } from '../journal/journaled-record';
import { type JournalNotice, unsavedRecordSentence } from '../journal/recovery';
import { MAX_PARALLEL_BATCHES, settleWithLimit } from '../polling/zone-batches';
import type { Clock, Logger } from '../ports';
import { retryPlan, stopBlockedReason, stopPlan, stopZone } from './stop-plan';
import { recordAfterInterrupted, recordAfterRestore, recordAfterStop, restoreDecision, stopDecision, type ZoneStateNow } from './stop-record';
import { spendStopSummary } from './stop-summary';
import { DEADLINE_REASON, DEADLINE_UNANSWERED_REASON, endsRun, failedOutcome, GONE_REASON, KEY_REJECTED_REASON, NOT_ALLOWED_REASON, outcome } from './zone-outcome';

/**
 * A whole stop or restore must end even when the service hangs: each request has its own 15 s
 * deadline, and the run as a whole this one (25 zones, 4 at a time, with a retry each, fit well).
 */
export const SPEND_STOP_DEADLINE_MS = 90_000;

export type SpendStopDeps = {
  client: () => ApiClient;
  store: SnapshotStore;
  /** The account's "stopped by Zonewatch" record, kept across restarts. */
  record: { get(): SpendStopRecord | null; set(record: SpendStopRecord | null): void };
  /** Why no zone can be changed now, as the account's read model says (readout/offers.ts). */
  blockedBy: () => ChangeBlock | null;
  /** The app made these changes: the zone-state rule must not report them as made elsewhere. */
  acknowledge: (zones: readonly Zone[]) => void;
  clock: Clock;
  logger: Logger;
  onChange: (record: SpendStopRecord | null) => void;
  /** The account's write-ahead journal (docs/architecture.md › Write ahead, then act). */
  journal: Journal;
  /** Says once that a run was interrupted, in the window and as a notification. */
  tell: (notice: JournalNotice) => void;
};

type Run = { signal: AbortSignal; ended: () => boolean };

/**
 * "Stop all spend" and "Restore" (docs/architecture.md › Stop all spend): disables every running zone the key may change, at
 * most four requests at a time, keeps a per-profile "stopped by Zonewatch" record of exactly what
 * it disabled, and later turns back on only those of them that are still off.
 */
export function createSpendStop(deps: SpendStopDeps) {
  const { clock, logger } = deps;
  let running: Promise<unknown> | null = null;
  /** The running change's zones answered but not yet recorded (`settle` records them). */
  let landing: ReturnType<typeof landedZones> | null = null;
  const iso = () => new Date(clock.now()).toISOString();

  function saveRecord(next: SpendStopRecord | null): void {
    deps.record.set(next);
    deps.onChange(next);
  }
  const kept = journaledRecord({ feature: 'spend', journal: deps.journal, stored: () => deps.record.get(), save: saveRecord, fold: recordAfterInterrupted, tell: deps.tell, logger });
  /** What Restore and Retry offer: the stored record, with each interrupted run not yet checked counted as far as it may have gone. */
  const record = kept.offered;
  const saveAfterRun = kept.saveAfterRun;

  /**
   * Runs `fn` with one deadline for everything it sends, interrupted runs checked first; one run at a
   * time. A run that changes zones (`journaled`) refuses before its first request when the journal
   * cannot be written (docs/architecture.md › Write ahead, then act).
   */
  async function exclusive<T>(fn: (run: Run) => Promise<T>, journaled = true): Promise<T> {
    if (running) throw new HandlerError({ kind: 'unavailable', message: 'A stop or restore is already running. Wait for its report, then try again.' });
    if (journaled) deps.journal.ensureWritable();
    const controller = new AbortController();
    const timer = clock.setTimeout(() => controller.abort(), SPEND_STOP_DEADLINE_MS);
    const run: Run = { signal: controller.signal, ended: () => controller.signal.aborted };
    const task = kept.recover(deps.client, deps.blockedBy() === null, run.signal).then(() => fn(run));
    running = task;
    try {
      return await task;
    } finally {
      clock.clearTimeout(timer);
      running = null;
    }
  }

  /**
   * Changes each zone `decide` picks, four at a time, written ahead in the journal before the first
   * request; after a rejected key or the deadline, tries no more.
   */
  async function change(
    operation: JournalOperation,
    zones: readonly SpendStopZone[],
    enabled: boolean,
    decide: (enabledNow: ZoneStateNow) => 'change' | 'skip' | 'gone',
    skipReason: string,
    run: Run,
  ): Promise<{ outcomes: SpendStopOutcome[]; journal: JournalRun }> {
    const verb = enabled ? 'enable' : 'disable';
    // One client for the whole run, so every request of it goes to the same address with the same key.
    const client = deps.client();
    const { state, unread } = await readZones(client, zones.map((zone) => zone.zoneId), run.signal);
    let keyRejected = false;
    const decided = new Map<string, SpendStopOutcome>();
    const toSend: SpendStopZone[] = [];
    for (const zone of zones) {
      const fresh = state.get(zone.zoneId);
      const current: SpendStopZone = fresh ? { ...stopZone(fresh), name: fresh.name?.trim() || zone.name } : zone;
      const readError = unread.get(zone.zoneId);
      if (readError !== undefined) {
        if (endsRun(readError)) keyRejected = true;
        decided.set(zone.zoneId, run.ended() ? outcome(current, 'not_tried', DEADLINE_REASON) : failedOutcome(current, readError, verb));
        continue;
      }
      const decision = decide(fresh === undefined ? 'gone' : (fresh.enabled ?? 'unknown'));
      if (decision === 'gone') decided.set(zone.zoneId, outcome(current, 'gone', GONE_REASON));
      else if (decision === 'skip') decided.set(zone.zoneId, outcome(current, 'skipped', skipReason));
      else toSend.push(current);
    }
    if (keyRejected) for (const [id, o] of decided) if (o.result === 'failed') decided.set(id, outcome(o, 'not_tried', KEY_REJECTED_REASON));
    const value = (v: boolean) => ({ field: 'enabled' as const, value: v });
    const journal = deps.journal.begin(
      operation,
      keyRejected || run.ended() ? [] : toSend.map((zone) => ({ ...zone, send: value(enabled), before: value(!enabled) })),
    );
    // Recorded in batches as the caps are (docs/architecture.md › Stop all spend): one alert-memory
    // write a zone was most of what the durable records cost the stop.
    const landed = landedZones(
      (answered) => deps.acknowledge(deps.store.upsertAnswered(answered, iso())),
      () => deps.store.changeMark(),
    );
    landing = landed;
    /** Zones whose request failed without the service saying no: it may have carried the change out. */
    const unsure = new Set<string>();
    const settled = await settleWithLimit(
      toSend,
      async (current): Promise<SpendStopOutcome> => {
        if (keyRejected) return outcome(current, 'not_tried', KEY_REJECTED_REASON);
        if (run.ended()) return outcome(current, 'not_tried', DEADLINE_REASON);
        try {
          const { zone } = await client.updateZone(current.zoneId, { enabled }, { signal: run.signal });
          journal.result(current.zoneId, 'changed');
          landed.add(zone);
          return outcome(current, enabled ? 'enabled' : 'disabled');
        } catch (err) {
          journal.result(current.zoneId, failedResult(err));
          if (endsRun(err)) keyRejected = true;
          // The change was sent; whether the service applied it before the deadline is unknown.
          if (run.ended()) return outcome(current, 'failed', DEADLINE_UNANSWERED_REASON);
          if (failedResult(err) === 'unknown') unsure.add(current.zoneId);
          return failedOutcome(current, err, verb);
        }
      },
      MAX_PARALLEL_BATCHES,
    )
      .then(async (results) => {
        const sent = toSend.filter((zone) => unsure.has(zone.zoneId)).map((zone) => ({ zoneId: zone.zoneId, send: value(enabled) }));
        return { results, after: await landedAfterAll({ client, sent, keyRejected, signal: run.signal, journal, landed }) };
      })
      .finally(() => {
        landing = null;
        landed.flush();
      });
    settled.results.forEach((result, index) => {
      const zone = toSend[index] as SpendStopZone;
      if (settled.after.has(zone.zoneId)) return void decided.set(zone.zoneId, outcome(zone, enabled ? 'enabled' : 'disabled'));
      decided.set(zone.zoneId, result.status === 'fulfilled' ? result.value : failedOutcome(zone, result.reason, verb));
    });
    return { outcomes: zones.map((zone) => decided.get(zone.zoneId) as SpendStopOutcome), journal };
  }

  /** The run's report; when its record could not be written (`unsaved`) it says so, and offers what the journal on disk still holds. */
  function report(action: SpendStopReport['action'], outcomes: SpendStopOutcome[], next: SpendStopRecord | null, unsaved: DocumentWriteError | null): SpendStopReport {
    const summary = spendStopSummary(action, outcomes);
    if (unsaved === null) return { action, at: iso(), outcomes, summary, record: next };
    return { action, at: iso(), outcomes, summary: `${summary} ${unsavedRecordSentence(unsaved)}`, record: record() };
  }

  function refuse(reason: string): never {
    throw new HandlerError({ kind: 'unavailable', message: reason });
  }

  /** What a stop (or, with `retry`, a retry of the last one) would disable, for the confirmation. */
  function plan(retry: boolean): SpendStopPlan {
    const block = deps.blockedBy();
    if (!retry) return stopPlan(deps.store.get(), block);
    const last = record();
    if (!last) refuse('There is no earlier stop to retry.');
    return retryPlan(last, block);
  }

  return {
    record,
    plan,
    /** A stop, retry or restore is under way. */
    busy: () => running !== null,

    /** Records the zones the running change turned off or on so far: a poll cycle calls it before its alert rules read them. */
    settle(): void {
      landing?.flush();
    },

    /** Checks runs a kill interrupted, unless a run is going (it checks them first itself): at start and after each poll cycle. */
    async recover(): Promise<void> {
      if (running || !kept.pending()) return;
      await exclusive(async () => undefined, false);
    },

    async stop(retry: boolean): Promise<SpendStopReport> {
      return exclusive(async (run) => {
        const planned = plan(retry);
        if (planned.blockedReason) refuse(planned.blockedReason);
        const notAllowed = planned.notAllowed.map((zone) => outcome(zone, 'not_allowed', NOT_ALLOWED_REASON));
        const action = retry ? 'retry' : 'stop';
        const changed = await change(action, planned.zones, false, stopDecision, 'Already off before the stop.', run);
        const outcomes = [...changed.outcomes, ...notAllowed];
        const next = recordAfterStop(record(), outcomes, iso());
        const unsaved = changed.journal.end(() => saveAfterRun(next));
        logger.info('spend-stop: ran', { action, results: outcomes.map((o) => o.result), saved: unsaved === null });
        return report(action, outcomes, next, unsaved);
      });
    },

    async restore(): Promise<SpendStopReport> {
      return exclusive(async (run) => {
        const last = record();
        if (!last) refuse('There is nothing to restore: Zonewatch has not stopped any zone.');
        const blocked = stopBlockedReason(deps.blockedBy(), 'restored');
        if (blocked) refuse(blocked);
        const { outcomes, journal } = await change('restore', last.disabled, true, restoreDecision, 'Turned back on since the stop; left as it is.', run);
        const next = recordAfterRestore(last, outcomes, iso());
        const unsaved = journal.end(() => saveAfterRun(next));
        logger.info('spend-stop: restored', { results: outcomes.map((o) => o.result), saved: unsaved === null });
        return report('restore', outcomes, next, unsaved);
      });
    },

    /** Forgets the record without touching any zone: the user keeps the zones as they are. */
    dismiss(): SpendStopRecord | null {
      if (running) refuse('A stop or restore is running. Wait for its report, then dismiss it.');
      saveAfterRun(null);
      return null;
    },
  };
}

export type SpendStop = ReturnType<typeof createSpendStop>;
