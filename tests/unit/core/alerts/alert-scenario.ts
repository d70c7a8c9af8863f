// Hand-built inputs for the alert engine and a runner that threads memory and state through
// cycles the way the alert center does. Shared by the unit, property and integration tests.
import { AlertSettings } from '../../../../shared/alert-settings';
import { AccountInfo } from '../../../../shared/api/account';
import type { BillingEntry } from '../../../../shared/api/billing';
import { Zone } from '../../../../shared/api/zone';
import type { HistoryPoint } from '../../../../shared/history';
import type { AlertEvent } from '../../../../shared/notification';
import { emptySnapshot, type Snapshot } from '../../../../shared/snapshot';
import type { Status } from '../../../../shared/status';
import type { AlertInput, EvaluationState } from '../../../../electron/core/alerts/alert-input';
import { type AlertMemory, emptyAlertMemory } from '../../../../electron/core/alerts/alert-memory';
import { evaluate } from '../../../../electron/core/alerts/evaluate';
import { accountFigures } from '../../../../electron/core/readout/account-figures';
import { snapshotMonthEnd } from '../../../../electron/core/forecast/account-forecast';
import { sampleAccountInfo, sampleZone } from '../../../fixtures/api-samples';
import { sampleStatus } from '../../../fixtures/app-samples';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;

/** A zone from the fixture with the given fields replaced (and no standing surprises: no alert unless given). */
export function zone(zoneId: string, patch: Partial<Zone> = {}): Zone {
  return Zone.parse({
    ...sampleZone(zoneId),
    name: `Zone ${zoneId}`,
    alert: null,
    spend_today_cents: 0,
    spend_this_month_cents: 0,
    current_thoughput_bps: 0,
    ...patch,
  });
}

export interface AccountPatch {
  balanceCents?: number;
  trialCents?: number | null;
  trialExpiresOn?: string | null;
  spendMonthCents?: number;
  minimumMet?: boolean;
  minimumCents?: number;
  prorataMinimumCents?: number;
  status?: string;
  pendingDowngradeDate?: string;
  pendingDowngradePlanId?: string;
  pendingClosureDate?: string;
}

export function account(patch: AccountPatch = {}): AccountInfo {
  const base = sampleAccountInfo();
  const trial = patch.trialCents === undefined ? null : patch.trialCents;
  const amount = patch.balanceCents ?? 100_000;
  const billing: Record<string, unknown> = {
    ...base.billing,
    status: patch.status ?? 'active',
    balance: {
      amount_cents: amount,
      trial_amount_cents: trial,
      amount_total_cents: amount + (trial ?? 0),
      trial_expires_on: patch.trialExpiresOn ?? null,
    },
    spend: {
      amount_cents: patch.spendMonthCents ?? 0,
      minimum_monthly_spend_met: patch.minimumMet ?? true,
      prorata_amount_cents: 0,
    },
  };
  if (patch.pendingDowngradeDate !== undefined) billing.pending_downgrade_plan_date = patch.pendingDowngradeDate;
  if (patch.pendingDowngradePlanId !== undefined) billing.pending_downgrade_plan_id = patch.pendingDowngradePlanId;
  if (patch.pendingClosureDate !== undefined) billing.pending_account_closure_date = patch.pendingClosureDate;
  const { api_key: _dropped, ...user } = base.user;
  return AccountInfo.parse({
    ...base,
    user,
    billing,
    plan: {
      ...base.plan,
      minimum_monthly_spend_cents: patch.minimumCents ?? 0,
      prorata_minimum_monthly_spend_cents: patch.prorataMinimumCents ?? 0,
    },
  });
}

