import type { Settings } from '../../../../shared/settings';
import type { AccountRegistry } from '../../accounts/account-registry';
import type { HandlerTable } from '../../ipc-dispatch';

export type DemoHandlers = Pick<HandlerTable, 'demo:start'>;

/** Watches the demo account beside the others, and remembers to watch it at the next start. */
export function createDemoHandlers(ctx: { accounts: Pick<AccountRegistry, 'startDemo'>; settings: { get(): Settings; save(next: Settings): Settings } }): DemoHandlers {
  return {
    'demo:start': async () => {
      // Kept the moment it is chosen: the demo shows in the list before its first cycle ends, and
      // quitting then must not forget it. A demo that cannot start is not kept.
      const before = ctx.settings.get().watchDemo;
      ctx.settings.save({ ...ctx.settings.get(), watchDemo: true });
      try {
        return (await ctx.accounts.startDemo()).status();
      } catch (err) {
        ctx.settings.save({ ...ctx.settings.get(), watchDemo: before });
        throw err;
      }
    },
  };
}
