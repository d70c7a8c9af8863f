import { formatBalance, formatBilled } from '../../../shared/money';
import { zoneDisplayName } from '../../../shared/zone-name';
import type { ViewName } from '../../../shared/notification';
import type { Snapshot } from '../../../shared/snapshot';
import type { Status } from '../../../shared/status';
import type { Zone } from '../../../shared/api/zone';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import { stopProgress, stopProgressText } from '../../../shared/spend-stop-progress';
import { hasNoKey, isKeyRejected } from './key-state';
import { trayFigures } from './tray-figures';
import { updatedAgo } from './updated-ago';

/** How many zones the tray lists before "All zones…": a menu taller than the screen scrolls badly. */
export const TRAY_MAX_ZONES = 8;
const MAX_ZONE_NAME = 40;

/** What a click on a tray item asks main to do; main maps each kind to a core handler or a window. */
export type TrayAction =
  | { kind: 'toggleZone'; zoneId: string; enabled: boolean }
  | { kind: 'stopSpend'; retry: boolean }
  | { kind: 'restoreSpend' }
  | { kind: 'dismissSpendStop' }
  | { kind: 'open'; view: ViewName }
  | { kind: 'refresh' }
  | { kind: 'setPaused'; paused: boolean }
  | { kind: 'snooze'; until: '1h' | 'tomorrow' | 'off' }
  | { kind: 'quit' };

/** Plain data for one menu item; main turns it into Electron's MenuItemConstructorOptions. */
export type TrayMenuItem =
  | { type: 'separator' }
  | { type: 'normal'; label: string; enabled: boolean; action: TrayAction | null }
  | { type: 'checkbox'; label: string; enabled: boolean; checked: boolean; action: TrayAction }
  | { type: 'submenu'; label: string; enabled: boolean; submenu: TrayMenuItem[] };

const separator: TrayMenuItem = { type: 'separator' };
const info = (label: string): TrayMenuItem => ({ type: 'normal', label, enabled: false, action: null });
const item = (label: string, action: TrayAction, enabled = true): TrayMenuItem => ({ type: 'normal', label, enabled, action });

/** The zones worth a tray slot: the biggest spenders today first, then by name for a stable order. */
export function topZonesBySpend(snapshot: Snapshot, limit: number): Zone[] {
  return Object.values(snapshot.zones)
    .map((entry) => entry.zone)
    // A zone whose spend is unknown ranks after every known spender, never on a guessed figure.
    .sort((a, b) => (b.spend_today_cents ?? -1) - (a.spend_today_cents ?? -1) || zoneDisplayName(a).localeCompare(zoneDisplayName(b)) || a.zone_id.localeCompare(b.zone_id))
    .slice(0, limit);
}

function zoneLabel(zone: Zone): string {
  const name = zoneDisplayName(zone);
  const short = name.length > MAX_ZONE_NAME ? `${name.slice(0, MAX_ZONE_NAME - 1)}…` : name;
  const spend = zone.spend_today_cents === undefined ? 'spend unknown' : `${formatBilled(zone.spend_today_cents)} today`;
  return `${short} — ${spend}${zone.enabled === undefined ? ' (on/off unknown)' : ''}`;
}

const zonesText = (n: number) => (n === 1 ? '1 zone' : `${n} zones`);

/**
 * "Stop all spend…" and, while a "stopped by Zonewatch" record exists, how far the stop holds,
 * a retry of what is still running, Restore and Dismiss (issue 16).
 */
export function spendStopItems(record: SpendStopRecord | null, snapshot: Snapshot, canChange: boolean): TrayMenuItem[] {
  // A zone whose on/off state is unknown may be running: Stop all spend includes it (stopPlan).
  const anyRunning = Object.values(snapshot.zones).some((entry) => entry.zone.enabled !== false);
  const items: TrayMenuItem[] = [];
  if (record) {
    const progress = stopProgress(record, snapshot);
    items.push(info(stopProgressText(progress)));
    const retryable = record.remaining.filter((zone) => zone.result !== 'not_allowed').length;
    if (retryable > 0) items.push(item(`Retry stopping ${zonesText(retryable)}…`, { kind: 'stopSpend', retry: true }, canChange));
    if (record.disabled.length > 0) items.push(item(`Restore ${zonesText(record.disabled.length)} Zonewatch stopped`, { kind: 'restoreSpend' }, canChange));
    items.push(item('Dismiss the stop record', { kind: 'dismissSpendStop' }));
  }
  items.push(item('Stop all spend…', { kind: 'stopSpend', retry: false }, canChange && anyRunning));
  return items;
}

