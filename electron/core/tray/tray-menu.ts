import { formatBalance, formatBilled } from '../../../shared/money';
import { zoneDisplayName } from '../../../shared/zone-name';
import type { ViewName } from '../../../shared/notification';
import type { ProfileId } from '../../../shared/profile-id';
import type { Snapshot } from '../../../shared/snapshot';
import type { Zone } from '../../../shared/api/zone';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import { stopProgress, stopProgressText } from '../../../shared/spend-stop-progress';
import type { AccountSummary } from '../../../shared/accounts';
import type { AppUpdate } from '../../../shared/app-update';
import { hasNoKey, isKeyRejected } from './key-state';
import type { TrayAccount } from './tray-account';
import { trayFigures } from './tray-figures';

/** How many zones a lone account lists before "All zones…": a menu taller than the screen scrolls badly. */
export const TRAY_MAX_ZONES = 8;
/** Up to this many accounts each get a section of the menu; past it, each collapses to a submenu. */
export const MAX_ACCOUNT_SECTIONS = 3;
const MAX_ZONE_NAME = 40;

/**
 * Zones listed per account: fewer as accounts are added, so the whole menu stays about as tall as
 * one account's was (8 for one, 5 each for two or three, 3 inside each submenu).
 */
export function zonesPerAccount(accountCount: number): number {
  if (accountCount <= 1) return TRAY_MAX_ZONES;
  return accountCount <= MAX_ACCOUNT_SECTIONS ? 5 : 3;
}

/**
 * What a click on a tray item asks main to do; main maps each kind to a core handler or a window.
 * An account's item names its account; `refresh`, `setPaused` and `snooze` act on every account.
 */
export type TrayAction =
  | { kind: 'toggleZone'; profileId: ProfileId; zoneId: string; enabled: boolean }
  | { kind: 'stopSpend'; profileId: ProfileId; retry: boolean }
  | { kind: 'restoreSpend'; profileId: ProfileId }
  | { kind: 'dismissSpendStop'; profileId: ProfileId }
  | { kind: 'open'; view: ViewName; profileId?: ProfileId; focus?: 'addAccount' }
  | { kind: 'refresh' }
  | { kind: 'setPaused'; paused: boolean }
  | { kind: 'snooze'; until: '1h' | 'tomorrow' | 'off' }
  | { kind: 'installUpdate' }
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
 * "Stop all spend…" for one account and, while its "stopped by Zonewatch" record exists, how far
 * the stop holds, a retry of what is still running, Restore and Dismiss (issue 16).
 */
export function spendStopItems(profileId: ProfileId, record: SpendStopRecord | null, snapshot: Snapshot, canChange: boolean): TrayMenuItem[] {
  // A zone whose on/off state is unknown may be running: Stop all spend includes it (stopPlan).
  const anyRunning = Object.values(snapshot.zones).some((entry) => entry.zone.enabled !== false);
  const items: TrayMenuItem[] = [];
  if (record) {
    const progress = stopProgress(record, snapshot);
    items.push(info(stopProgressText(progress)));
    const retryable = record.remaining.filter((zone) => zone.result !== 'not_allowed').length;
    if (retryable > 0) items.push(item(`Retry stopping ${zonesText(retryable)}…`, { kind: 'stopSpend', profileId, retry: true }, canChange));
    if (record.disabled.length > 0) items.push(item(`Restore ${zonesText(record.disabled.length)} Zonewatch stopped`, { kind: 'restoreSpend', profileId }, canChange));
    items.push(item('Dismiss the stop record', { kind: 'dismissSpendStop', profileId }));
  }
  items.push(item('Stop all spend…', { kind: 'stopSpend', profileId, retry: false }, canChange && anyRunning));
  return items;
}

/** The account's name as the menu shows it: the demo is marked, so its made-up money is never mistaken for real. */
const accountName = (summary: AccountSummary) => `${summary.label}${summary.demo ? ' (DEMO)' : ''}`;

/**
 * The account's state in a word or two for its header. Unlike `stateText` it does not say how long
 * ago: a label that changed every minute would rebuild the menu under the user's pointer (the
 * minutes are shown only while they matter: offline, failing, out of date).
 */
const STATE_WORDS: Record<AccountSummary['state'], string> = {
  rejected: 'key rejected',
  failing: 'updates failing',
  offline: 'offline',
  stale: 'out of date',
  loading: 'loading',
  paused: 'paused',
  ok: 'up to date',
};

function stateWords(account: TrayAccount): string {
  return hasNoKey(account.status) ? 'no API key' : STATE_WORDS[account.summary.state];
}

/** States whose `stateText` ("Offline — updated 12 min ago") is worth a line of its own. */
const TIMED_STATES: ReadonlySet<AccountSummary['state']> = new Set(['failing', 'offline', 'stale']);

/** An unseen warning or alert, said in words: the icon's colour is the only other sign of it. */
function unseenText(summary: AccountSummary): string {
  if (summary.attention === 'critical') return ' · new alert';
  if (summary.attention === 'warning') return ' · new warning';
  return '';
}

/** A text marker stands for the account, as Electron menus draw no colours: "● Client B — offline · new alert". */
export function accountHeader(account: TrayAccount): string {
  return `● ${accountName(account.summary)} — ${stateWords(account)}${unseenText(account.summary)}`;
}

