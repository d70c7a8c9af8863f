import type { AccountReadout, AccountsOverview, AccountTotals } from '../../../shared/accounts';
import { combinedMonthEnd } from '../forecast/month-end';

/**
 * The totals across the real accounts: the demo's made-up money is never added to a real balance.
 * `counted` says how many real accounts had figures to add; no figure at all is null, never 0. Pure.
 */
export function accountTotals(accounts: readonly AccountReadout[]): AccountTotals {
  const real = accounts.filter((account) => !account.demo);
  const withBalance = real.flatMap((account) => (account.figures.balanceCents === null ? [] : [account.figures.balanceCents]));
  const withSpend = real.flatMap((account) => (account.figures.spendTodayCents === null ? [] : [account.figures.spendTodayCents]));
  const sum = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0));
  return {
    balanceCents: sum(withBalance),
    spendTodayCents: sum(withSpend),
    counted: withBalance.length,
    monthEnd: combinedMonthEnd(real.flatMap((account) => (account.figures.monthEnd === null ? [] : [account.figures.monthEnd]))),
    real: real.length,
    needAttention: accounts.filter((account) => account.needsAttention).length,
  };
}

/** Every account's read model in the user's order, with the totals. Pure. */
export function accountsOverview(accounts: readonly AccountReadout[]): AccountsOverview {
  return { accounts: [...accounts], totals: accountTotals(accounts) };
}
