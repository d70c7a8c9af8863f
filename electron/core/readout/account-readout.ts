import type { AccountState, AccountSummary, AccountsOverview } from '../../../shared/accounts';
import type { HistoryPoint } from '../../../shared/history';
import { type Severity } from '../../../shared/notification';
import type { Profile } from '../../../shared/settings';
import type { Snapshot } from '../../../shared/snapshot';
import { spendForecast } from '../../../shared/spend-forecast';
import type { Status } from '../../../shared/status';
import { sumZoneFigure, zoneCoverage } from '../../../shared/zone-coverage';
import { updatedAgo } from '../tray/updated-ago';

export type AccountSummaryInput = {
  profile: Pick<Profile, 'id' | 'label' | 'color' | 'baseUrl'>;
  demo: boolean;
  status: Status;
  snapshot: Snapshot;
  history: readonly HistoryPoint[];
  attention: Severity | null;
  now: number;
};

/** One word for how the account is doing, and the same in a few plain words. Pure. */
export function accountState(status: Status, snapshot: Snapshot, now: number): { state: AccountState; stateText: string } {
  const ago = updatedAgo(status.lastSuccessAt, now);
  if (status.auth === 'rejected') return { state: 'rejected', stateText: 'API key rejected — polling stopped' };
  if (status.poll === 'no_key') return { state: 'rejected', stateText: 'No API key stored — enter one' };
  if (status.offline) return { state: 'offline', stateText: `Offline — ${ago}` };
  if (status.consecutiveFailures > 0 && status.lastError) {
    return { state: 'failing', stateText: `${status.consecutiveFailures === 1 ? 'Last update failed' : `${status.consecutiveFailures} updates failed`} — ${ago}` };
  }
  if (status.stale) return { state: 'stale', stateText: `Out of date — ${ago}` };
  if (snapshot.account.data === null) return { state: 'loading', stateText: status.refreshing ? 'Loading…' : 'No data yet' };
  if (status.poll === 'paused' || status.poll === 'suspended') return { state: 'paused', stateText: `Paused — ${ago}` };
  return { state: 'ok', stateText: ago.charAt(0).toUpperCase() + ago.slice(1) };
}

/** The "All accounts" row of one account, from what the core holds for it. Pure. */
export function accountSummary(input: AccountSummaryInput): AccountSummary {
  const { profile, status, snapshot, now } = input;
  const account = snapshot.account.data;
  const zones = Object.values(snapshot.zones).map((entry) => entry.zone);
  const spendTodayCents = sumZoneFigure(zones, 'spend_today_cents');
  const coverage = zoneCoverage(snapshot, 'spend_today_cents');
  const balanceCents = account?.billing.balance.amount_total_cents ?? null;
  const spendMonthCents = account?.billing.spend.amount_cents ?? null;
  const minimum = account ? account.plan.prorata_minimum_monthly_spend_cents || account.plan.minimum_monthly_spend_cents : 0;
  const forecast =
    spendTodayCents === null || spendMonthCents === null
      ? null
      : spendForecast({ history: input.history, spendTodayCents, spendMonthCents, balanceCents, now });
  const runway = forecast?.runwayHours ?? null;
  return {
    profileId: profile.id,
    label: profile.label,
    color: profile.color,
    demo: input.demo,
    baseUrl: profile.baseUrl,
    ...accountState(status, snapshot, now),
    balanceCents,
    spendTodayCents,
    spendMonthCents,
    planMinimumCents: account && !account.plan.is_pay_as_you_go && minimum > 0 ? minimum : null,
    burnCentsPerHour: forecast?.burnCentsPerHour ?? null,
    // Nothing being spent: no runway to speak of (the burn rate, 0, says why).
    runwayHours: runway !== null && Number.isFinite(runway) ? runway : null,
    zonesCounted: coverage.known,
    zonesTotal: coverage.total,
    lastSuccessAt: status.lastSuccessAt,
    attention: input.attention,
  };
}

const NEEDS_A_LOOK: ReadonlySet<AccountState> = new Set(['rejected', 'failing', 'offline', 'stale']);

/** Whether an account asks for a look: its state, or a warning the user has not seen yet. Pure. */
export function needsAttention(summary: AccountSummary): boolean {
  return NEEDS_A_LOOK.has(summary.state) || summary.attention === 'warning' || summary.attention === 'critical';
}

/**
 * Every account's row and the totals across the real ones: the demo is never added to a real
 * balance. `counted` says how many real accounts had figures to add. Pure.
 */
export function accountsOverview(accounts: readonly AccountSummary[]): AccountsOverview {
  const real = accounts.filter((account) => !account.demo);
  const withBalance = real.filter((account) => account.balanceCents !== null);
  const withSpend = real.filter((account) => account.spendTodayCents !== null);
  const sum = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0));
  return {
    accounts: [...accounts],
    totals: {
      balanceCents: sum(withBalance.map((account) => account.balanceCents!)),
      spendTodayCents: sum(withSpend.map((account) => account.spendTodayCents!)),
      counted: withBalance.length,
      real: real.length,
    },
    needAttention: accounts.filter(needsAttention).length,
  };
}
