import type { ChangeBlock } from '../../../shared/accounts';
import type { Zone } from '../../../shared/api/zone';
import type { AccountCapState, CapApplyChange, CapOutcome, CapRecordZone, CapRule, CapsPreview, CapsRecord, CapsReport, CapsView, UsualSpend } from '../../../shared/caps';
import { zoneDisplayName } from '../../../shared/zone-name';
import type { ApiClient } from '../api/client';
import type { SnapshotStore } from '../data/snapshot-store';
import { HandlerError } from '../ipc-dispatch';
import { failedResult, type Journal, type JournalRun } from '../journal/journal';
import type { JournalValue } from '../journal/journal-entry';
import { journaledRecord } from '../journal/journaled-record';
import { landedAfterAll } from '../journal/unanswered';
import { type JournalNotice, unsavedRecordSentence } from '../journal/recovery';
import { MAX_PARALLEL_BATCHES, settleWithLimit } from '../polling/zone-batches';
import type { Clock, Logger } from '../ports';
import type { DocumentWriteError } from '../storage/write-failure';
import { stopBlockedReason } from '../spend-stop/stop-plan';
import { DEADLINE_REASON, DEADLINE_UNANSWERED_REASON, endsRun, KEY_REJECTED_REASON } from '../spend-stop/zone-outcome';
import { capsRunDeadline, type CapsRunDeadline } from './caps-deadline';
import { landedZones } from './landed-zones';
import { capsReadOnlyReason, planCaps } from './cap-plan';
import { capsRecordAfterInterrupted, capsSummary, recordAfterApply, recordAfterUndo } from './caps-record';
import { capsView } from './caps-view';
import { APPLY_CHUNK, applyCheck, capFailure, checkFresh, undoCheck } from './fresh-check';

export type CapsDeps = {
  client: () => ApiClient;
  store: SnapshotStore;
  /** The account's "caps set by Zonewatch" record, kept across restarts. */
  record: { get(): CapsRecord | null; set(record: CapsRecord | null): void };
  /** Reads each zone's usual daily spend (ledger/usual-daily-spend.ts) as of now: one reader per view or plan. */
  usual: () => (zoneId: string) => UsualSpend | null;
  /** Why no zone can be changed now, as the account's read model says (readout/offers.ts). */
  blockedBy: () => ChangeBlock | null;
  /** The account cap's rule and state, shown with the caps (account-cap-guard.ts). */
  accountCap: () => AccountCapState;
  /** The app made these changes: the zone-state and drift rules must not report them as made elsewhere. */
  acknowledge: (zones: readonly Zone[]) => void;
  clock: Clock;
  logger: Logger;
  onChange: () => void;
  /** The account's write-ahead journal (docs/architecture.md › Write ahead, then act). */
  journal: Journal;
  /** Says once that a run was interrupted, in the window and as a notification. */
  tell: (notice: JournalNotice) => void;
};

type Run = Pick<CapsRunDeadline, 'signal' | 'ended' | 'size' | 'progress'>;

/**
 * Caps in bulk (docs/desktop.md › Caps): previews a rule over the zones picked, sends one update per
 * changed zone (four at a time, through the account's client and so the request budget all
 * accounts share), keeps what it changed as a record that survives restarts, and puts back each
 * zone's earlier alert on Undo unless someone changed it since.
 */
