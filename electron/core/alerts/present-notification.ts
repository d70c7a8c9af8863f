import type { NotificationRecord } from '../../../shared/notification';

/**
 * A notification names its account when more than one is watched ("Client B · Spend today passed
 * $50"), and a click on it opens that account. Pure.
 */
export function presentNotification(record: NotificationRecord, label: string, profileId: string, nameIt: boolean): NotificationRecord {
  const prefix = `${label} · `;
  const title = nameIt && !record.title.startsWith(prefix) ? `${prefix}${record.title}` : record.title;
  return { ...record, title, target: { ...record.target, profileId } };
}
