import type { HandlerTable } from '../../ipc-dispatch';
import type { AccountRegistry } from '../../accounts/account-registry';
import { paletteAccount } from '../../palette/palette-zones';
import type { RecentChoices } from '../../palette/recent-choices';
import type { Clock } from '../../ports';

export type PaletteHandlers = Pick<HandlerTable, 'palette:list' | 'palette:remember'>;

/**
 * The command palette's one read of every watched account's zones (docs/architecture.md › The IPC
 * contract), and its recent choices; its actions go through the zone, spend and polling channels.
 */
export function createPaletteHandlers(ctx: { accounts: Pick<AccountRegistry, 'all'>; recent: RecentChoices; clock: Pick<Clock, 'now'> }): PaletteHandlers {
  return {
    'palette:list': async () => {
      const now = ctx.clock.now();
      const accounts = ctx.accounts.all().map((watch) =>
        paletteAccount(
          { profileId: watch.id, offers: watch.published().offers, snapshot: watch.snapshot(), stopRecord: watch.spendStop.record(), stopping: watch.spendStop.busy() },
          now,
        ),
      );
      return { accounts, recent: ctx.recent.list() };
    },
    'palette:remember': async ({ choice }) => ({ recent: ctx.recent.remember(choice) }),
  };
}