/** A snapshot as the poller would have it after a successful cycle at `at`. */
export function snapshot(at: number, parts: { account?: AccountInfo | null; zones?: Zone[]; removedIds?: string[] }): Snapshot {
  const base = emptySnapshot();
  const fetchedAt = new Date(at).toISOString();
  const zones: Snapshot['zones'] = {};
  for (const z of parts.zones ?? []) zones[z.zone_id] = { zone: z, fetchedAt };
  return {
    ...base,
    account: { fetchedAt: parts.account === null ? null : fetchedAt, error: null, data: parts.account === undefined ? account() : parts.account },
    zonesFetch: { fetchedAt, error: null, info: { current: Object.keys(zones).length, allowed: 100 } },
    zones,
    discovery: { ...base.discovery, source: 'users_list', role: 'admin', discoveredIds: Object.keys(zones), removedIds: parts.removedIds ?? [] },
  };
}

/** A healthy status whose last poll succeeded at `at`. */
export function status(at: number, patch: Partial<Status> = {}): Status {
  const iso = new Date(at).toISOString();
  return sampleStatus({ lastSuccessAt: iso, lastAttemptAt: iso, ...patch });
}

export function historyPoint(snap: Snapshot, t: number): HistoryPoint {
  const zones: HistoryPoint['zones'] = {};
  let spendTodayCents = 0;
  let spendMonthCents = 0;
  let throughputBps = 0;
  for (const [id, { zone: z }] of Object.entries(snap.zones)) {
    zones[id] = { s: z.spend_today_cents!, m: z.spend_this_month_cents!, b: z.current_thoughput_bps! };
    spendTodayCents += z.spend_today_cents!;
    spendMonthCents += z.spend_this_month_cents!;
    throughputBps += z.current_thoughput_bps!;
  }
  const data = snap.account.data;
  return {
    t,
    balanceCents: data?.billing.balance.amount_total_cents ?? null,
    spendTodayCents,
    spendMonthCents: data ? Math.max(data.billing.spend.amount_cents, spendMonthCents) : spendMonthCents,
    throughputBps,
    zones,
  };
}

export function settings(patch: Record<string, unknown> = {}): AlertSettings {
  return AlertSettings.parse(patch);
}

/** Every rule off except the named ones (with their defaults, or the given settings). */
export function only(rules: Record<string, Record<string, unknown>>): AlertSettings {
  const all = AlertSettings.parse({});
  const patch: Record<string, unknown> = {};
  for (const rule of Object.keys(all)) patch[rule] = { enabled: false };
  for (const [rule, values] of Object.entries(rules)) patch[rule] = { ...values, enabled: true };
  return AlertSettings.parse(patch);
}

export interface CycleExtras {
  status?: Status;
  billing?: readonly BillingEntry[] | null;
  /** Leave the history alone this cycle (an offline cycle adds no point). */
  noHistory?: boolean;
}

/**
 * One cycle's input to the rules, its figures (and forecast) worked out by the account's read model
 * from the same snapshot and history, as the app does after each cycle.
 */
export function alertInput(parts: Omit<AlertInput, 'figures'>, now: number): AlertInput {
  return { ...parts, figures: accountFigures(parts.snapshot, parts.history, snapshotMonthEnd(parts.snapshot, [], now).account, now) };
}

/** Runs `evaluate` cycle after cycle, keeping history, memory and state as the alert center does. */
export class AlertRunner {
  memory: AlertMemory;
  state: EvaluationState | null = null;
  history: HistoryPoint[] = [];
  events: AlertEvent[] = [];

  constructor(
    public settings: AlertSettings,
    // A runner that has been watching already: thresholds passed at its first cycle are news.
    memory: AlertMemory = { ...emptyAlertMemory(), thresholdsBaselined: true },
  ) {
    this.memory = memory;
  }

  run(now: number, snap: Snapshot, extras: CycleExtras = {}): AlertEvent[] {
    if (!extras.noHistory) this.history.push(historyPoint(snap, now));
    const input = alertInput(
      {
        snapshot: snap,
        history: this.history,
        status: extras.status ?? status(now),
        billing: extras.billing === undefined ? null : extras.billing,
      },
      now,
    );
    const result = evaluate(this.state, input, this.settings, this.memory, now);
    this.memory = result.memory;
    this.state = result.state;
    this.events.push(...result.events);
    return result.events;
  }

  rules(): string[] {
    return this.events.map((event) => event.rule);
  }
}
