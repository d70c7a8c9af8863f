import type { AccountChannel } from '../../../../shared/ipc';
import { utcMonthKey } from '../../../../shared/units';
import type { AccountSessions } from '../../accounts/key-check';
import type { HandlerTable } from '../../ipc-dispatch';
import { adviseOnPlans } from '../../billing/plan-advice';
import type { Clock, Logger, Shell } from '../../ports';
import type { SnapshotStore } from '../../data/snapshot-store';
import { apiCall } from '../api-call';
import { gapEntries, summarizeGaps } from '../../data/data-gaps';

export type AccountHandlers = Pick<HandlerTable, Extract<AccountChannel, `account:${string}` | `users:${string}` | `plans:${string}`>>;

export type AccountHandlersContext = {
  sessions: Pick<AccountSessions, 'current' | 'require'>;
  store: SnapshotStore;
  shell: Shell;
  clock: Clock;
  logger: Logger;
};

/** The account's dashboard link, its team members and the plan advisor. */
export function createAccountHandlers(ctx: AccountHandlersContext): AccountHandlers {
  const { sessions, store, clock, logger } = ctx;
  return {
    'account:openDashboard': async () => {
      const url = sessions.current()?.profile.dashboardUrl ?? null;
      if (!url) return { opened: false };
      await ctx.shell.openExternal(url);
      return { opened: true };
    },
    // The account's id names it here; it is not a query field of the service.
    'users:list': async ({ profileId: _account, ...query }) => {
      const s = sessions.require();
      const result = await apiCall(logger, 'list the team members', () => s.client.listUsers(query));
      const gaps = summarizeGaps(gapEntries('users', result.dropped, result.gaps));
      return {
        users: result.users,
        pagination: result.pagination,
        info: result.info,
        dropped: result.dropped.length,
        gapsMessage: gaps.length === 0 ? null : gaps.map((gap) => gap.message).join(' '),
      };
    },
    'plans:advisor': async () => {
      const s = sessions.require();
      let plans = store.get().plans.data;
      if (!plans) {
        const fetched = await apiCall(logger, 'list the plans', () => s.client.listPlans());
        store.plansFetched(fetched.plans, new Date(clock.now()).toISOString());
        plans = fetched.plans;
      }
      const snapshot = store.get();
      const lastInvoice = s.billingDoc.get().entries.find((e) => e.type === 'invoice') ?? null;
      return adviseOnPlans({
        plans,
        zones: Object.values(snapshot.zones).map((entry) => entry.zone),
        currentPlanId: snapshot.account.data?.plan.plan_id ?? null,
        lastInvoice,
        month: utcMonthKey(new Date(clock.now())),
      });
    },
  };
}
