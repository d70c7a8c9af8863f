import type { Settings } from '../../../../shared/settings';
import type { AccountRegistry } from '../../accounts/account-registry';
import type { HandlerTable } from '../../ipc-dispatch';

export type DemoHandlers = Pick<HandlerTable, 'demo:start'>;

/** Watches the demo account beside the others, and remembers to watch it at the next start. */
export function createDemoHandlers(ctx: { accounts: Pick<AccountRegistry, 'startDemo'>; settings: { get(): Settings; save(next: Settings): Settings } }): DemoHandlers {
  return {
    'demo:start': async () => {
      const demo = await ctx.accounts.startDemo();
      ctx.settings.save({ ...ctx.settings.get(), watchDemo: true });
      return demo.status();
    },
  };
}
