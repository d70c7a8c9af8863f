import type { ChangeBlock } from '../../../shared/accounts';
import type { Zone } from '../../../shared/api/zone';
import type { AccountCapState, CapOutcome, CapRecordZone, CapRule, CapsPreview, CapsRecord, CapsReport, CapsView, UsualSpend } from '../../../shared/caps';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/error';
import type { SnapshotStore } from '../data/snapshot-store';
import { toAppError } from '../error-messages';
import { HandlerError } from '../ipc-dispatch';
import { batchZoneIds, MAX_PARALLEL_BATCHES, settleWithLimit } from '../polling/zone-batches';
import type { Clock, Logger } from '../ports';
import { stopBlockedReason } from '../spend-stop/stop-plan';
import { DEADLINE_REASON, DEADLINE_UNANSWERED_REASON, endsRun, GONE_REASON, KEY_REJECTED_REASON, NOT_ALLOWED_REASON } from '../spend-stop/zone-outcome';
import { capsRunDeadline, type CapsRunDeadline } from './caps-deadline';
import { landedZones } from './landed-zones';
import { planCaps, sendableAlert } from './cap-plan';
import { capsSummary, recordAfterApply, recordAfterUndo, undoDecision, type AlertNow } from './caps-record';
import { capsView } from './caps-view';

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

  async function exclusive(fn: (run: Run) => Promise<CapsReport>): Promise<CapsReport> {
    if (running) throw new HandlerError({ kind: 'unavailable', message: 'Caps are being changed already. Wait for the report, then try again.' });
    running = true;
    const deadline = capsRunDeadline(clock);
    try {
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

  function failure(zone: CapRecordZone, err: unknown, verb: string): CapOutcome {
    const named = { zoneId: zone.zoneId, name: zone.name };
    if (err instanceof ApiError && err.kind === 'forbidden') return { ...named, result: 'not_allowed', reason: NOT_ALLOWED_REASON };
    if (err instanceof ApiError && err.kind === 'not_found') return { ...named, result: 'gone', reason: GONE_REASON };
    return { ...named, result: 'failed', reason: toAppError(err, { action: `${verb} of zone ${zone.zoneId}` }).message };
  }

  /** Sends `alert(zone)` to each zone, four at a time; after a rejected key or the deadline, tries no more. */
  async function send(client: ApiClient, zones: readonly CapRecordZone[], alert: (zone: CapRecordZone) => CapRecordZone['before'], done: CapOutcome['result'], verb: string, run: Run): Promise<CapOutcome[]> {
    let keyRejected = false;
    const landed = landedZones((changed) => {
      deps.store.upsertZones(changed, iso());
      deps.acknowledge(changed);
    });
    const settled = await settleWithLimit(
      zones,
      async (zone): Promise<CapOutcome> => {
        const named = { zoneId: zone.zoneId, name: zone.name };
        if (keyRejected) return { ...named, result: 'not_tried', reason: KEY_REJECTED_REASON };
        if (run.ended()) return { ...named, result: 'not_tried', reason: DEADLINE_REASON };
        try {
          const answer = await client.updateZone(zone.zoneId, { alert: alert(zone) }, { signal: run.signal });
          run.progress();
          landed.add(answer.zone);
          return { ...named, result: done, reason: null };
        } catch (err) {
          if (endsRun(err)) keyRejected = true;
          if (run.ended()) return { ...named, result: 'failed', reason: DEADLINE_UNANSWERED_REASON };
          return failure(zone, err, verb);
        }
      },
      MAX_PARALLEL_BATCHES,
    );
    landed.flush();
    return settled.map((result, index) => (result.status === 'fulfilled' ? result.value : failure(zones[index]!, result.reason, verb)));
  }

  /** The zones' alerts now, read fresh: a stale snapshot must not decide what was changed since. */
  async function alertsNow(client: ApiClient, ids: readonly string[], run: Run): Promise<Map<string, AlertNow | { error: unknown }>> {
    const now = new Map<string, AlertNow | { error: unknown }>();
    const batches = batchZoneIds(ids);
    const settled = await settleWithLimit(batches, (batch) => client.getZones(batch, { signal: run.signal }), MAX_PARALLEL_BATCHES);
    settled.forEach((result, index) => {
      const batch = batches[index] ?? [];
      if (result.status === 'rejected') {
        for (const id of batch) now.set(id, { error: result.reason });
        return;
      }
      for (const id of batch) now.set(id, 'gone');
      for (const zone of result.value.zones) {
        if (zone.alert === undefined) now.set(zone.zone_id, 'unreadable');
        else now.set(zone.zone_id, zone.alert === null ? null : (sendableAlert(zone.alert) ?? 'unreadable'));
      }
    });
    return now;
  }

  function report(action: CapsReport['action'], outcomes: CapOutcome[], record: CapsRecord | null): CapsReport {
    return { action, at: iso(), outcomes, summary: capsSummary(action, outcomes), record };
  }

  function preview(zoneIds: readonly string[], rule: CapRule): CapsPreview {
    return planCaps({ snapshot: deps.store.get(), zoneIds, rule, usual: deps.usual(), block: deps.blockedBy() });
  }

  async function applyZones(action: 'apply' | 'retry', zones: CapRecordZone[], run: Run): Promise<CapsReport> {
    run.size(zones.length);
    const outcomes = await send(deps.client(), zones, (zone) => zone.after, 'set', 'the cap', run);
    const previous = deps.record.get();
    const next = recordAfterApply(previous, zones, outcomes, iso());
    if (next !== previous) save(next);
    logger.info('caps: applied', { action, results: outcomes.map((o) => o.result) });
    return report(action, outcomes, next);
  }

  return {
    view: (): CapsView => capsView(deps.store.get(), deps.usual(), deps.record.get(), deps.accountCap()),
    preview,

    /** Applies the rule as the preview showed it, worked out again from the data of now. */
    apply(zoneIds: readonly string[], rule: CapRule): Promise<CapsReport> {
      return exclusive(async (run) => {
        const planned = preview(zoneIds, rule);
        if (planned.blockedReason) refuse(planned.blockedReason);
        return applyZones('apply', planned.changes.map(({ zoneId, name, before, after }) => ({ zoneId, name, before, after })), run);
      });
    },

    /** Sends again only the caps the last apply could not set. */
    retry(): Promise<CapsReport> {
      return exclusive(async (run) => {
        const failed = deps.record.get()?.failed ?? [];
        if (failed.length === 0) refuse('There is no failed cap to retry.');
        const blocked = stopBlockedReason(deps.blockedBy(), 'changed');
        if (blocked) refuse(blocked);
        return applyZones('retry', failed.map(({ zoneId, name, before, after }) => ({ zoneId, name, before, after })), run);
      });
    },

    /** Puts back each zone's alert from before Zonewatch changed it, unless it was changed since. */
    undo(): Promise<CapsReport> {
      return exclusive(async (run) => {
        const last = deps.record.get();
        if (!last || last.changed.length === 0) refuse('There is nothing to undo: Zonewatch has not changed any cap.');
        const blocked = stopBlockedReason(deps.blockedBy(), 'changed');
        if (blocked) refuse(blocked);
        run.size(last.changed.length);
        const client = deps.client();
        const now = await alertsNow(client, last.changed.map((zone) => zone.zoneId), run);
        const toSend: CapRecordZone[] = [];
        const decided = new Map<string, CapOutcome>();
        for (const zone of last.changed) {
          const state = now.get(zone.zoneId) ?? 'gone';
          const named = { zoneId: zone.zoneId, name: zone.name };
          if (typeof state === 'object' && state !== null && 'error' in state) {
            decided.set(zone.zoneId, endsRun(state.error) ? { ...named, result: 'not_tried', reason: KEY_REJECTED_REASON } : failure(zone, state.error, 'the undo'));
            continue;
          }
          const decision = undoDecision(state, zone);
          if (decision === 'gone') decided.set(zone.zoneId, { ...named, result: 'gone', reason: GONE_REASON });
          else if (decision === 'skip') decided.set(zone.zoneId, { ...named, result: 'skipped', reason: 'Its alert was changed elsewhere since Zonewatch set it: left as it is.' });
          else toSend.push(zone);
        }
        const sent = await send(client, toSend, (zone) => zone.before, 'restored', 'the undo', run);
        sent.forEach((outcome) => decided.set(outcome.zoneId, outcome));
        const outcomes = last.changed.map((zone) => decided.get(zone.zoneId)!);
        const next = recordAfterUndo(last, outcomes, iso());
        save(next);
        logger.info('caps: undone', { results: outcomes.map((o) => o.result) });
        return report('undo', outcomes, next);
      });
    },

    /** Forgets the record without touching any zone. */
    forget(): CapsView {
      if (running) refuse('Caps are being changed. Wait for the report, then forget it.');
      save(null);
      return capsView(deps.store.get(), deps.usual(), null, deps.accountCap());
    },
  };
}

export type Caps = ReturnType<typeof createCaps>;