export function createCaps(deps: CapsDeps) {
  const { clock, logger } = deps;
  let running = false;
  const iso = () => new Date(clock.now()).toISOString();
  /** The running change's zones answered but not yet recorded (`settle` records them). */
  let landing: ReturnType<typeof landedZones> | null = null;

  /** One run at a time; one that changes caps (`journaled`) refuses before its first request when the journal cannot be written. */
  async function exclusive<T>(fn: (run: Run) => Promise<T>, journaled = true): Promise<T> {
    if (running) throw new HandlerError({ kind: 'unavailable', message: 'Caps are being changed already. Wait for the report, then try again.' });
    if (journaled) deps.journal.ensureWritable();
    running = true;
    const deadline = capsRunDeadline(clock);
    try {
      await kept.recover(deps.client, deps.blockedBy() === null, deadline.signal);
      return await fn(deadline);
    } finally {
      deadline.clear();
      running = false;
    }
  }

  function refuse(message: string): never {
    throw new HandlerError({ kind: 'unavailable', message });
  }

  function save(next: CapsRecord | null): void {
    deps.record.set(next);
    deps.onChange();
  }

  const kept = journaledRecord({ feature: 'caps', journal: deps.journal, stored: () => deps.record.get(), save, fold: capsRecordAfterInterrupted, tell: deps.tell, logger });
  /** What Undo and Retry offer: the stored record, with each interrupted run not yet checked counted as far as it may have gone. */
  const offered = kept.offered;
  const saveAfterRun = kept.saveAfterRun;

  /**
   * Sends `alert(zone)` to each zone, four at a time, each result written to the run's journal entry
   * as it arrives; after a rejected key or the deadline, tries no more.
   */
  async function send(client: ApiClient, zones: readonly CapRecordZone[], alert: (zone: CapRecordZone) => CapRecordZone['before'], done: CapOutcome['result'], action: string, run: Run, journal: JournalRun): Promise<CapOutcome[]> {
    let keyRejected = false;
    const landed = landedZones(
      (answered) => deps.acknowledge(deps.store.upsertAnswered(answered, iso())),
      () => deps.store.changeMark(),
    );
    landing = landed;
    /** Zones whose request failed without the service saying no: it may have carried the change out. */
    const unsure = new Set<string>();
    const settled = await settleWithLimit(
      zones,
      async (zone): Promise<CapOutcome> => {
        const named = { zoneId: zone.zoneId, name: zone.name };
        if (keyRejected) return { ...named, result: 'not_tried', reason: KEY_REJECTED_REASON };
        if (run.ended()) return { ...named, result: 'not_tried', reason: DEADLINE_REASON };
        try {
          const answer = await client.updateZone(zone.zoneId, { alert: alert(zone) }, { signal: run.signal });
          journal.result(zone.zoneId, 'changed');
          run.progress();
          landed.add(answer.zone);
          return { ...named, result: done, reason: null };
        } catch (err) {
          journal.result(zone.zoneId, failedResult(err));
          if (endsRun(err)) keyRejected = true;
          if (run.ended()) return { ...named, result: 'failed', reason: DEADLINE_UNANSWERED_REASON };
          if (failedResult(err) === 'unknown') unsure.add(zone.zoneId);
          return capFailure(zone, err, action);
        }
      },
      MAX_PARALLEL_BATCHES,
    );
    const sent = zones.filter((zone) => unsure.has(zone.zoneId)).map((zone) => ({ zoneId: zone.zoneId, send: alertValue(alert(zone)) }));
    const after = await landedAfterAll({ client, sent, keyRejected, signal: run.signal, journal, landed });
    landing = null;
    landed.flush();
    return settled.map((result, index) => {
      const zone = zones[index]!;
      if (after.has(zone.zoneId)) return { zoneId: zone.zoneId, name: zone.name, result: done, reason: null };
      return result.status === 'fulfilled' ? result.value : capFailure(zone, result.reason, action);
    });
  }

  /** The run's report; when its record could not be written (`unsaved`) it says so, and offers what the journal on disk still holds. */
  function report(action: CapsReport['action'], outcomes: CapOutcome[], record: CapsRecord | null, unsaved: DocumentWriteError | null = null): CapsReport {
    const summary = capsSummary(action, outcomes);
    if (unsaved === null) return { action, at: iso(), outcomes, summary, record };
    return { action, at: iso(), outcomes, summary: `${summary} ${unsavedRecordSentence(unsaved, 'caps')}`, record: offered() };
  }

  function preview(zoneIds: readonly string[], rule: CapRule): CapsPreview {
    return planCaps({ snapshot: deps.store.get(), zoneIds, rule, usual: deps.usual(), block: deps.blockedBy() });
  }

  const alertValue = (value: CapRecordZone['before']): JournalValue => ({ field: 'alert', value });

  /**
   * Sets exactly the caps previewed (docs/architecture.md › Caps): re-reads the zones, sends
   * `after` only to those still holding `before`, and writes no other zone.
   */
  async function applyZones(action: 'apply' | 'retry', zones: CapRecordZone[], run: Run): Promise<CapsReport> {
    run.size(zones.length);
    const client = deps.client();
    // Every zone previewed may be changed: the entry names them all before the first request, and
    // a zone the check leaves is written `unchanged` (docs/architecture.md › Write ahead, then act).
    const journal = deps.journal.begin(
      action === 'apply' ? 'caps-apply' : 'caps-retry',
      zones.map((zone) => ({ zoneId: zone.zoneId, name: zone.name, spendTodayCents: null, send: alertValue(zone.after), before: alertValue(zone.before) })),
    );
    const decided = new Map<string, CapOutcome>();
    const left: Zone[] = [];
    let stopped: string | null = null;
    // Each chunk is re-read just before it is sent, so a cap changed elsewhere can be overwritten
    // only in the moments one chunk's updates take (docs/architecture.md › Caps).
    for (let start = 0; start < zones.length; start += APPLY_CHUNK) {
      const chunk = zones.slice(start, start + APPLY_CHUNK);
      stopped ??= run.ended() ? DEADLINE_REASON : null;
      if (stopped !== null) {
        for (const zone of chunk) decided.set(zone.zoneId, { zoneId: zone.zoneId, name: zone.name, result: 'not_tried', reason: stopped });
        continue;
      }
      const checked = await checkFresh(client, chunk, applyCheck(action), 'set the cap', run.signal);
      for (const [zoneId, outcome] of checked.decided) journal.result(zoneId, outcome.result === 'set' ? 'changed' : 'unchanged');
      const sending = new Set(checked.toSend.map((zone) => zone.zoneId));
      left.push(...checked.fresh.filter((zone) => !sending.has(zone.zone_id)));
      const sent = await send(client, checked.toSend, (zone) => zone.after, 'set', 'set the cap', run, journal);
      for (const outcome of [...checked.decided.values(), ...sent]) {
        decided.set(outcome.zoneId, outcome);
        if (outcome.result === 'not_tried' && outcome.reason === KEY_REJECTED_REASON) stopped = KEY_REJECTED_REASON;
      }
    }
    // The zones left as they are, as read: what Preview again shows (those sent hold their answers).
    if (left.length > 0) deps.store.upsertZones(left, iso());
    const outcomes = zones.map((zone) => decided.get(zone.zoneId)!);
    const next = recordAfterApply(offered(), zones, outcomes, iso());
    const unsaved = journal.end(() => saveAfterRun(next));
    logger.info('caps: applied', { action, results: outcomes.map((o) => o.result), saved: unsaved === null });
    return report(action, outcomes, next, unsaved);
  }

  return {
    /** Records the caps set so far: a poll cycle calls it before its alert rules read them (docs/architecture.md › Caps). */
    settle(): void {
      landing?.flush();
    },

    /** Checks runs a kill interrupted, unless a run is going (it checks them first itself): at start and after each poll cycle. */
    async recover(): Promise<void> {
      if (running || !kept.pending()) return;
      await exclusive(async () => undefined, false);
    },
    view: (): CapsView => capsView(deps.store.get(), deps.usual(), offered(), deps.accountCap()),
    preview,

    /**
     * Sets the caps as the preview showed them, each zone named with the cap it had and the one it
     * gets: a zone found or changed since the preview is not written.
     */
    apply(changes: readonly CapApplyChange[]): Promise<CapsReport> {
      return exclusive(async (run) => {
        const snapshot = deps.store.get();
        const blocked = stopBlockedReason(deps.blockedBy(), 'changed') ?? capsReadOnlyReason(snapshot.discovery.role);
        if (blocked) refuse(blocked);
        // The name the preview showed; a zone the snapshot no longer holds is named by its id.
        const nameOf = (zoneId: string) => {
          const zone = snapshot.zones[zoneId]?.zone;
          return zone ? zoneDisplayName(zone) : zoneId;
        };
        return applyZones('apply', changes.map(({ zoneId, before, after }) => ({ zoneId, name: nameOf(zoneId), before, after })), run);
      });
    },

    /** Sends again only the caps the last apply could not set, checked as Apply checks them. */
    retry(): Promise<CapsReport> {
      return exclusive(async (run) => {
        const failed = offered()?.failed ?? [];
        if (failed.length === 0) refuse('There is no failed cap to retry.');
        const blocked = stopBlockedReason(deps.blockedBy(), 'changed');
        if (blocked) refuse(blocked);
        return applyZones('retry', failed.map(({ zoneId, name, before, after }) => ({ zoneId, name, before, after })), run);
      });
    },

    /** Puts back each zone's alert from before Zonewatch changed it, unless it was changed since. */
    undo(): Promise<CapsReport> {
      return exclusive(async (run) => {
        const last = offered();
        if (!last || last.changed.length === 0) refuse('There is nothing to undo: Zonewatch has not changed any cap.');
        const blocked = stopBlockedReason(deps.blockedBy(), 'changed');
        if (blocked) refuse(blocked);
        run.size(last.changed.length);
        const client = deps.client();
        const { toSend, decided } = await checkFresh(client, last.changed, undoCheck, 'put back the alert', run.signal);
        const journal = deps.journal.begin(
          'caps-undo',
          toSend.map((zone) => ({ zoneId: zone.zoneId, name: zone.name, spendTodayCents: null, send: alertValue(zone.before), before: alertValue(zone.after) })),
        );
        const sent = await send(client, toSend, (zone) => zone.before, 'restored', 'put back the alert', run, journal);
        sent.forEach((outcome) => decided.set(outcome.zoneId, outcome));
        const outcomes = last.changed.map((zone) => decided.get(zone.zoneId)!);
        const next = recordAfterUndo(last, outcomes, iso());
        const unsaved = journal.end(() => saveAfterRun(next));
        logger.info('caps: undone', { results: outcomes.map((o) => o.result), saved: unsaved === null });
        return report('undo', outcomes, next, unsaved);
      });
    },

    /** Forgets the record without touching any zone. */
    forget(): CapsView {
      if (running) refuse('Caps are being changed. Wait for the report, then forget it.');
      saveAfterRun(null);
      return capsView(deps.store.get(), deps.usual(), null, deps.accountCap());
    },
  };
}

export type Caps = ReturnType<typeof createCaps>;
