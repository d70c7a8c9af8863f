import { Notification } from 'electron';
import type { NavigateTarget } from '../../shared/notification';
import type { Logger, Notifier } from '../core/ports';

/**
 * The Notifier port over Electron's Notification. A click opens Zonewatch on the matching view.
 * Notifications are kept referenced until closed or clicked: one that is garbage-collected loses
 * its click handler. (Windows needs the app user model id set at startup for any of this to show.)
 */
export function createNotifier(onClick: (target: NavigateTarget) => void, logger: Logger): Notifier {
  const live = new Set<Notification>();
  return {
    show({ title, body, severity, target }) {
      if (!Notification.isSupported()) {
        logger.warn('notifications: not supported on this system');
        return;
      }
      const notification = new Notification({ title, body, urgency: severity === 'critical' ? 'critical' : 'normal', silent: severity === 'info' });
      live.add(notification);
      const forget = () => live.delete(notification);
      notification.on('click', () => {
        forget();
        onClick(target);
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
