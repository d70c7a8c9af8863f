import type { AppUpdate } from '../../../shared/app-update';
import type { Channel } from '../../../shared/ipc';
import { HandlerError, type HandlerTable } from '../ipc-dispatch';

export type UpdateHandlers = Pick<HandlerTable, Extract<Channel, `updates:${string}`>>;

/** How an action the user asked for ended: the view after it, or why it could not run, in words. */
export type UpdateOutcome = { ok: true; view: AppUpdate } | { ok: false; reason: string };

/** What the handlers ask of the update service (update-service.ts). */
export type UpdateActions = { view(): AppUpdate; check(): Promise<UpdateOutcome>; install(): UpdateOutcome };

/** Settings' "Check for updates" and "Restart to update" (the tray's too), and the state they show. */
export function createUpdateHandlers(updates: UpdateActions): UpdateHandlers {
  return {
    'updates:get': async () => updates.view(),
    'updates:check': async () => {
      const result = await updates.check();
      if (!result.ok) throw new HandlerError({ kind: 'unavailable', message: result.reason });
      return result.view;
    },
    'updates:install': async () => {
      const result = updates.install();
      if (!result.ok) throw new HandlerError({ kind: 'unavailable', message: result.reason });
      return result.view;
    },
  };
}
