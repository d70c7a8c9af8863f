import type { AccountReadout, AccountsOverview } from '../../../shared/accounts';
import { forecastDollars } from '../../../shared/forecast';
import { formatBalance, formatBilled } from '../../../shared/money';
import { accountRunwayText } from './runway-text';

const accountsWord = (n: number) => (n === 1 ? '1 account' : `${n} accounts`);

/** The "All accounts" totals in words: a missing figure is "—", never $0.00. */
export type TotalsText = {
  balance: string;
  spendToday: string;
  /** Which accounts the totals add up: "2 of 3 accounts" while some have no data yet. */
  coverage: string;
  /** "1 account needs attention"; null when none does. */
  attention: string | null;
  /** Said when the demo is watched: it is never in a total. */
  demoNote: string | null;
};

export function totalsText(overview: AccountsOverview): TotalsText {
  const { totals, accounts } = overview;
  const { needAttention } = totals;
  const demo = accounts.some((a) => a.demo);
  return {
    balance: totals.balanceCents === null ? '—' : formatBalance(totals.balanceCents),
    spendToday: totals.spendTodayCents === null ? '—' : formatBilled(totals.spendTodayCents),
    coverage:
      totals.real === 0
        ? 'No account of your own yet'
        : totals.counted < totals.real
          ? `${totals.counted} of ${accountsWord(totals.real)}`
          : totals.real === 1
            ? 'Your 1 account'
            : `All ${totals.real} accounts`,
    attention: needAttention === 0 ? null : `${accountsWord(needAttention)} ${needAttention === 1 ? 'needs' : 'need'} attention`,
    demoNote: demo ? 'The demo account is left out of the totals.' : null,
  };
}

/** One row of "All accounts" in words; every figure the account has not got yet reads "—". */
export type AccountRowText = {
  balance: string;
  spendToday: string;
  /** "$420.00 of $500.00 minimum", or the month's spend alone when the plan has no minimum. */
  spendMonth: string;
  burn: string;
  runway: string;
  /** "≈ $2,410 ($2,280–$2,560)": the month-end forecast and its 80 % range. */
  monthEnd: string;
};

export function accountRowText(account: AccountReadout): AccountRowText {
  const { balanceCents, spendTodayCents, spendMonthCents, planMinimumCents, burnCentsPerHour, monthEnd } = account.figures;
  const month = spendMonthCents === null ? '—' : formatBilled(spendMonthCents);
  return {
    balance: balanceCents === null ? '—' : formatBalance(balanceCents),
    spendToday: spendTodayCents === null ? '—' : formatBilled(spendTodayCents),
    spendMonth: spendMonthCents !== null && planMinimumCents !== null && planMinimumCents > 0 ? `${month} of ${formatBilled(planMinimumCents)} minimum` : month,
    burn: burnCentsPerHour === null ? 'not enough data yet' : `${formatBilled(burnCentsPerHour)}/h`,
    runway: accountRunwayText(account.figures) ?? '—',
    monthEnd: monthEnd === null ? '—' : `≈ ${forecastDollars(monthEnd.expectedCents)} (${forecastDollars(monthEnd.lowCents)}–${forecastDollars(monthEnd.highCents)})`,
  };
}