export function trayMenuTemplate(status: Status, snapshot: Snapshot, nowMs: number, spendStop: SpendStopRecord | null = null): TrayMenuItem[] {
  const hasKey = !hasNoKey(status);
  const rejected = isKeyRejected(status);
  const paused = status.poll === 'paused';
  const menu: TrayMenuItem[] = [];

  // Header: whose account, its balance, and anything that makes the numbers below less than current.
  if (!hasKey || status.profile === null) {
    menu.push(info('No account yet'), item('Enter an API key or try the demo…', { kind: 'open', view: 'overview' }));
  } else {
    menu.push(info(`${status.profile.label}${status.profile.demo ? ' — DEMO' : ''}`));
    const { balanceCents } = trayFigures(snapshot);
    menu.push(info(balanceCents === null ? 'Balance not loaded yet' : `Balance ${formatBalance(balanceCents)}`));
    if (rejected) menu.push(item('API key rejected — enter a new one…', { kind: 'open', view: 'settings' }));
    else if (status.offline) menu.push(info(`Offline — ${updatedAgo(status.lastSuccessAt, nowMs)}`));
    else if (status.stale) menu.push(info(`Data may be out of date — ${updatedAgo(status.lastSuccessAt, nowMs)}`));
    if (paused) menu.push(info('Polling paused'));
  }

  if (hasKey) {
    menu.push(separator);
    const zones = topZonesBySpend(snapshot, TRAY_MAX_ZONES);
    // Billing admins can read zones but not change them (DESIGN.md › Roles); a rejected key cannot either.
    const canToggle = !rejected && snapshot.discovery.role !== 'billing_admin';
    if (zones.length === 0) menu.push(info(snapshot.discovery.message ?? 'No zones found yet'));
    for (const zone of zones) {
      menu.push({
        type: 'checkbox',
        label: zoneLabel(zone),
        enabled: canToggle,
        // An unknown state shows unchecked and says so in the label: a click asks to enable it.
        checked: zone.enabled === true,
        action: { kind: 'toggleZone', zoneId: zone.zone_id, enabled: zone.enabled !== true },
      });
    }
    const total = Object.keys(snapshot.zones).length;
    menu.push(item(total > 0 ? `All zones (${total})…` : 'All zones…', { kind: 'open', view: 'zones' }));
    menu.push(separator, ...spendStopItems(spendStop, snapshot, canToggle && !status.offline));
  }

  menu.push(separator);
  menu.push(item('Refresh now', { kind: 'refresh' }, hasKey && !rejected));
  menu.push(item(paused ? 'Resume polling' : 'Pause polling', { kind: 'setPaused', paused: !paused }, hasKey && !rejected));
  const snoozed = status.snoozedUntil !== null && Date.parse(status.snoozedUntil) > nowMs;
  menu.push({
    type: 'submenu',
    label: snoozed ? 'Notifications snoozed' : 'Snooze notifications',
    enabled: true,
    submenu: [
      item('For 1 hour', { kind: 'snooze', until: '1h' }),
      item('Until tomorrow', { kind: 'snooze', until: 'tomorrow' }),
      ...(snoozed ? [separator, item('Resume notifications', { kind: 'snooze', until: 'off' })] : []),
    ],
  });
  menu.push(separator);
  menu.push(item('Open Zonewatch', { kind: 'open', view: 'overview' }));
  menu.push(item('Settings…', { kind: 'open', view: 'settings' }));
  menu.push(separator);
  menu.push(item('Quit Zonewatch', { kind: 'quit' }));
  return menu;
}
