import { forecastDollars, type MonthEndForecast } from '../../../../shared/forecast';
import { formatBilled } from '../../../../shared/money';
import { startOfUtcMonth, utcMonthKey } from '../../../../shared/units';
import { accountDataTime } from '../data-time';
import { HOUR_MS } from '../../../../shared/burn-rate';
import type { OnceEvent, RuleContext } from '../rule-context';

/** A month-average projection on the first day of a month says little; wait a day before predicting a shortfall. */
const SHORTFALL_MIN_ELAPSED_MS = 24 * HOUR_MS;

/** The month-end forecast as the account's read model has it (docs/architecture.md › Month-end forecast). */
function monthEndOf(ctx: RuleContext): MonthEndForecast | null {
  return ctx.input.figures.monthEnd;
}

/**
 * "Month-end forecast over budget", at most twice a month: "may pass" once when the forecast's
 * 80 % range reaches above the budget, "will pass" once when even its lower end does (or the month
 * has already spent it). When both hold at once only "will pass" is said, and it stands for both.
 */
export function monthlyBudgetEvents(ctx: RuleContext): OnceEvent[] {
  const { snapshot } = ctx.input;
  if (snapshot.account.data === null) return [];
  const budget = ctx.settings.monthlyBudget.budgetCents;
  const month = utcMonthKey(new Date(accountDataTime(snapshot, ctx.now)));
  const spent = ctx.input.figures.spendMonthCents ?? 0;
  const forecast = monthEndOf(ctx);
  if (budget <= 0 || forecast === null || forecast.highCents <= budget) return [];
  const mayKey = `monthlyBudget:may:${budget}:${month}`;
  const range = `${forecastDollars(forecast.lowCents)}–${forecastDollars(forecast.highCents)}`;
  const already = spent > budget;
  if (already || forecast.lowCents > budget) {
    return [
      {
        draft: {
          rule: 'monthlyBudget',
          key: `monthlyBudget:will:${budget}:${month}`,
          severity: already ? 'critical' : 'warning',
          title: already ? `Over your monthly budget of ${formatBilled(budget)}` : `This month will pass your ${formatBilled(budget)} budget`,
          body:
            `Your account has spent ${formatBilled(spent)} this month (UTC); it is expected to end the month near ` +
            `${forecastDollars(forecast.expectedCents)} (likely ${range}).`,
          target: { view: 'overview' },
        },
        alsoMarks: [mayKey],
      },
    ];
  }
  return [
    {
      draft: {
        rule: 'monthlyBudget',
        key: mayKey,
        severity: 'warning',
        title: `This month may pass your ${formatBilled(budget)} budget`,
        body:
          `Your account has spent ${formatBilled(spent)} this month (UTC). It is expected to end the month near ` +
          `${forecastDollars(forecast.expectedCents)}, likely ${range}: the upper end of that range is over the budget.`,
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
  const forecast = monthEndOf(ctx);
  if (forecast === null || forecast.expectedCents >= minimum) return [];
  const projected = forecast.expectedCents;
  const month = utcMonthKey(new Date(accountDataTime(ctx.input.snapshot, ctx.now)));
  return [
    {
      draft: {
        rule: 'minimumShortfall',
        key: `minimumShortfall:${minimum}:${month}`,
        severity: 'info',
        title: `About ${formatBilled(minimum - projected)} short of your plan's minimum`,
        body:
          `The ${plan.name} plan has a ${formatBilled(minimum)} monthly minimum. This month is expected to end near ` +
          `${forecastDollars(projected)} (likely ${forecastDollars(forecast.lowCents)}–${forecastDollars(forecast.highCents)}), so a month-end charge of about ${formatBilled(minimum - projected)} makes up the difference.`,
        target: { view: 'plans' },
      },
    },
  ];
}
