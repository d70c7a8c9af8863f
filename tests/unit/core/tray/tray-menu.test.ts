import { describe, it, expect } from 'vitest';
import { TRAY_MAX_ZONES, trayMenuTemplate, type TrayMenuItem } from '../../../../electron/core/tray/tray-menu';
import { ApiError } from '../../../../electron/core/api/error';
import { NOW, account, manyZones, snapshotWith, trayModel, zone } from '../readout/readout-fixtures';
import type { AppState } from '../../../../shared/app-state';
import { emptySnapshot } from '../../../../shared/snapshot';

const labels = (menu: TrayMenuItem[]) => menu.map((i) => (i.type === 'separator' ? '---' : i.label));
type Labelled = Exclude<TrayMenuItem, { type: 'separator' }>;
const find = (menu: TrayMenuItem[], label: string): Labelled => {
  const found = menu.find((i): i is Labelled => i.type !== 'separator' && i.label === label);
  if (!found) throw new Error(`no item "${label}" in ${labels(menu).join(' | ')}`);
  return found;
};
const checkboxes = (menu: TrayMenuItem[]) => menu.filter((i) => i.type === 'checkbox');
/** The menu of one account, read from its read model; app-wide facts go to both, as the core sends them. */
const one = (options: Parameters<typeof account>[0] = {}) => trayMenuTemplate(trayModel([account(options)], options.app), NOW);
const MIN = 60_000;

