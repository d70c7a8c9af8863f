import { formatBilled } from '../../../../shared/money';
import { startOfUtcMonth, utcMonthKey } from '../../../../shared/units';
import { accountDataTime } from '../data-time';
import { HOUR_MS } from '../../../../shared/burn-rate';
import type { OnceEvent, RuleContext } from '../rule-context';

/** A month-average projection on the first day of a month says little; wait a day before predicting a shortfall. */
const SHORTFALL_MIN_ELAPSED_MS = 24 * HOUR_MS;

/** The month's spend projected to its end, as the account's read model forecasts it. */
function monthEndOf(ctx: RuleContext): number | null {
  return ctx.input.figures.monthEndCents;
}

export function monthlyBudgetEvents(ctx: RuleContext): OnceEvent[] {
  const { snapshot } = ctx.input;
  if (snapshot.account.data === null) return [];
  const budget = ctx.settings.monthlyBudget.budgetCents;
  const month = utcMonthKey(new Date(accountDataTime(snapshot, ctx.now)));
  const spent = ctx.input.figures.spendMonthCents ?? 0;
  const projected = monthEndOf(ctx);
  if (budget <= 0 || projected === null || projected <= budget) return [];
  const already = spent > budget;
  return [
    {
      draft: {
        rule: 'monthlyBudget',
        key: `monthlyBudget:${budget}:${month}`,
        severity: already ? 'critical' : 'warning',
        title: already ? `Over your monthly budget of ${formatBilled(budget)}` : `Month-end spend forecast is over your ${formatBilled(budget)} budget`,
        body: already
          ? `Your account has spent ${formatBilled(spent)} this month (UTC); at the current rate it ends the month near ${formatBilled(projected)}.`
          : `Your account has spent ${formatBilled(spent)} this month (UTC) and, at the current rate, ends it near ${formatBilled(projected)}.`,
        target: { view: 'overview' },
      },
    },
  ];
}

/** docs/api.md › Plans, trial and billing status: a month-end charge makes up any shortfall against the plan's minimum. */
export function minimumShortfallEvents(ctx: RuleContext): OnceEvent[] {
  const account = ctx.input.snapshot.account.data;
  if (account === null || account.billing.spend.minimum_monthly_spend_met) return [];
  const { plan } = account;
  // The first month of a plan has a pro-rated minimum.
  const minimum = plan.prorata_minimum_monthly_spend_cents > 0 ? plan.prorata_minimum_monthly_spend_cents : plan.minimum_monthly_spend_cents;
  if (minimum <= 0) return [];
  if (ctx.now - startOfUtcMonth(new Date(ctx.now)).getTime() < SHORTFALL_MIN_ELAPSED_MS) return [];
  const projected = monthEndOf(ctx);
  if (projected === null || projected >= minimum) return [];
  const month = utcMonthKey(new Date(accountDataTime(ctx.input.snapshot, ctx.now)));
  return [
    {
      draft: {
        rule: 'minimumShortfall',
        key: `minimumShortfall:${minimum}:${month}`,
        severity: 'info',
        title: `About ${formatBilled(minimum - projected)} short of your plan's minimum`,
        body:
          `The ${plan.name} plan has a ${formatBilled(minimum)} monthly minimum. At the current rate this month ends near ` +
          `${formatBilled(projected)}, so a month-end charge of about ${formatBilled(minimum - projected)} makes up the difference.`,
        target: { view: 'plans' },
      },
    },
  ];
}
