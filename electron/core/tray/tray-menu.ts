import { type AccountReadout, stateLine, type TopZone } from '../../../shared/accounts';
import { formatBalance, formatBilled } from '../../../shared/money';
import type { ViewName } from '../../../shared/notification';
import type { ProfileId } from '../../../shared/profile-id';
import type { AppUpdate } from '../../../shared/app-update';
import type { TrayModel } from './tray-model';

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
  // The window with its command palette focused (docs/desktop.md › The command palette).
  | { kind: 'findZone' }
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

function zoneLabel(zone: TopZone): string {
  const short = zone.name.length > MAX_ZONE_NAME ? `${zone.name.slice(0, MAX_ZONE_NAME - 1)}…` : zone.name;
  const spend = zone.spendTodayCents === null ? 'spend unknown' : `${formatBilled(zone.spendTodayCents)} today`;
  return `${short} — ${spend}${zone.enabled === null ? ' (on/off unknown)' : ''}`;
}

const zonesText = (n: number) => (n === 1 ? '1 zone' : `${n} zones`);

/**
 * "Stop all spend…" for one account and, while its "stopped by Zonewatch" record exists, how far
 * the stop holds, a retry of what is still running, Restore and Dismiss (docs/architecture.md › Stop all spend): as the
 * account's read model offers them.
 */
export function spendStopItems(account: Pick<AccountReadout, 'profileId' | 'spendStop' | 'offers'>): TrayMenuItem[] {
  const { profileId, spendStop: hold, offers } = account;
  const items: TrayMenuItem[] = [];
  if (hold) {
    items.push(info(hold.text));
    if (hold.retryable > 0) items.push(item(`Retry stopping ${zonesText(hold.retryable)}…`, { kind: 'stopSpend', profileId, retry: true }, offers.retryStop));
    if (hold.restorable > 0) items.push(item(`Restore ${zonesText(hold.restorable)} Zonewatch stopped`, { kind: 'restoreSpend', profileId }, offers.restore));
    items.push(item('Dismiss the stop record', { kind: 'dismissSpendStop', profileId }));
  }
  items.push(item('Stop all spend…', { kind: 'stopSpend', profileId, retry: false }, offers.stopSpend));
  return items;
}

/** The account's name as the menu shows it: the demo is marked, so its made-up money is never mistaken for real. */
const accountName = (account: AccountReadout) => `${account.label}${account.demo ? ' (DEMO)' : ''}`;

/** States whose line ("Offline — updated 12 min ago") is worth a line of its own. */
const TIMED_STATES: ReadonlySet<AccountReadout['state']> = new Set(['failing', 'offline', 'stale']);

/** An unseen warning or alert, said in words: the icon's colour is the only other sign of it. */
function unseenText(account: AccountReadout): string {
  if (account.attention === 'critical') return ' · new alert';
  if (account.attention === 'warning') return ' · new warning';
  return '';
}

/**
 * A text marker stands for the account, as Electron menus draw no colours: "● Client B — offline ·
 * new alert". The state's words do not change by the minute: a label that did would rebuild the
 * menu under the user's pointer.
 */
export function accountHeader(account: AccountReadout): string {
  return `● ${accountName(account)} — ${account.stateWords}${unseenText(account)}`;
}

/** A collapsed account's submenu label: who, its balance and its state, so the menu can be read closed. */
export function accountSubmenuLabel(account: AccountReadout): string {
  const { balanceCents } = account.figures;
  const balance = balanceCents === null ? 'balance —' : formatBalance(balanceCents);
  return `● ${accountName(account)} — ${balance} — ${account.stateWords}${unseenText(account)}`;
}

