import type { z } from 'zod';
import type { UsersQuery } from '../../../shared/api/user';
import type { PlanAdvice } from '../../../shared/views';
import { utcMonthKey } from '../../../shared/units';
import type { ApiClient, UsersResult } from '../api/client';
import { adviseOnPlans } from '../billing/plan-advice';
import type { BillingCache } from '../billing/cache';
import type { SnapshotStore } from '../data/snapshot-store';

export type AccountLookups = {
  /** One page of the account's team members, as the service answers it. */
  users(query: z.input<typeof UsersQuery>): Promise<UsersResult>;
  /** This month's usage priced on every plan (the plans read once, if the cycle has not yet). */
  planAdvice(): Promise<PlanAdvice>;
};

/** What one account looks up on demand, beside its polling: its team and the plan advisor. */
export function createAccountLookups(deps: { client: () => ApiClient; store: SnapshotStore; billing: () => BillingCache; now: () => number }): AccountLookups {
  return {
    users: (query) => deps.client().listUsers(query),
    async planAdvice() {
      let plans = deps.store.get().plans.data;
      if (!plans) {
        const fetched = await deps.client().listPlans();
        deps.store.plansFetched(fetched.plans, new Date(deps.now()).toISOString());
        plans = fetched.plans;
      }
      const snapshot = deps.store.get();
      const lastInvoice = deps.billing().entries.find((entry) => entry.type === 'invoice') ?? null;
      return adviseOnPlans({
        plans,
        zones: Object.values(snapshot.zones).map((entry) => entry.zone),
        currentPlanId: snapshot.account.data?.plan.plan_id ?? null,
        lastInvoice,
        month: utcMonthKey(new Date(deps.now())),
      });
    },
  };
}
