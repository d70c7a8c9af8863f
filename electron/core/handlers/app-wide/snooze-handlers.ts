import type { HandlerTable } from '../../ipc-dispatch';
import type { SnoozeChoice } from '../../alerts/time/snooze';

export type SnoozeHandlers = Pick<HandlerTable, 'notifications:snooze'>;

/** The snooze of every account at once, as quiet hours are app-wide. */
export function createSnoozeHandlers(ctx: { snooze: (choice: SnoozeChoice) => string | null }): SnoozeHandlers {
  return {
    'notifications:snooze': async ({ until }) => ({ snoozedUntil: ctx.snooze(until) }),
  };
}
