import type { ChangeBlock } from '../../../shared/accounts';
import type { Zone } from '../../../shared/api/zone';
import type { SpendStopOutcome, SpendStopPlan, SpendStopRecord, SpendStopReport, SpendStopZone } from '../../../shared/spend-stop';
import type { ApiClient } from '../api/client';
import type { SnapshotStore } from '../data/snapshot-store';
import { HandlerError } from '../ipc-dispatch';
import { batchZoneIds, MAX_PARALLEL_BATCHES, settleWithLimit } from '../polling/zone-batches';
import type { Clock, Logger } from '../ports';
import { retryPlan, stopBlockedReason, stopPlan, stopZone } from './stop-plan';
import { recordAfterRestore, recordAfterStop, restoreDecision, stopDecision, type ZoneStateNow } from './stop-record';
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
  /** The app made this change: the zone-state rule must not report it as made elsewhere. */
  acknowledge: (zone: Zone) => void;
  clock: Clock;
  logger: Logger;
  onChange: (record: SpendStopRecord | null) => void;
};

type Run = { signal: AbortSignal; ended: () => boolean };

/**
 * "Stop all spend" and "Restore" (docs/architecture.md › Stop all spend): disables every running zone the key may change, at
 * most four requests at a time, keeps a per-profile "stopped by Zonewatch" record of exactly what
 * it disabled, and later turns back on only those of them that are still off.
 */
