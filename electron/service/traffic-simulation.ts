import { GB, startOfNextUtcDay, startOfUtcMonth, utcMonthKey } from '../../shared/units';
import { invoiceRecord } from './billing-records';
import { dailyRhythm, SPIKE_FACTOR, SPIKE_MS } from './daily-rhythm';
import { invoiceName } from './seed-data';
import { dayLevel } from './weekly-traffic';
import type { ServiceState, ZoneRecord } from './service-model';
import { alertMeasure, alertPeriod } from './zone-alert-measure';
import { dailyStandingCents, zoneCost } from './zone-costs';
import { addToDay, zoneFigures } from './zone-days';
import { advanceProvisioning, currentPlan } from './zone-operations';

// Simulated traffic on the service's clock (docs/service.md › Decisions where the spec is open: traffic). Time moves in steps of
// at most a minute (spend is minute-grained, docs/api.md › Units, money and time), and steps end on UTC day
// boundaries so that rollovers reset exactly what belongs to the period that ended.

const STEP_MS = 60_000;
/** About one unprompted spike per zone every five days. */
const SPIKE_CHANCE_PER_MINUTE = 1 / (5 * 1440);
/** Throughput one open connection carries on average. */
const BPS_PER_CONNECTION = 40_000;

export function startSpike(zone: ZoneRecord, now: number): void {
  zone.spikeUntil = now + SPIKE_MS;
}

function carriesTraffic(zone: ZoneRecord): boolean {
  if (!zone.enabled) return false;
  if (zone.provisioning_status === 'deprovisioned') return false;
  return !(zone.network === 'datacenter' && zone.ip_type === 'reserved' && zone.ips.length === 0);
}

/** docs/api.md › Costs: standing charges accrue while a zone is provisioned, enabled or not. */
function accruesStandingCharges(zone: ZoneRecord): boolean {
  return zone.provisioning_status !== 'waiting_for_approval' && zone.provisioning_status !== 'deprovisioned';
}

function chargeBalance(state: ServiceState, cents: number): void {
  const account = state.account;
  let rest = cents;
  if (account.trial_amount_cents !== null) {
    const fromTrial = Math.min(account.trial_amount_cents, rest);
    account.trial_amount_cents -= fromTrial;
    rest -= fromTrial;
    // docs/api.md › Plans, trial and billing status: the trial fields are null once the credit is used.
    if (account.trial_amount_cents <= 0) {
      account.trial_amount_cents = null;
      account.trial_expires_on = null;
    }
  }
  account.balance_cents -= rest;
}

function simulateStep(state: ServiceState, from: number, to: number): void {
  const plan = currentPlan(state);
  const seconds = (to - from) / 1000;
  const rhythm = dailyRhythm(from);
  for (const zone of state.zones.values()) {
    const cost = zoneCost(zone, plan);
    let usageCents = 0;
    let usedBytes = 0;
    let standingCents = 0;
    if (carriesTraffic(zone)) {
      if (state.random() < SPIKE_CHANCE_PER_MINUTE * (seconds / 60)) startSpike(zone, from);
      const spike = zone.spikeUntil !== null && zone.spikeUntil > from ? SPIKE_FACTOR : 1;
      const level = dayLevel(zone.traffic, from);
      const bps = zone.baseBps * level * rhythm * (0.8 + 0.4 * state.random()) * spike;
      const bytes = Math.round((bps / 8) * seconds);
      zone.current_thoughput_bps = Math.round(bps);
      zone.open_connections =
        zone.billing_method === 'per_connection'
          ? Math.min(zone.connection_count, Math.max(1, Math.round(zone.connection_count * rhythm * Math.min(1, level) * spike * (0.5 + 0.3 * state.random()))))
          : Math.max(1, Math.round(bps / BPS_PER_CONNECTION));
      usedBytes = bytes;
      usageCents = (bytes / GB) * cost.per_gigabyte_cents;
    } else {
      zone.current_thoughput_bps = 0;
      zone.open_connections = 0;
    }
    if (accruesStandingCharges(zone)) {
      standingCents = (dailyStandingCents(cost) / 86_400) * seconds;
    }
    const charged = usageCents + standingCents;
    // The step belongs to the UTC day it starts in: steps end on day boundaries (advanceClock).
    if (charged > 0 || usedBytes > 0) addToDay(zone, from, charged, usedBytes, cost);
    if (charged > 0) {
      state.account.month_usage_cents += usageCents;
      state.account.month_standing_cents += standingCents;
      chargeBalance(state, charged);
    }
  }
}

