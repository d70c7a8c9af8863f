import type { NavigateTarget } from '../../shared/notification';
import { actionTarget, type NotificationAction } from '../../shared/notification-action';

export interface NotificationDelivery {
  /** Buttons for Electron's `Notification({ actions })`: only where the OS draws them. */
  buttons: { type: 'button'; text: string }[];
  /** Where a click on the notification's body leads. */
  clickTarget: NavigateTarget;
}

/**
 * How a notification's action reaches the user on each OS. Electron draws action buttons on macOS
 * and Windows (notification-action docs); Linux notification servers get none from it, so there
 * a click opens the control the action stands for, with the keyboard on it: the zone's toggle, or
 * "Stop all spend…" on the overview — of the notification's own account.
 */
export function notificationDelivery(target: NavigateTarget, action: NotificationAction | null, platform: NodeJS.Platform): NotificationDelivery {
  if (action === null) return { buttons: [], clickTarget: target };
  if (platform === 'darwin' || platform === 'win32') return { buttons: [{ type: 'button', text: action.label }], clickTarget: target };
  return { buttons: [], clickTarget: actionTarget(action, target.profileId) };
}
