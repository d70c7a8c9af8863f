import type { AccountFigures } from '../../../shared/accounts';
import type { MonthEndForecast } from '../../../shared/forecast';
import type { HistoryPoint } from '../../../shared/history';
import type { Snapshot } from '../../../shared/snapshot';
import { spendForecast } from './spend-forecast';
import { sumZoneFigure, zoneCoverage } from './zone-sums';

/**
 * An account's figures from what the core holds of it: balance, spend today over the zones whose
 * spend is known (and how many that is), this month against the plan minimum, throughput, and the
 * forecast (burn rate and runway on its history; the month end as electron/core/forecast/ worked it
 * out). The one derivation the summary row, the tray, the window and the alert rules read. Pure.
 */
export function accountFigures(snapshot: Snapshot, history: readonly HistoryPoint[], monthEnd: MonthEndForecast | null, now: number): AccountFigures {
  const account = snapshot.account.data;
  const zones = Object.values(snapshot.zones).map((entry) => entry.zone);
  const spendTodayCents = sumZoneFigure(zones, 'spend_today_cents');
  const balanceCents = account?.billing.balance.amount_total_cents ?? null;
  const spendMonthCents = account?.billing.spend.amount_cents ?? null;
  const minimum = account ? account.plan.prorata_minimum_monthly_spend_cents || account.plan.minimum_monthly_spend_cents : 0;
  // Before the account is read there is nothing to forecast from.
  const forecast =
    account === null
      ? null
      : spendForecast({
          history,
          spendTodayCents: spendTodayCents ?? 0,
          spendMonthCents: account.billing.spend.amount_cents,
          balanceCents,
          now,
        });
  const runway = forecast?.runwayHours ?? null;
  return {
    balanceCents,
    spendTodayCents,
    spendTodayCoverage: zoneCoverage(snapshot, 'spend_today_cents'),
    spendMonthCents,
    planMinimumCents: account && !account.plan.is_pay_as_you_go && minimum > 0 ? minimum : null,
    burnCentsPerHour: forecast?.burnCentsPerHour ?? null,
    // Nothing being spent: no runway to speak of (the burn rate, 0, says why).
    runwayHours: runway !== null && Number.isFinite(runway) ? runway : null,
    monthEnd: account === null ? null : monthEnd,
    throughputBps: sumZoneFigure(zones, 'current_thoughput_bps'),
    throughputCoverage: zoneCoverage(snapshot, 'current_thoughput_bps'),
    zones: zoneCoverage(snapshot),
  };
}
