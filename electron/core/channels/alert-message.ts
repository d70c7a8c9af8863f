import { z } from 'zod';
import { RouteKey } from '../../../shared/channels';
import { Severity } from '../../../shared/notification';

/**
 * One alert as a channel carries it (docs/architecture.md › Channels and the outbox): which account,
 * which zone, the figures (the notification's own words) and what to do. Built from what the window
 * shows, so it never holds the API key or any channel's secret. Bounded, since it is written to disk.
 */
export const AlertItem = z.object({
  alertId: z.string().min(1).max(100),
  route: RouteKey,
  severity: Severity,
  at: z.iso.datetime({ offset: true }),
  /** The account's label; null for what is about every account (a digest). */
  account: z.string().max(80).nullable(),
  zone: z.string().max(200).nullable(),
  title: z.string().max(300),
  /** The figures, as the notification says them. */
  figures: z.string().max(3000),
  /** What to do about it, in a sentence. */
  action: z.string().max(300),
});
export type AlertItem = z.infer<typeof AlertItem>;

/** Cuts text to `max` characters, saying so with an ellipsis. Pure. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** An item within its schema's bounds, whatever its sources held. Pure. */
export function boundedItem(item: AlertItem): AlertItem {
  return {
    ...item,
    account: item.account === null ? null : clip(item.account, 80),
    zone: item.zone === null ? null : clip(item.zone, 200),
    title: clip(item.title, 300),
    figures: clip(item.figures, 3000),
    action: clip(item.action, 300),
  };
}

const SEVERITY_WORD = { info: 'Info', warning: 'Warning', critical: 'Critical' } as const;

export function severityWord(item: Pick<AlertItem, 'severity'>): string {
  return SEVERITY_WORD[item.severity];
}

/** The lines every chat format shares for one alert, before any markup: title, account/zone, figures, action. */
export function plainLines(item: AlertItem): { title: string; where: string | null; figures: string; action: string } {
  const where = [item.account === null ? null : `Account: ${item.account}`, item.zone === null ? null : `Zone: ${item.zone}`].filter((part) => part !== null).join(' · ');
  return { title: item.title, where: where === '' ? null : where, figures: item.figures, action: item.action };
}

/** The headline of a delivery: its one alert's title, or how many it groups. */
export function headline(items: readonly AlertItem[]): string {
  const [first] = items;
  if (first === undefined) return 'Zonewatch';
  if (items.length === 1) return first.account === null || first.title.startsWith(`${first.account} · `) ? first.title : `${first.account} · ${first.title}`;
  return `${items.length} Zonewatch alerts`;
}

/** The most severe of the items' severities. */
export function topSeverity(items: readonly AlertItem[]): AlertItem['severity'] {
  if (items.some((item) => item.severity === 'critical')) return 'critical';
  if (items.some((item) => item.severity === 'warning')) return 'warning';
  return 'info';
}

/** The footer naming every alert id a delivery holds, so a grouped message says what it carries. */
export function idsLine(items: readonly AlertItem[]): string {
  return `Alert ids: ${items.map((item) => item.alertId).join(' ')}`;
}
