import { gapEntries, summarizeGaps } from '../../data/data-gaps';
import type { HandlerTable } from '../../ipc-dispatch';
import type { Logger } from '../../ports';
import type { AccountWatch } from '../../watch/account-watch';
import { apiCall } from '../api-call';

export type UsersHandlers = Pick<HandlerTable, 'users:list'>;

/** One account's team members, a page at a time, with what could not be read said in words. */
export function createUsersHandlers(ctx: { account: (profileId: string) => Pick<AccountWatch, 'lookups'>; logger: Logger }): UsersHandlers {
  return {
    // The account's id names it here; it is not a query field of the service.
    'users:list': async ({ profileId, ...query }) => {
      const lookups = ctx.account(profileId).lookups;
      const result = await apiCall(ctx.logger, 'list the team members', () => lookups.users(query));
      const gaps = summarizeGaps(gapEntries('users', result.dropped, result.gaps));
      return {
        users: result.users,
        pagination: result.pagination,
        info: result.info,
        dropped: result.dropped.length,
        gapsMessage: gaps.length === 0 ? null : gaps.map((gap) => gap.message).join(' '),
      };
    },
  };
}