describe('trayMenuTemplate with one account', () => {
  it('heads the menu with the account, its state, balance and spend today, and ends with Open, Settings and Quit', () => {
    const menu = one({ snapshot: snapshotWith([zone('A1', { spend_today_cents: 250 })]) });
    expect(labels(menu).slice(0, 2)).toEqual(['● Acme proxies — up to date', 'Balance $123.45 · $2.50 today']);
    expect(labels(menu).slice(-4)).toEqual(['Open Zonewatch', 'Settings…', '---', 'Quit Zonewatch']);
    expect(find(menu, 'Quit Zonewatch')).toMatchObject({ action: { kind: 'quit' } });
  });

  it('says no zones were found when the account has none, and still offers All zones… for that account', () => {
    const menu = one();
    expect(checkboxes(menu)).toHaveLength(0);
    expect(find(menu, 'No zones found yet').type).toBe('normal');
    expect(find(menu, 'All zones…')).toMatchObject({ enabled: true, action: { kind: 'open', view: 'zones', profileId: 'p1' } });
  });

  it('lists a single zone as a checkbox that toggles it on that account', () => {
    const menu = one({ snapshot: snapshotWith([zone('AB12', { name: 'Scraper', enabled: true, spend_today_cents: 250 })]) });
    expect(checkboxes(menu)).toEqual([
      { type: 'checkbox', label: 'Scraper — $2.50 today', enabled: true, checked: true, action: { kind: 'toggleZone', profileId: 'p1', zoneId: 'AB12', enabled: false } },
    ]);
    expect(labels(menu)).toContain('All zones (1)…');
  });

  it('offers to enable a disabled zone', () => {
    const menu = one({ snapshot: snapshotWith([zone('AB12', { enabled: false })]) });
    expect(checkboxes(menu)[0]).toMatchObject({ checked: false, action: { enabled: true } });
  });

  it('still offers to toggle a zone whose on/off state is unknown, says so, and ranks an unknown spend last', () => {
    const menu = one({
      snapshot: snapshotWith([zone('AB12', { name: undefined, enabled: undefined, spend_today_cents: 250 }), zone('CD34', { name: 'Quiet', spend_today_cents: undefined }), zone('EF56', { name: 'Low', spend_today_cents: 1 })]),
    });
    expect(checkboxes(menu)).toMatchObject([
      { label: 'AB12 — $2.50 today (on/off unknown)', enabled: true, checked: false, action: { kind: 'toggleZone', zoneId: 'AB12', enabled: true } },
      { label: 'Low — $0.01 today' },
      { label: 'Quiet — spend unknown' },
    ]);
  });

  it('lists only the top spenders of 50 zones, biggest first, then All zones (50)…', () => {
    const zones = manyZones(50);
    const menu = one({ snapshot: snapshotWith(zones) });
    const shown = checkboxes(menu);
    expect(shown).toHaveLength(TRAY_MAX_ZONES);
    const expected = [...zones].sort((a, b) => b.spend_today_cents! - a.spend_today_cents! || a.name!.localeCompare(b.name!)).slice(0, TRAY_MAX_ZONES);
    expect(shown.map((i) => i.type === 'checkbox' && i.action)).toEqual(expected.map((z) => ({ kind: 'toggleZone', profileId: 'p1', zoneId: z.zone_id, enabled: !z.enabled })));
    expect(labels(menu)).toContain('All zones (50)…');
  });

  it('marks the demo account in the header', () => {
    expect(labels(one({ id: 'demo', label: 'Demo account', demo: true }))[0]).toBe('● Demo account (DEMO) — up to date');
  });

  it('says in words that a warning or an alert has not been looked at yet', () => {
    expect(labels(one({ attention: 'critical' }))[0]).toBe('● Acme proxies — up to date · new alert');
    expect(labels(one({ attention: 'warning' }))[0]).toBe('● Acme proxies — up to date · new warning');
    expect(labels(one({ attention: 'info' }))[0]).toBe('● Acme proxies — up to date');
  });

  it('offers Resume polling and says the account is paused while the user paused', () => {
    const menu = one({ app: { paused: true } });
    expect(labels(menu)[0]).toBe('● Acme proxies — paused');
    expect(find(menu, 'Resume polling')).toMatchObject({ enabled: true, action: { kind: 'setPaused', paused: false } });
    expect(labels(menu)).not.toContain('Pause polling');
  });

  it('offers Pause polling while running', () => {
    expect(find(one(), 'Pause polling')).toMatchObject({ action: { kind: 'setPaused', paused: true } });
  });

  it('says when the data is stale, offline or failing, and then how old it is', () => {
    const tenMinutesAgo = { lastSuccessAt: NOW - 10 * MIN };
    expect(labels(one({ poller: tenMinutesAgo })).slice(0, 3)).toEqual(['● Acme proxies — out of date', 'Balance $123.45', 'Out of date — updated 10 min ago']);
    const unreachable = { ...tenMinutesAgo, consecutiveFailures: 1, lastError: new ApiError('network', 'down') };
    expect(labels(one({ poller: unreachable })).slice(0, 3)).toEqual(['● Acme proxies — offline', 'Balance $123.45', 'Offline — updated 10 min ago']);
    const failing = one({ poller: { consecutiveFailures: 2, lastError: new ApiError('server', 'boom', { status: 500 }) } });
    expect(labels(failing).slice(0, 3)).toEqual(['● Acme proxies — updates failing', 'Balance $123.45', '2 updates failed — updated 3 min ago']);
  });

  it('says the computer is offline, never that polling is paused, and offers to pause, not to resume', () => {
    const app: Partial<AppState> = { offline: true };
    const menu = one({ app });
    expect(labels(menu)[0]).toBe('● Acme proxies — offline');
    expect(labels(menu)).not.toContain('Resume polling');
    expect(find(menu, 'Pause polling')).toMatchObject({ enabled: true, action: { kind: 'setPaused', paused: true } });
    // The stop needs the network: offered again once the computer is back online.
    expect(labels(one({ app, snapshot: snapshotWith([zone('A1', { enabled: true })]) }))).toContain('Stop all spend…');
    expect(find(one({ app, snapshot: snapshotWith([zone('A1', { enabled: true })]) }), 'Stop all spend…').enabled).toBe(false);
  });

  it('keeps the header of a healthy account the same from minute to minute, so an open menu is not rebuilt', () => {
    const now = one();
    const later = one({ poller: { lastSuccessAt: NOW - 4 * MIN } });
    expect(later).toEqual(now);
  });

  it('asks for a new key when the key is rejected and greys out actions that need one', () => {
    const menu = one({ poller: { unauthorized: true, lastError: new ApiError('unauthorized', 'no') }, snapshot: snapshotWith([zone('AB12')]) });
    expect(find(menu, 'API key rejected — enter a new one…')).toMatchObject({ enabled: true, action: { kind: 'open', view: 'settings', profileId: 'p1' } });
    expect(checkboxes(menu).every((i) => !i.enabled)).toBe(true);
    expect(find(menu, 'Refresh now').enabled).toBe(false);
    expect(find(menu, 'Pause polling').enabled).toBe(false);
  });

  it('asks for the key again when an account has none stored (a key kept in memory, after a restart)', () => {
    const menu = one({ keyBackend: 'none' });
    expect(find(menu, 'No API key — enter it again…')).toMatchObject({ action: { kind: 'open', view: 'settings', profileId: 'p1' } });
    expect(checkboxes(menu)).toHaveLength(0);
    expect(labels(menu)).not.toContain('Stop all spend…');
  });

  it('says the balance is not loaded yet before the first answer', () => {
    expect(labels(one({ snapshot: emptySnapshot() }))[1]).toBe('Balance not loaded yet');
  });

  it('invites the user to add a key or try the demo when there is no account', () => {
    const menu = trayMenuTemplate(trayModel([]), NOW);
    expect(labels(menu).slice(0, 2)).toEqual(['No account yet', 'Enter an API key or try the demo…']);
    expect(checkboxes(menu)).toHaveLength(0);
    expect(find(menu, 'Refresh now').enabled).toBe(false);
    expect(labels(menu)).not.toContain('All accounts…');
  });

  it('does not let a billing admin toggle zones it may only read', () => {
    const snap = snapshotWith([zone('AB12')]);
    snap.discovery.role = 'billing_admin';
    expect(checkboxes(one({ snapshot: snap }))[0]!.enabled).toBe(false);
  });

  it('offers snoozing for an hour or until tomorrow, and resuming while snoozed', () => {
    const snooze = find(one(), 'Snooze notifications');
    expect(snooze.type === 'submenu' && labels(snooze.submenu)).toEqual(['For 1 hour', 'Until tomorrow']);
    const snoozed = find(one({ app: { snoozedUntil: new Date(NOW + 3_600_000).toISOString() } }), 'Notifications snoozed');
    expect(snoozed.type === 'submenu' && snoozed.submenu.at(-1)).toMatchObject({ label: 'Resume notifications', action: { kind: 'snooze', until: 'off' } });
  });

  it('shortens very long zone names', () => {
    const menu = one({ snapshot: snapshotWith([zone('AB12', { name: 'x'.repeat(100), spend_today_cents: 0 })]) });
    expect(checkboxes(menu)[0]!.type === 'checkbox' && checkboxes(menu)[0]!.label).toBe(`${'x'.repeat(39)}… — $0.00 today`);
  });

  it('offers All accounts… and Add account… beside Open and Settings', () => {
    const menu = one();
    expect(find(menu, 'All accounts…')).toMatchObject({ action: { kind: 'open', view: 'accounts' } });
    // It opens the key form of a new account, not merely the list.
    expect(find(menu, 'Add account…')).toMatchObject({ type: 'normal', action: { kind: 'open', view: 'accounts', focus: 'addAccount' } });
    expect(find(menu, 'Refresh now')).toMatchObject({ enabled: true, action: { kind: 'refresh' } });
  });
});
