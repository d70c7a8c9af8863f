import type { Snapshot } from '../../../shared/snapshot';

/** The account-wide figures the rules compare with thresholds, read from one snapshot. */
export interface AccountFigures {
  /** Sum of the zones' spend today (the account object has no "today" figure). */
  spendTodayCents: number;
  /** The account's spend this month; the zones' sum when the account is unknown. */
  spendMonthCents: number;
  /** Balance including trial credit (`amount_total_cents`), null when the account is unknown. */
  balanceCents: number | null;
}

export function accountFigures(snapshot: Snapshot): AccountFigures {
  let spendTodayCents = 0;
  let zonesMonthCents = 0;
  // A zone whose spend is unknown adds nothing: the sums are then a floor of the true spend, so a
  // threshold they pass is passed for sure, and none is crossed on a guess.
  for (const { zone } of Object.values(snapshot.zones)) {
    spendTodayCents += zone.spend_today_cents ?? 0;
    zonesMonthCents += zone.spend_this_month_cents ?? 0;
  }
  const account = snapshot.account.data;
  return {
    spendTodayCents,
    spendMonthCents: account?.billing.spend.amount_cents ?? zonesMonthCents,
    balanceCents: account?.billing.balance.amount_total_cents ?? null,
  };
}

/** When the account data was fetched (its day and month name the period), else `now`. */
export function accountDataTime(snapshot: Snapshot, now: number): number {
  const at = snapshot.account.fetchedAt;
  return at === null ? now : Date.parse(at);
}

/** When the zone data was fetched, else `now`. */
export function zoneDataTime(snapshot: Snapshot, now: number): number {
  const at = snapshot.zonesFetch.fetchedAt;
  return at === null ? now : Date.parse(at);
}
