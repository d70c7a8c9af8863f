import type { HandlerTable } from '../../ipc-dispatch';
import type { Logger } from '../../ports';
import type { AccountWatch } from '../../watch/account-watch';
import { apiCall } from '../api-call';

export type PlansHandlers = Pick<HandlerTable, 'plans:advisor'>;

/** The plan advisor of one account: this month's usage priced on every plan. */
export function createPlansHandlers(ctx: { account: (profileId: string) => Pick<AccountWatch, 'lookups'>; logger: Logger }): PlansHandlers {
  return {
    'plans:advisor': async ({ profileId }) => {
      const lookups = ctx.account(profileId).lookups;
      return apiCall(ctx.logger, 'list the plans', () => lookups.planAdvice());
    },
  };
}
