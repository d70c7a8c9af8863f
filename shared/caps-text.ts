import type { AlertInput } from './api/zone-update';
import type { CapWarning, CurrentCap, UsualSpend } from './caps';
import { formatBalance } from './money';

// How a cap reads in the window, the tray and notifications (docs/desktop.md › Caps).

const PERIOD: Record<string, string> = { per_day: '/day', per_month: '/month' };
// One formatter each, made once: a view of 5,000 caps formats an amount per row.
const dollarAmount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const gigabyteAmount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** "$40/day", "250 GB/month"; an unknown type reads as the service spells it. */
export function capAmountText(type: string, threshold: number): string {
  const period = PERIOD[type.replace(/^(dollars|gigabytes)_/, '')] ?? '';
  if (type.startsWith('dollars_') && period) return `$${dollarAmount.format(threshold)}${period}`;
  if (type.startsWith('gigabytes_') && period) return `${gigabyteAmount.format(threshold)} GB${period}`;
  return `${threshold} (${type})`;
}

const ACTION: Record<string, string> = {
  disable_zone: 'turns the zone off',
  send_notification: 'notifies',
  disable_and_send_notification: 'turns the zone off and notifies',
};

export function capActionText(action: string): string {
  return ACTION[action] ?? `does “${action}”`;
}

/** "$40/day, turns the zone off", or "No cap". */
export function alertText(alert: AlertInput | null): string {
  return alert === null ? 'No cap' : `${capAmountText(alert.type, alert.threshold)}, ${capActionText(alert.action)}`;
}

/** The caps view's words for a zone's cap as it is now. */
export function currentCapText(cap: CurrentCap): string {
  if (cap.state === 'none') return 'No cap';
  if (cap.state === 'hidden') return 'Not visible to this key';
  if (cap.state === 'unreadable') return 'Unknown: the service sent a cap Zonewatch could not read';
  return `${capAmountText(cap.type, cap.threshold)}, ${capActionText(cap.action)}`;
}

/** "$12.40 a day (this month so far)". */
export function usualSpendText(usual: UsualSpend | null): string {
  if (usual === null) return 'Not known yet';
  const basis = usual.basis === 'ledger' ? `its last ${usual.days === 1 ? 'day' : `${Math.round(usual.days)} days`}` : usual.basis === 'this_month' ? 'this month so far' : 'last month';
  return `${formatBalance(usual.cents)} a day (${basis}${usual.estimated && usual.basis !== 'this_month' ? ', partly estimated' : ''})`;
}

export function capWarningText(warning: CapWarning, alert: AlertInput): string {
  const already = warning === 'below_today' ? 'today’s' : 'this month’s';
  const bites = alert.action === 'send_notification' ? 'the service would notify within minutes' : 'the service would turn this zone off within minutes';
  return `Below ${already} ${alert.type.startsWith('dollars') ? 'spend' : 'usage'}: ${bites}.`;
}

/**
 * "Turned off by its $40/day cap at 14:32 UTC", for a zone that is off and whose cap, one that
 * turns its zone off, last triggered in the cap's current UTC period; otherwise null.
 */
export function stoppedByCapText(zone: { enabled?: boolean | undefined; alert?: { type: string; threshold: number; action: string; last_triggered?: string | null | undefined } | null | undefined }, now: number): string | null {
  const alert = zone.alert;
  if (zone.enabled !== false || !alert?.last_triggered || !alert.action.startsWith('disable')) return null;
  const at = new Date(alert.last_triggered);
  const today = new Date(now).toISOString();
  const samePeriod = alert.type.endsWith('_per_month') ? at.toISOString().slice(0, 7) === today.slice(0, 7) : at.toISOString().slice(0, 10) === today.slice(0, 10);
  if (!samePeriod) return null;
  return `Turned off by its ${capAmountText(alert.type, alert.threshold)} cap at ${at.toISOString().slice(11, 16)} UTC`;
}
