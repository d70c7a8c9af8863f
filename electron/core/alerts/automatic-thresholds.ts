import type { AccountInfo } from '../../../shared/api/account';
import type { BillingEntry } from '../../../shared/api/billing';

const DAY_MS = 86_400_000;

/** What automatic thresholds are shares of: the plan minimum, or last month's spend on pay-as-you-go. */
export type ThresholdBase = { kind: 'planMinimum' | 'lastMonth'; monthCents: number };

/** Month thresholds as shares of the base: a minimum-spend plan's shortfall is charged anyway, so warnings start at it. */
export const PLAN_MINIMUM_SHARES = [1, 1.25, 1.5] as const;
export const LAST_MONTH_SHARES = [1, 1.5] as const;
/** Day thresholds as multiples of an average day of the base (month ÷ 30, docs/api.md › Costs). */
export const DAY_SHARES = [1.5, 3] as const;

/** An invoice older than this is not last month's: the account has no recent month to compare with. */
const LAST_INVOICE_MAX_AGE_MS = 45 * DAY_MS;

/** Whole dollars: thresholds read as "$2,500", not "$2,499.99". */
function dollars(cents: number): number {
  return Math.max(100, Math.round(cents / 100) * 100);
}

/**
 * The base of the automatic thresholds: a minimum-spend plan's minimum; on pay-as-you-go, the
 * usage and standing charges of the newest invoice (last month's spend), if one is recent; null
 * when neither is known (no account data, or no month of history yet). Pure.
 */
export function thresholdBase(account: AccountInfo | null, billing: readonly BillingEntry[] | null, now: number): ThresholdBase | null {
  if (account === null) return null;
  const minimum = account.plan.minimum_monthly_spend_cents;
  if (!account.plan.is_pay_as_you_go && minimum > 0) return { kind: 'planMinimum', monthCents: minimum };
  let newest: { at: number; cents: number } | null = null;
  for (const entry of billing ?? []) {
    if (entry.type !== 'invoice') continue;
    const at = Date.parse(entry.created_on);
    if (now - at > LAST_INVOICE_MAX_AGE_MS || at > now) continue;
    // An invoice whose charges came unreadable (docs/api.md › Degrading at the smallest unit) gives no base, never a guess.
    if (entry.usage_charges_cents === undefined || entry.standing_charges_cents === undefined) continue;
    if (newest === null || at > newest.at) newest = { at, cents: entry.usage_charges_cents + entry.standing_charges_cents };
  }
  return newest === null || newest.cents <= 0 ? null : { kind: 'lastMonth', monthCents: newest.cents };
}

/** `ownShares`: the user's shares of the base (shared rules over several accounts), instead of the built-in ones. */
export function automaticMonthThresholds(base: ThresholdBase | null, ownShares?: readonly number[]): number[] {
  if (base === null) return [];
  const shares = ownShares ?? (base.kind === 'planMinimum' ? PLAN_MINIMUM_SHARES : LAST_MONTH_SHARES);
  return [...new Set(shares.map((share) => dollars(base.monthCents * share)))].sort((a, b) => a - b);
}

/** `ownShares`: multiples of an average day of the base, instead of the built-in ones. */
export function automaticDayThresholds(base: ThresholdBase | null, ownShares?: readonly number[]): number[] {
  if (base === null) return [];
  return [...new Set((ownShares ?? DAY_SHARES).map((share) => dollars((base.monthCents / 30) * share)))].sort((a, b) => a - b);
}
