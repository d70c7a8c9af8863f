import type { Snapshot } from '../../../shared/snapshot';
import { BILLING_MONTH_DAYS } from '../../../shared/units';
import type { DerivedMonth } from '../ledger/ledger-model';
import { type AccountMonthEnd, monthEndForecast, type ZoneForecastInput } from './month-end';


/** What the forecast needs of each zone, from the latest snapshot. Pure. */
export function zoneForecastInputs(snapshot: Pick<Snapshot, 'zones'>): ZoneForecastInput[] {
  return Object.values(snapshot.zones).map(({ zone }) => ({
    zoneId: zone.zone_id,
    spentMonthCents: zone.spend_this_month_cents ?? null,
    spentTodayCents: zone.spend_today_cents ?? null,
    running: zone.enabled ?? null,
    standingCentsPerDay: (zone.cost.standing_charges_cents_monthly ?? 0) / BILLING_MONTH_DAYS,
  }));
}

/**
 * The account's month-end forecast from its snapshot and its ledger (docs/architecture.md ›
 * Month-end forecast): the one the read model, a zone's detail and the alert rules all read.
 * Before the account is read there is nothing to forecast. Pure.
 */
export function snapshotMonthEnd(snapshot: Pick<Snapshot, 'zones' | 'account'>, months: readonly DerivedMonth[], now: number): AccountMonthEnd {
  const account = snapshot.account.data;
  if (account === null) return { account: null, zones: new Map() };
  return monthEndForecast({ months, zones: zoneForecastInputs(snapshot), accountSpentCents: account.billing.spend.amount_cents, now });
}
