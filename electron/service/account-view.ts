import type { AccountInfoWire } from '../../shared/api/responses';
import { startOfNextUtcMonth } from '../../shared/units';
import type { ServiceState, UserRecord } from './service-model';
import { currentPlan } from './zone-operations';

/** Operation 9 of docs/api.md › The nine operations, for the key's own user. `pending_*` appear only in the matching status (docs/api.md › Presence rules). */
export function accountInfo(state: ServiceState, user: UserRecord): AccountInfoWire {
  const account = state.account;
  const plan = currentPlan(state);
  const spent = account.month_usage_cents + account.month_standing_cents;
  // Only a plan's first month is pro-rated (docs/api.md › Plans, trial and billing status); the simulated account is
  // never in its first month, so the pro-rated minimum is the whole minimum.
  const minimum = plan.minimum_monthly_spend_cents;
  const now = new Date(state.now);
  return {
    status: 'ok',
    user: {
      user_id: user.user_id,
      api_key: user.api_key,
      team_id: user.team_id,
      name: user.name,
      email: user.email,
      role: user.role,
      picture: user.picture,
    },
    kyc: { completed_on: account.kyc_completed_on },
    billing: {
      status: account.status,
      ...(account.status === 'pending_account_closure'
        ? { pending_account_closure_date: account.pending_account_closure_date ?? startOfNextUtcMonth(now).toISOString() }
        : {}),
      ...(account.status === 'pending_downgrade_plan'
        ? {
            pending_downgrade_plan_date: account.pending_downgrade_plan_date ?? startOfNextUtcMonth(now).toISOString(),
            pending_downgrade_plan_id: account.pending_downgrade_plan_id ?? 'payg',
          }
        : {}),
      address: { ...account.address },
      balance: {
        amount_cents: account.balance_cents,
        trial_amount_cents: account.trial_amount_cents,
        amount_total_cents: account.balance_cents + (account.trial_amount_cents ?? 0),
        trial_expires_on: account.trial_expires_on,
      },
      spend: {
        amount_cents: spent,
        minimum_monthly_spend_met: spent >= minimum,
        // What the month-end charge would add now to reach the (pro-rated) minimum.
        prorata_amount_cents: Math.max(0, minimum - spent),
      },
    },
    plan: {
      plan_id: plan.plan_id,
      name: plan.name,
      is_pay_as_you_go: plan.is_pay_as_you_go,
      minimum_monthly_spend_cents: plan.minimum_monthly_spend_cents,
      prorata_minimum_monthly_spend_cents: minimum,
      next_payment_date: startOfNextUtcMonth(now).toISOString(),
    },
  };
}

