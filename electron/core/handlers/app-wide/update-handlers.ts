import type { Channel } from '../../../../shared/ipc';
import { HandlerError, type HandlerTable } from '../../ipc-dispatch';
import type { UpdateService } from '../../updates/update-service';

export type UpdateHandlers = Pick<HandlerTable, Extract<Channel, `updates:${string}`>>;

/** What the handlers ask of the update service. */
export type UpdateActions = Pick<UpdateService, 'view' | 'check' | 'install'>;

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
