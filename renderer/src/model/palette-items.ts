import type { AccountColor, AccountReadout } from '../../../shared/accounts';
import { VIEW_LABELS } from './view-labels';
import type { AppState } from '../../../shared/app-state';
import { formatBilled } from '../../../shared/money';
import type { NavigateTarget } from '../../../shared/notification';
import type { PaletteList, PaletteZone } from '../../../shared/palette';
import { NETWORK_LABEL } from './zone-labels';

/** What choosing an item does; the palette store runs it through the same channels as the views. */
export type PaletteAction =
  | { type: 'toggleZone' }
  | { type: 'zoneActions' }
  | { type: 'copyCredentials' }
  | { type: 'navigate'; target: NavigateTarget }
  /** Asks inside the palette (the plan's confirmation), then runs `spend:stop`. */
  | { type: 'stopSpend' }
  | { type: 'restore' }
  | { type: 'refreshAll' }
  | { type: 'setPaused'; paused: boolean }
  | { type: 'snooze' }
  | { type: 'addAccount' }
  /** A section of Settings: the view opens there, its heading taking the focus. */
  | { type: 'settingsSection'; heading: string };

export type PaletteAccountMark = { profileId: string; label: string; color: AccountColor; demo: boolean };

/** One row of the palette: a zone, one of its actions, an account's action, a view, or an app action. */
export type PaletteItem = {
  /** Stable across reads: what "recent choices" remember. */
  id: string;
  kind: 'zone' | 'zoneAction' | 'account' | 'view' | 'app';
  title: string;
  /** The second line: a zone's id, network, state and spend today; an action's effect. */
  detail: string;
  /** What the fuzzy matcher reads: name, id, network and account label. */
  haystack: string;
  account: PaletteAccountMark | null;
  zone: PaletteZone | null;
  /** Why it cannot be done now, in plain words; null when it can. */
  unavailable: string | null;
  action: PaletteAction;
};

/** A zone's state in words: on/off, stopped by Zonewatch or by its cap (the core's derivations, said). */
export function zoneStateText(zone: PaletteZone): string {
  if (zone.enabled === null) return 'on/off unknown';
  if (!zone.enabled && zone.stoppedByZonewatch) return 'off — stopped by Zonewatch';
  if (!zone.enabled && zone.capStop) return `off — ${zone.capStop.charAt(0).toLowerCase()}${zone.capStop.slice(1)}`;
  return zone.enabled ? 'on' : 'off';
}

function networkText(network: string | null): string {
  if (network === null) return 'network unknown';
  return Object.hasOwn(NETWORK_LABEL, network) ? NETWORK_LABEL[network as keyof typeof NETWORK_LABEL] : network;
}

const spendText = (cents: number | null) => (cents === null ? 'spend today unknown' : `${formatBilled(cents)} today`);

/** "Disable" or "Enable": a zone whose state is unknown may be running, but its switch shows off and asks to enable. */
export const toggleVerb = (zone: PaletteZone) => (zone.enabled === true ? 'Disable' : 'Enable');

function markOf(readout: AccountReadout): PaletteAccountMark {
  return { profileId: readout.profileId, label: readout.label, color: readout.color, demo: readout.demo };
}

const VIEWS = (['overview', 'zones', 'caps', 'history', 'billing', 'plans', 'users', 'account', 'notifications'] as const).map((view) => ({ view, name: VIEW_LABELS[view] }));

/** The sections of Settings, by their headings (views/SettingsView.tsx and the parts it holds). */
const SETTINGS_SECTIONS: readonly { heading: string; words: string }[] = [
  { heading: 'Polling', words: 'How often every account is updated' },
  { heading: 'Alert rules', words: 'Thresholds and rules shared by every account' },
  { heading: 'Where alerts go', words: 'Each rule and summary to the desktop, channels or both; urgent rules' },
  { heading: 'General', words: 'Quiet hours, launch at login, global shortcut, theme' },
  { heading: 'Zonewatch updates', words: 'Check for updates, update automatically' },
  { heading: 'Channels', words: 'Slack, Discord, Telegram, ntfy, webhook; send test' },
  { heading: 'Help and diagnostics', words: 'Version, open logs, copy diagnostics' },
];

/**
 * Every item the palette can offer: each watched account's zones (the demo's marked), its views
 * ("Billing of Client B") and actions, and the app's own (docs/desktop.md › The command palette). Pure.
 */