export function createSpendStop(deps: SpendStopDeps) {
  const { clock, logger } = deps;
  let running: Promise<SpendStopReport> | null = null;
  const iso = () => new Date(clock.now()).toISOString();

  const record = (): SpendStopRecord | null => deps.record.get();

  function saveRecord(next: SpendStopRecord | null): void {
    deps.record.set(next);
    deps.onChange(next);
  }

  /** Runs `fn` with one deadline for everything it sends; one run at a time. */
  async function exclusive(fn: (run: Run) => Promise<SpendStopReport>): Promise<SpendStopReport> {
    if (running) throw new HandlerError({ kind: 'unavailable', message: 'A stop or restore is already running. Wait for its report, then try again.' });
    const controller = new AbortController();
    const timer = clock.setTimeout(() => controller.abort(), SPEND_STOP_DEADLINE_MS);
    const run: Run = { signal: controller.signal, ended: () => controller.signal.aborted };
    running = fn(run);
    try {
      return await running;
    } finally {
      clock.clearTimeout(timer);
      running = null;
    }
  }

  /** The zones' state now, read fresh from the service: a stale snapshot must not decide what was "already off". */
  async function readNow(client: ApiClient, zones: readonly SpendStopZone[], run: Run): Promise<{ state: Map<string, Zone>; unread: Map<string, unknown> }> {
    const state = new Map<string, Zone>();
    const unread = new Map<string, unknown>();
    const batches = batchZoneIds(zones.map((zone) => zone.zoneId));
    const settled = await settleWithLimit(batches, (ids) => client.getZones(ids, { signal: run.signal }), MAX_PARALLEL_BATCHES);
    settled.forEach((result, index) => {
      const ids = batches[index] ?? [];
      if (result.status === 'fulfilled') for (const zone of result.value.zones) state.set(zone.zone_id, zone);
      else for (const id of ids) unread.set(id, result.reason);
    });
    return { state, unread };
  }

  /** Changes each zone `decide` picks, four at a time; after a rejected key or the deadline, tries no more. */
  async function change(
    zones: readonly SpendStopZone[],
    enabled: boolean,
    decide: (enabledNow: ZoneStateNow) => 'change' | 'skip' | 'gone',
    skipReason: string,
    run: Run,
  ): Promise<SpendStopOutcome[]> {
    const verb = enabled ? 'enable' : 'disable';
    // One client for the whole run, so every request of it goes to the same address with the same key.
    const client = deps.client();
    const { state, unread } = await readNow(client, zones, run);
    let keyRejected = false;
    const settled = await settleWithLimit(
      zones,
      async (zone): Promise<SpendStopOutcome> => {
        const fresh = state.get(zone.zoneId);
        const current: SpendStopZone = fresh ? { ...stopZone(fresh), name: fresh.name?.trim() || zone.name } : zone;
        const readError = unread.get(zone.zoneId);
        if (readError !== undefined) {
          if (endsRun(readError)) keyRejected = true;
          if (run.ended()) return outcome(current, 'not_tried', DEADLINE_REASON);
          return keyRejected ? outcome(current, 'not_tried', KEY_REJECTED_REASON) : failedOutcome(current, readError, verb);
        }
        const decision = decide(fresh === undefined ? 'gone' : (fresh.enabled ?? 'unknown'));
        if (decision === 'gone') return outcome(current, 'gone', GONE_REASON);
        if (decision === 'skip') return outcome(current, 'skipped', skipReason);
        if (keyRejected) return outcome(current, 'not_tried', KEY_REJECTED_REASON);
        if (run.ended()) return outcome(current, 'not_tried', DEADLINE_REASON);
        try {
          const { zone } = await client.updateZone(current.zoneId, { enabled }, { signal: run.signal });
          deps.store.upsertZone(zone, iso());
          deps.acknowledge(zone);
          return outcome(current, enabled ? 'enabled' : 'disabled');
        } catch (err) {
          if (endsRun(err)) keyRejected = true;
          // The change was sent; whether the service applied it before the deadline is unknown.
          if (run.ended()) return outcome(current, 'failed', DEADLINE_UNANSWERED_REASON);
          return failedOutcome(current, err, verb);
        }
      },
      MAX_PARALLEL_BATCHES,
    );
    return settled.map((result, index) =>
      result.status === 'fulfilled' ? result.value : failedOutcome(zones[index] as SpendStopZone, result.reason, verb),
    );
  }

  function report(action: SpendStopReport['action'], outcomes: SpendStopOutcome[], next: SpendStopRecord | null): SpendStopReport {
    return { action, at: iso(), outcomes, summary: spendStopSummary(action, outcomes), record: next };
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

    async stop(retry: boolean): Promise<SpendStopReport> {
      return exclusive(async (run) => {
        const planned = plan(retry);
        if (planned.blockedReason) refuse(planned.blockedReason);
        const notAllowed = planned.notAllowed.map((zone) => outcome(zone, 'not_allowed', NOT_ALLOWED_REASON));
        const outcomes = [...(await change(planned.zones, false, stopDecision, 'Already off before the stop.', run)), ...notAllowed];
        const previous = record();
        const next = recordAfterStop(previous, outcomes, iso());
        if (next !== previous) saveRecord(next);
        const action = retry ? 'retry' : 'stop';
        logger.info('spend-stop: ran', { action, results: outcomes.map((o) => o.result) });
        return report(action, outcomes, next);
      });
    },

    async restore(): Promise<SpendStopReport> {
      return exclusive(async (run) => {
        const last = record();
        if (!last) refuse('There is nothing to restore: Zonewatch has not stopped any zone.');
        const blocked = stopBlockedReason(deps.blockedBy(), 'restored');
        if (blocked) refuse(blocked);
        const outcomes = await change(last.disabled, true, restoreDecision, 'Turned back on since the stop; left as it is.', run);
        const next = recordAfterRestore(last, outcomes, iso());
        saveRecord(next);
        logger.info('spend-stop: restored', { results: outcomes.map((o) => o.result) });
        return report('restore', outcomes, next);
      });
    },

    /** Forgets the record without touching any zone: the user keeps the zones as they are. */
    dismiss(): SpendStopRecord | null {
      if (running) refuse('A stop or restore is running. Wait for its report, then dismiss it.');
      saveRecord(null);
      return null;
    },
  };
}

export type SpendStop = ReturnType<typeof createSpendStop>;