/** A collapsed account's submenu label: who, its balance and its state, so the menu can be read closed. */
export function accountSubmenuLabel(account: TrayAccount): string {
  const { balanceCents } = trayFigures(account.snapshot);
  const balance = balanceCents === null ? 'balance —' : formatBalance(balanceCents);
  return `● ${accountName(account.summary)} — ${balance} — ${stateWords(account)}${unseenText(account.summary)}`;
}

/** What one account shows under its header or inside its submenu; every item that acts names the account. */
export function accountItems(account: TrayAccount, zoneLimit: number): TrayMenuItem[] {
  const { summary, status, snapshot, spendStop } = account;
  const profileId = summary.profileId;
  if (hasNoKey(status)) return [item('No API key — enter it again…', { kind: 'open', view: 'settings', profileId })];
  const rejected = isKeyRejected(status);
  const { balanceCents, spendTodayCents } = trayFigures(snapshot);
  const items: TrayMenuItem[] = [];
  const balance = balanceCents === null ? 'Balance not loaded yet' : `Balance ${formatBalance(balanceCents)}`;
  items.push(info(spendTodayCents === null ? balance : `${balance} · ${formatBilled(spendTodayCents)} today`));
  if (rejected) items.push(item('API key rejected — enter a new one…', { kind: 'open', view: 'settings', profileId }));
  else if (TIMED_STATES.has(summary.state)) items.push(info(summary.stateText));

  const zones = topZonesBySpend(snapshot, zoneLimit);
  // Billing admins can read zones but not change them (docs/architecture.md › Roles); a rejected key cannot either.
  const canToggle = !rejected && snapshot.discovery.role !== 'billing_admin';
  if (zones.length === 0) items.push(info(snapshot.discovery.message ?? 'No zones found yet'));
  for (const zone of zones) {
    items.push({
      type: 'checkbox',
      label: zoneLabel(zone),
      enabled: canToggle,
      // An unknown state shows unchecked and says so in the label: a click asks to enable it.
      checked: zone.enabled === true,
      action: { kind: 'toggleZone', profileId, zoneId: zone.zone_id, enabled: zone.enabled !== true },
    });
  }
  const total = Object.keys(snapshot.zones).length;
  items.push(item(total > 0 ? `All zones (${total})…` : 'All zones…', { kind: 'open', view: 'zones', profileId }));
  items.push(...spendStopItems(profileId, spendStop, snapshot, canToggle && !status.offline));
  return items;
}

/** "Restart to update" while a downloaded update waits: read from the update view Settings shows too. */
export function updateItems(update: AppUpdate | null): TrayMenuItem[] {
  return update?.canRestart ? [item(`Restart to update (${update.newVersion ?? 'new version'})`, { kind: 'installUpdate' })] : [];
}

/**
 * The tray menu over every watched account, in the user's order: a section per account (a
 * submenu each past three accounts), then what acts on all of them and on the app. No account
 * yet: how to start.
 */
export function trayMenuTemplate(accounts: readonly TrayAccount[], nowMs: number, update: AppUpdate | null = null): TrayMenuItem[] {
  const menu: TrayMenuItem[] = [];
  if (accounts.length === 0) {
    menu.push(info('No account yet'), item('Enter an API key or try the demo…', { kind: 'open', view: 'overview' }));
  } else if (accounts.length <= MAX_ACCOUNT_SECTIONS) {
    const limit = zonesPerAccount(accounts.length);
    accounts.forEach((account, index) => {
      if (index > 0) menu.push(separator);
      menu.push(info(accountHeader(account)), ...accountItems(account, limit));
    });
  } else {
    const limit = zonesPerAccount(accounts.length);
    for (const account of accounts) menu.push({ type: 'submenu', label: accountSubmenuLabel(account), enabled: true, submenu: accountItems(account, limit) });
  }

  const usable = accounts.some((account) => !hasNoKey(account.status) && !isKeyRejected(account.status));
  // Pausing is app-wide, so every account's poller reports it.
  const paused = accounts.some((account) => account.status.poll === 'paused');
  const snoozedUntil = accounts.map((account) => account.status.snoozedUntil).find((until) => until !== null) ?? null;
  const snoozed = snoozedUntil !== null && Date.parse(snoozedUntil) > nowMs;
  menu.push(separator);
  menu.push(item(accounts.length > 1 ? 'Refresh all accounts' : 'Refresh now', { kind: 'refresh' }, usable));
  menu.push(item(paused ? 'Resume polling' : 'Pause polling', { kind: 'setPaused', paused: !paused }, usable));
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
  if (accounts.length > 0) {
    menu.push(item('All accounts…', { kind: 'open', view: 'accounts' }));
    // The All-accounts view is where accounts are added (NavigateTarget has no target of its own for the key form).
    menu.push(item('Add account…', { kind: 'open', view: 'accounts', focus: 'addAccount' }));
  }
  menu.push(item('Open Zonewatch', { kind: 'open', view: 'overview' }));
  menu.push(item('Settings…', { kind: 'open', view: 'settings' }));
  menu.push(separator);
  menu.push(...updateItems(update));
  menu.push(item('Quit Zonewatch', { kind: 'quit' }));
  return menu;
}
