import { type RouteKey, routeOf, type Routing } from '../../../shared/channels';
import type { AlertEvent, NotificationRecord } from '../../../shared/notification';
import { notificationAction } from '../../../shared/notification-action';
import { type AlertItem, boundedItem } from './alert-message';

// Routing (docs/desktop.md › Channels): each rule, the digests and a recovered interruption choose the
// desktop, channels, or both; the quiet hours hold every channel back except for urgent routes. Pure.

export { routeOf };

/** The route an event takes: its rule's, except a rejected key, which has its own (urgent by default). */
export function routeKeyOf(event: Pick<AlertEvent, 'rule' | 'key'>): RouteKey {
  return event.rule === 'connection' && event.key.startsWith('connection:keyRejected:') ? 'keyRejected' : event.rule;
}

/** Whether the desktop shows the notification: a test always; otherwise when any of its events' routes has the desktop. */
export function desktopShows(routing: Routing, record: Pick<NotificationRecord, 'events' | 'test'>): boolean {
  if (record.test || record.events.length === 0) return true;
  return record.events.some((event) => routeOf(routing, routeKeyOf(event)).desktop);
}

/**
 * The channels a route reaches now: its own channels that still exist, none in the quiet hours
 * unless the route is urgent.
 */
export function channelsFor(routing: Routing, key: RouteKey, quiet: boolean, known: ReadonlySet<string>): string[] {
  if (quiet && !routing.urgent.includes(key)) return [];
  return routeOf(routing, key).channels.filter((id) => known.has(id));
}

/** Adds `item` to each channel's list in `into`. */
export function addTo(into: Map<string, AlertItem[]>, channels: readonly string[], item: AlertItem): void {
  for (const id of channels) into.set(id, [...(into.get(id) ?? []), item]);
}

const ADVICE: Partial<Record<RouteKey, string>> = {
  lowBalance: 'Top up the account, or lower spend, before the balance runs out.',
  runway: 'Top up the account, or lower spend, before the balance runs out.',
  minimumShortfall: 'Spend more this month or review the plan: the minimum is billed anyway.',
  trialExpiry: 'Choose a plan before the trial ends, or the zones stop.',
  billing: 'Open Billing in Zonewatch to see the entry.',
  connection: 'Open Zonewatch to check the connection to the service.',
  keyRejected: 'Enter a new API key in Zonewatch › Settings: refreshing has stopped until then.',
  zoneState: 'Open the zone in Zonewatch to see what changed.',
  capDrift: 'Open Caps in Zonewatch to set the caps again or accept the change.',
  accountCap: 'Open Zonewatch: Restore when spend may go on, or raise the cap.',
  throughputCeiling: 'Open Zonewatch to see which zones pass the throughput ceiling.',
  throughputDrop: 'Open Zonewatch to see which zones lost throughput.',
  zoneAnomaly: "Open History in Zonewatch to compare the day with the zone's usual days.",
  digestDaily: 'Open History › Summary in Zonewatch for the details.',
  digestWeekly: 'Open History › Summary in Zonewatch for the details.',
  interrupted: 'Open Zonewatch to see what was left as it was, and finish or undo the change.',
};

/** What to do about one event, in a sentence: the notification's own action where it offers one. */
export function whatToDo(event: Pick<AlertEvent, 'rule' | 'key' | 'zoneId'>, zoneName: string | null): string {
  const action = notificationAction({ events: [event], test: false }, () => zoneName ?? undefined);
  if (action?.kind === 'disableZone') return `Open Zonewatch and ${action.label.replace(/^Disable/, 'disable')} if its spend is not wanted.`;
  if (action?.kind === 'enableZone') return `The service turned the zone off at its cap: ${action.label.replace(/^Enable/, 'enable')} in Zonewatch if it should run.`;
  if (action?.kind === 'restoreSpend') return 'Zonewatch stopped spend at the account cap: open it and Restore when spend may go on.';
  if (action?.kind === 'stopAllSpend') return 'Open Zonewatch and look at the zones spending most; Stop all spend turns every zone off.';
  return ADVICE[routeKeyOf(event)] ?? 'Open Zonewatch for the details.';
}

/**
 * The channel messages of one recorded notification: each event goes to its route's channels as
 * one alert item (its id the event's). A test notification goes nowhere (channels have their own test).
 */
export function routeNotification(args: {
  record: NotificationRecord;
  routing: Routing;
  quiet: boolean;
  known: ReadonlySet<string>;
  account: string | null;
  zoneName: (zoneId: string) => string | null;
}): Map<string, AlertItem[]> {
  const out = new Map<string, AlertItem[]>();
  if (args.record.test) return out;
  for (const event of args.record.events) {
    const route = routeKeyOf(event);
    const channels = channelsFor(args.routing, route, args.quiet, args.known);
    if (channels.length === 0) continue;
    const zone = event.zoneId === undefined ? null : (args.zoneName(event.zoneId) ?? event.zoneId);
    const item = boundedItem({ alertId: event.id, route, severity: event.severity, at: event.at, account: args.account, zone, title: event.title, figures: event.body, action: whatToDo(event, zone) });
    addTo(out, channels, item);
  }
  return out;
}

/** One message that is not an alert rule's event (a digest, a recovered interruption), routed as `route`. */
export function routeMessage(args: { item: Omit<AlertItem, 'action'> & { action?: string }; routing: Routing; quiet: boolean; known: ReadonlySet<string> }): Map<string, AlertItem[]> {
  const out = new Map<string, AlertItem[]>();
  const { item } = args;
  addTo(out, channelsFor(args.routing, item.route, args.quiet, args.known), boundedItem({ ...item, action: item.action ?? ADVICE[item.route] ?? 'Open Zonewatch for the details.' }));
  return out;
}