/** What one account shows under its header or inside its submenu; every item that acts names the account. */
export function accountItems(account: AccountReadout, zoneLimit: number, nowMs: number): TrayMenuItem[] {
  const { profileId, figures, offers } = account;
  if (account.state === 'no_key') return [item('No API key — enter it again…', { kind: 'open', view: 'settings', profileId })];
  const items: TrayMenuItem[] = [];
  const balance = figures.balanceCents === null ? 'Balance not loaded yet' : `Balance ${formatBalance(figures.balanceCents)}`;
  items.push(info(figures.spendTodayCents === null ? balance : `${balance} · ${formatBilled(figures.spendTodayCents)} today`));
  if (account.state === 'rejected') items.push(item('API key rejected — enter a new one…', { kind: 'open', view: 'settings', profileId }));
  else if (TIMED_STATES.has(account.state)) items.push(info(stateLine(account, nowMs)));

  const zones = account.topZones.slice(0, zoneLimit);
  if (zones.length === 0) items.push(info(account.zonesNote));
  for (const zone of zones) {
    items.push({
      type: 'checkbox',
      label: zoneLabel(zone),
      enabled: offers.changeZones,
      // An unknown state shows unchecked and says so in the label: a click asks to enable it.
      checked: zone.enabled === true,
      action: { kind: 'toggleZone', profileId, zoneId: zone.zoneId, enabled: zone.enabled !== true },
    });
  }
  const total = figures.zones.known;
  items.push(item(total > 0 ? `All zones (${total})…` : 'All zones…', { kind: 'open', view: 'zones', profileId }));
  // Caps on the service hold while Zonewatch does not run (docs/desktop.md › Caps).
  items.push(item('Caps…', { kind: 'open', view: 'caps', profileId }));
  items.push(...spendStopItems(account));
  return items;
}

/** "Restart to update" while a downloaded update waits: read from the update view Settings shows too. */
export function updateItems(update: AppUpdate): TrayMenuItem[] {
  return update.canRestart ? [item(`Restart to update (${update.newVersion ?? 'new version'})`, { kind: 'installUpdate' })] : [];
}

/**
 * The tray menu over every watched account, in the user's order: a section per account (a
 * submenu each past three accounts), then what acts on all of them and on the app. No account
 * yet: how to start. Pause and snooze are app-wide: the menu reads them once, from the app's state.
 */
export function trayMenuTemplate({ accounts, app, update }: Pick<TrayModel, 'accounts' | 'app' | 'update'>, nowMs: number): TrayMenuItem[] {
  const menu: TrayMenuItem[] = [];
  if (accounts.length === 0) {
    menu.push(info('No account yet'), item('Enter an API key or try the demo…', { kind: 'open', view: 'overview' }));
  } else if (accounts.length <= MAX_ACCOUNT_SECTIONS) {
    const limit = zonesPerAccount(accounts.length);
    accounts.forEach((account, index) => {
      if (index > 0) menu.push(separator);
      menu.push(info(accountHeader(account)), ...accountItems(account, limit, nowMs));
    });
  } else {
    const limit = zonesPerAccount(accounts.length);
    for (const account of accounts) menu.push({ type: 'submenu', label: accountSubmenuLabel(account), enabled: true, submenu: accountItems(account, limit, nowMs) });
  }

  const usable = accounts.some((account) => account.offers.refresh);
  const snoozed = app.snoozedUntil !== null && Date.parse(app.snoozedUntil) > nowMs;
  menu.push(separator);
  menu.push(item(accounts.length > 1 ? 'Refresh all accounts' : 'Refresh now', { kind: 'refresh' }, usable));
  // Only the user pauses: while the computer is offline polling waits by itself, and "Pause" still means pause.
  menu.push(item(app.paused ? 'Resume polling' : 'Pause polling', { kind: 'setPaused', paused: !app.paused }, usable));
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
  // Any zone of any account, the ones this menu has no room for included.
  if (accounts.length > 0) menu.push(item('Find a zone…', { kind: 'findZone' }));
  menu.push(item('Open Zonewatch', { kind: 'open', view: 'overview' }));
  menu.push(item('Settings…', { kind: 'open', view: 'settings' }));
  menu.push(separator);
  menu.push(...updateItems(update));
  menu.push(item('Quit Zonewatch', { kind: 'quit' }));
  return menu;
}