export function paletteItems(list: PaletteList, readouts: readonly AccountReadout[], app: AppState | null): PaletteItem[] {
  const byId = new Map(readouts.map((r) => [r.profileId, r]));
  const zones: PaletteItem[] = [];
  const others: PaletteItem[] = [];
  for (const entry of list.accounts) {
    const readout = byId.get(entry.profileId);
    if (!readout) continue;
    const account = markOf(readout);
    const label = readout.demo ? `${readout.label} (demo)` : readout.label;
    for (const zone of entry.zones) {
      zones.push({
        id: `zone:${entry.profileId}:${zone.zoneId}`,
        kind: 'zone',
        title: zone.name,
        detail: `${zone.zoneId} · ${networkText(zone.network)} · ${zoneStateText(zone)} · ${spendText(zone.spendTodayCents)}`,
        haystack: `${zone.name} ${zone.zoneId} ${zone.network ?? ''} ${label}`,
        account,
        zone,
        unavailable: entry.cannotChange,
        action: { type: 'toggleZone' },
      });
    }
    const open = (view: NavigateTarget['view'], focus?: NavigateTarget['focus']): PaletteAction => ({
      type: 'navigate',
      target: { view, profileId: entry.profileId, ...(focus ? { focus } : {}) },
    });
    const stopUnavailable = readout.offers.stopSpend ? null : (entry.cannotChange ?? 'No zone of this account is running.');
    others.push(
      { id: `account:${entry.profileId}:stop`, kind: 'account', title: `Stop all spend of ${label}…`, detail: 'Turns off every running zone, after you confirm', haystack: `stop all spend ${label}`, account, zone: null, unavailable: stopUnavailable, action: { type: 'stopSpend' } },
      {
        id: `account:${entry.profileId}:restore`,
        kind: 'account',
        title: `Restore ${label}`,
        detail: readout.spendStop ? readout.spendStop.text : 'Turns back on what Stop all spend turned off',
        haystack: `restore ${label}`,
        account,
        zone: null,
        unavailable: readout.offers.restore ? null : (entry.cannotChange ?? 'Zonewatch has stopped nothing in this account to restore.'),
        action: { type: 'restore' },
      },
      { id: `account:${entry.profileId}:open`, kind: 'account', title: `Open ${label}`, detail: readout.stateText, haystack: `open account ${label}`, account, zone: null, unavailable: null, action: open('overview') },
      ...VIEWS.map(({ view, name }): PaletteItem => ({ id: `view:${entry.profileId}:${view}`, kind: 'view', title: `${name} of ${label}`, detail: 'View', haystack: `${name} ${label}`, account, zone: null, unavailable: null, action: open(view) })),
    );
  }
  const paused = app?.paused ?? false;
  const appItems: PaletteItem[] = [
    { id: 'app:refreshAll', kind: 'app', title: 'Refresh all', detail: 'Polls every account now', haystack: 'refresh all accounts poll now', account: null, zone: null, unavailable: null, action: { type: 'refreshAll' } },
    {
      id: 'app:pause',
      kind: 'app',
      title: paused ? 'Resume polling' : 'Pause polling',
      detail: paused ? 'Every account polls again' : 'No account polls until you resume',
      haystack: 'pause resume polling',
      account: null,
      zone: null,
      unavailable: null,
      action: { type: 'setPaused', paused: !paused },
    },
    { id: 'app:snooze', kind: 'app', title: 'Snooze notifications for 1 hour', detail: 'Of every account', haystack: 'snooze notifications mute', account: null, zone: null, unavailable: null, action: { type: 'snooze' } },
    { id: 'app:addAccount', kind: 'app', title: 'Add account…', detail: 'Enter another API key', haystack: 'add account key', account: null, zone: null, unavailable: null, action: { type: 'addAccount' } },
    { id: 'app:settings', kind: 'app', title: 'Settings', detail: 'Polling, alert rules, where alerts go, general, channels, updates, diagnostics', haystack: 'settings preferences options', account: null, zone: null, unavailable: null, action: { type: 'navigate', target: { view: 'settings' } } },
    ...SETTINGS_SECTIONS.map(
      ({ heading, words }): PaletteItem => ({ id: `app:settings:${heading}`, kind: 'app', title: `Settings › ${heading}`, detail: words, haystack: `settings ${heading} ${words}`, account: null, zone: null, unavailable: null, action: { type: 'settingsSection', heading } }),
    ),
    { id: 'app:deliveries', kind: 'app', title: VIEW_LABELS.deliveries, detail: 'What was sent to each channel, and the answer', haystack: 'delivery log channels slack discord telegram ntfy webhook sent', account: null, zone: null, unavailable: null, action: { type: 'navigate', target: { view: 'deliveries' } } },
    { id: 'app:accounts', kind: 'app', title: 'All accounts', detail: 'Every account side by side', haystack: 'all accounts overview', account: null, zone: null, unavailable: null, action: { type: 'navigate', target: { view: 'accounts' } } },
  ];
  return [...zones, ...others, ...appItems];
}

/** The actions of one zone, offered when the person asks for them (→ on a zone). Pure. */
export function zoneActionItems(zoneItem: PaletteItem): PaletteItem[] {
  const { zone, account } = zoneItem;
  if (!zone || !account) return [];
  const base = { kind: 'zoneAction' as const, account, zone, haystack: '' };
  const at = (view: NavigateTarget['view'], focus?: NavigateTarget['focus']): PaletteAction => ({ type: 'navigate', target: { view, profileId: account.profileId, zoneId: zone.zoneId, ...(focus ? { focus } : {}) } });
  return [
    { ...base, id: `${zoneItem.id}:toggle`, title: `${toggleVerb(zone)} ${zone.name}`, detail: zoneStateText(zone), unavailable: zoneItem.unavailable, action: { type: 'toggleZone' } },
    { ...base, id: `${zoneItem.id}:open`, title: 'Open detail', detail: `${zone.name} in ${account.label}`, unavailable: null, action: at('zone') },
    { ...base, id: `${zoneItem.id}:cap`, title: 'Set cap…', detail: 'The Caps form, this zone picked', unavailable: null, action: at('caps', 'setCap') },
    { ...base, id: `${zoneItem.id}:copy`, title: 'Copy credentials', detail: 'Cleared from the clipboard after a while', unavailable: null, action: { type: 'copyCredentials' } },
    { ...base, id: `${zoneItem.id}:ips`, title: 'Refresh IPs…', detail: 'In the zone’s detail', unavailable: null, action: at('zone') },
  ];
}
