import type { AccountSummary, AccountsOverview } from '../../../shared/accounts';
import { useAccountsStore } from '../../../renderer/src/stores/accounts-store';

/** A healthy real account's row of "All accounts"; figures in cents. */
export function summary(profileId: string, patch: Partial<AccountSummary> = {}): AccountSummary {
  return {
    profileId,
    label: profileId,
    color: 'blue',
    demo: false,
    baseUrl: 'https://api.bytio.com',
    state: 'ok',
    stateText: 'Up to date',
    balanceCents: 50_000,
    spendTodayCents: 1_200,
    spendMonthCents: 42_000,
    planMinimumCents: 50_000,
    burnCentsPerHour: 300,
    runwayHours: 40,
    zonesCounted: 3,
    zonesTotal: 3,
    lastSuccessAt: '2026-11-22T10:00:00.000Z',
    attention: null,
    ...patch,
  };
}

/** The overview of these accounts, totals over the real ones with figures (as the core adds them). */
export function overviewOf(accounts: AccountSummary[], patch: Partial<AccountsOverview> = {}): AccountsOverview {
  const real = accounts.filter((a) => !a.demo);
  const counted = real.filter((a) => a.balanceCents !== null);
  const sum = (pick: (a: AccountSummary) => number | null) => (counted.length === 0 ? null : counted.reduce((t, a) => t + (pick(a) ?? 0), 0));
  return {
    accounts,
    totals: { balanceCents: sum((a) => a.balanceCents), spendTodayCents: sum((a) => a.spendTodayCents), counted: counted.length, real: real.length },
    needAttention: accounts.filter((a) => a.attention !== null).length,
    ...patch,
  };
}

/** The window shows this account, as after a pick in the switcher. */
export function showAccount(profileId: string, accounts: AccountSummary[] = [summary(profileId, { label: 'Acme proxies' })]): void {
  useAccountsStore.setState({ overview: overviewOf(accounts), selection: profileId, adding: false, error: null });
}
