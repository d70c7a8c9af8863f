import type { AccountChannel } from '../../../../shared/ipc';
import type { HandlerTable } from '../../ipc-dispatch';
import type { Logger } from '../../ports';
import type { AccountWatch } from '../../watch/account-watch';
import { apiCall } from '../api-call';

export type CapsHandlers = Pick<HandlerTable, Extract<AccountChannel, `caps:${string}`>>;

/** Spend caps of one account in bulk: the view, the preview, apply, Retry and Undo (docs/desktop.md › Caps). */
export function createCapsHandlers(ctx: { account: (profileId: string) => Pick<AccountWatch, 'caps'>; logger: Logger }): CapsHandlers {
  const { logger } = ctx;
  const caps = (profileId: string) => ctx.account(profileId).caps;
  return {
    'caps:get': async ({ profileId }) => caps(profileId).view(),
    'caps:preview': async ({ profileId, zoneIds, rule }) => caps(profileId).preview(zoneIds, rule),
    'caps:apply': async ({ profileId, changes }) => apiCall(logger, 'set the caps', () => caps(profileId).apply(changes)),
    'caps:retry': async ({ profileId }) => apiCall(logger, 'retry the caps', () => caps(profileId).retry()),
    'caps:undo': async ({ profileId }) => apiCall(logger, 'undo the caps', () => caps(profileId).undo()),
    'caps:forget': async ({ profileId }) => caps(profileId).forget(),
    'caps:setAccountCap': async ({ profileId, rule }) => {
      caps(profileId).setAccountCap(rule);
      return caps(profileId).view();
    },
  };
}