/** docs/api.md › Zone alerts: at most once per UTC period; `disable_*` actions disable the zone once. */
export function checkAlerts(state: ServiceState, at: number): void {
  const date = new Date(at);
  for (const zone of state.zones.values()) {
    const alert = zone.alert;
    if (!alert) continue;
    const period = alertPeriod(alert.type, date);
    if (zone.alertFiredPeriod === period) continue;
    if (alertMeasure(zoneFigures(zone, at), alert.type) < alert.threshold) continue;
    alert.last_triggered = date.toISOString();
    zone.alertFiredPeriod = period;
    if (alert.action.startsWith('disable')) {
      zone.enabled = false;
      zone.current_thoughput_bps = 0;
      zone.open_connections = 0;
    }
  }
}

/** The monthly invoice for the month that just ended, with any shortfall to the plan's minimum. */
function issueMonthlyInvoice(state: ServiceState, monthStart: Date): void {
  const account = state.account;
  const plan = currentPlan(state);
  const spent = account.month_usage_cents + account.month_standing_cents;
  const shortfall = Math.max(0, plan.minimum_monthly_spend_cents - spent);
  state.billing.push(
    invoiceRecord(state, {
      created_on: new Date(state.now).toISOString(),
      name: invoiceName(monthStart),
      usage_charges_cents: account.month_usage_cents,
      standing_charges_cents: account.month_standing_cents + shortfall,
    }),
  );
  // The shortfall is charged at month end (docs/api.md › Plans, trial and billing status).
  if (shortfall > 0) chargeBalance(state, shortfall);
  account.month_usage_cents = 0;
  account.month_standing_cents = 0;
  if (account.status === 'pending_downgrade_plan' && account.pending_downgrade_plan_id) {
    account.plan_id = account.pending_downgrade_plan_id;
    account.status = 'active';
    account.pending_downgrade_plan_id = null;
    account.pending_downgrade_plan_date = null;
  }
}

/** The day and month counters start afresh by themselves (zone-days.ts); a month's end issues its invoice. */
function rollOver(state: ServiceState, previous: number): void {
  const monthEnded = utcMonthKey(new Date(previous)) !== utcMonthKey(new Date(state.now));
  if (monthEnded) issueMonthlyInvoice(state, startOfUtcMonth(new Date(previous)));
}

/** Runs the simulation up to `to` (epoch ms). Never moves the clock backwards. */
export function advanceClock(state: ServiceState, to: number): void {
  while (state.now < to) {
    const from = state.now;
    const dayEnd = startOfNextUtcDay(new Date(from)).getTime();
    const stepEnd = Math.min(to, from + STEP_MS, dayEnd);
    simulateStep(state, from, stepEnd);
    // Alerts belong to the period the traffic fell in, even when the step ends on its boundary.
    checkAlerts(state, stepEnd === dayEnd ? stepEnd - 1 : stepEnd);
    state.now = stepEnd;
    if (stepEnd === dayEnd) rollOver(state, from);
    advanceProvisioning(state);
    const trialEnds = state.account.trial_expires_on ? Date.parse(state.account.trial_expires_on) : Infinity;
    if (state.now >= trialEnds) {
      state.account.trial_amount_cents = null;
      state.account.trial_expires_on = null;
    }
  }
}
