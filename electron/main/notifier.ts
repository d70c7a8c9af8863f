import { Notification } from 'electron';
import type { NavigateTarget } from '../../shared/notification';
import type { NotificationAction } from '../../shared/notification-action';
import type { Logger, Notifier } from '../core/ports';
import { notificationDelivery } from './notification-delivery';

/**
 * The Notifier port over Electron's Notification. A click opens Zonewatch on the matching view of
 * the notification's account (`target.profileId`); an action button (macOS, Windows) runs the
 * notification's action on that account, which still asks before it cuts anything off. Notifications are kept referenced until closed or clicked: one that is
 * garbage-collected loses its handlers. (Windows needs the app user model id set at startup.)
 */
export function createNotifier(
  onClick: (target: NavigateTarget) => void,
  onAction: (action: NotificationAction, target: NavigateTarget) => void,
  logger: Logger,
): Notifier {
  const live = new Set<Notification>();
  return {
    show({ title, body, severity, target, action }) {
      if (!Notification.isSupported()) {
        logger.warn('notifications: not supported on this system');
        return;
      }
      const delivery = notificationDelivery(target, action, process.platform);
      const notification = new Notification({
        title,
        body,
        urgency: severity === 'critical' ? 'critical' : 'normal',
        silent: severity === 'info',
        ...(delivery.buttons.length > 0 ? { actions: delivery.buttons } : {}),
      });
      live.add(notification);
      const forget = () => live.delete(notification);
      notification.on('click', () => {
        forget();
        onClick(delivery.clickTarget);
      });
      notification.on('action', () => {
        forget();
        if (action) onAction(action, target);
      });
      notification.on('close', forget);
      notification.on('failed', (_event, error) => {
        forget();
        logger.warn('notifications: could not be shown', { error });
      });
      notification.show();
    },
  };
}
