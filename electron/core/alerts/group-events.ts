import { type AlertEvent, type NavigateTarget, type NotificationRecord, SEVERITY_RANK } from '../../../shared/notification';

export type Suppression = NotificationRecord['suppressedBy'];

/** How many event titles a grouped notification lists before "and N more" (native notifications show a few lines). */
export const GROUP_BODY_LINES = 4;

function sameTarget(a: NavigateTarget, b: NavigateTarget): boolean {
  return a.view === b.view && a.zoneId === b.zoneId;
}

export interface GroupOptions {
  id: string;
  at: string;
  suppressedBy: Suppression;
  test?: boolean;
}

/**
 * All events of one cycle as one notification (docs/architecture.md › Alerts: grouped per cycle): one event
 * reads as itself; several read "3 Zonewatch alerts" with their titles, most severe first, and
 * open the notification list unless they all point at the same view. Null when there is nothing.
 */
export function groupEvents(events: readonly AlertEvent[], options: GroupOptions): NotificationRecord | null {
  const first = events[0];
  if (first === undefined) return null;
  const ordered = [...events].sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
  const top = ordered[0] ?? first;
  const single = events.length === 1;
  const lines = ordered.slice(0, GROUP_BODY_LINES).map((event) => event.title);
  if (ordered.length > GROUP_BODY_LINES) lines.push(`and ${ordered.length - GROUP_BODY_LINES} more`);
  return {
    id: options.id,
    at: options.at,
    title: single ? first.title : `${events.length} Zonewatch alerts`,
    body: single ? first.body : lines.join('\n'),
    severity: top.severity,
    events: [...events],
    shown: options.suppressedBy === null,
    suppressedBy: options.suppressedBy,
    test: options.test ?? false,
    target: events.every((event) => sameTarget(event.target, first.target)) ? first.target : { view: 'notifications' },
  };
}
