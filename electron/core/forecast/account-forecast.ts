import type { Snapshot } from '../../../shared/snapshot';
import { BILLING_MONTH_DAYS } from '../../../shared/units';
import type { DerivedMonth } from '../ledger/ledger-model';
import { type AccountMonthEnd, monthEndForecast, type MonthEndInput, type ZoneForecastInput } from './month-end';


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

/** What the forecast takes of the latest snapshot, besides the ledger's months; null before the account is read. */
export type MonthEndArgs = Omit<MonthEndInput, 'months'>;

export function monthEndArgs(snapshot: Pick<Snapshot, 'zones' | 'account'>, now: number): MonthEndArgs | null {
  const account = snapshot.account.data;
  return account === null ? null : { zones: zoneForecastInputs(snapshot), accountSpentCents: account.billing.spend.amount_cents, now };
}

/** Before the account is read there is nothing to forecast. */
export const NO_MONTH_END: AccountMonthEnd = { account: null, zones: new Map() };

/**
 * The account's month-end forecast from its snapshot and its ledger (docs/architecture.md ›
 * Month-end forecast): the one the read model, a zone's detail and the alert rules all read. Pure.
 */
export function snapshotMonthEnd(snapshot: Pick<Snapshot, 'zones' | 'account'>, months: readonly DerivedMonth[], now: number): AccountMonthEnd {
  const args = monthEndArgs(snapshot, now);
  return args === null ? NO_MONTH_END : monthEndForecast({ months, ...args });
}
