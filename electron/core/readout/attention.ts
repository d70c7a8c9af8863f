import { type NotificationRecord, type Severity, SEVERITY_RANK } from '../../../shared/notification';

/**
 * The highest severity among notifications the user has not looked at yet, after one more
 * arrives. Only a notification that was shown while the window was closed counts: one the user
 * saw in the open window, or one that quiet hours or a snooze kept silent, does not colour the
 * tray. A milder notification never lowers what is already waiting.
 */
export function raisedAttention(
  current: Severity | null,
  notification: Pick<NotificationRecord, 'shown' | 'severity'>,
  windowOpen: boolean,
): Severity | null {
  if (!notification.shown || windowOpen) return current;
  if (current !== null && SEVERITY_RANK[current] >= SEVERITY_RANK[notification.severity]) return current;
  return notification.severity;
}
