import { describe, it, expect } from 'vitest';
import { TRAY_MAX_ZONES, trayMenuTemplate, type TrayMenuItem } from '../../../../electron/core/tray/tray-menu';
import { NOW, manyZones, noKeyStatus, snapshotWith, status, zone } from './tray-fixtures';
import { emptySnapshot } from '../../../../shared/snapshot';

const labels = (menu: TrayMenuItem[]) => menu.map((i) => (i.type === 'separator' ? '---' : i.label));
type Labelled = Exclude<TrayMenuItem, { type: 'separator' }>;
const find = (menu: TrayMenuItem[], label: string): Labelled => {
  const found = menu.find((i): i is Labelled => i.type !== 'separator' && i.label === label);
  if (!found) throw new Error(`no item "${label}" in ${labels(menu).join(' | ')}`);
  return found;
};
const checkboxes = (menu: TrayMenuItem[]) => menu.filter((i) => i.type === 'checkbox');

describe('trayMenuTemplate', () => {
  it('heads the menu with the account and its balance, and ends with Open, Settings and Quit', () => {
    const menu = trayMenuTemplate(status(), snapshotWith([]), NOW);
    expect(labels(menu).slice(0, 2)).toEqual(['Acme proxies', 'Balance $123.45']);
    expect(labels(menu).slice(-4)).toEqual(['Open Zonewatch', 'Settings…', '---', 'Quit Zonewatch']);
    expect(find(menu, 'Quit Zonewatch')).toMatchObject({ action: { kind: 'quit' } });
  });

  it('says no zones were found when the account has none, and still offers All zones…', () => {
    const menu = trayMenuTemplate(status(), snapshotWith([]), NOW);
    expect(checkboxes(menu)).toHaveLength(0);
    expect(find(menu, 'No zones found yet').type).toBe('normal');
    expect(find(menu, 'All zones…')).toMatchObject({ enabled: true, action: { kind: 'open', view: 'zones' } });
  });

  it('lists a single zone as a checkbox that toggles it', () => {
    const menu = trayMenuTemplate(status(), snapshotWith([zone('AB12', { name: 'Scraper', enabled: true, spend_today_cents: 250 })]), NOW);
    expect(checkboxes(menu)).toEqual([
      { type: 'checkbox', label: 'Scraper — $2.50 today', enabled: true, checked: true, action: { kind: 'toggleZone', zoneId: 'AB12', enabled: false } },
    ]);
    expect(labels(menu)).toContain('All zones (1)…');
  });

  it('offers to enable a disabled zone', () => {
    const menu = trayMenuTemplate(status(), snapshotWith([zone('AB12', { enabled: false })]), NOW);
    expect(checkboxes(menu)[0]).toMatchObject({ checked: false, action: { enabled: true } });
  });

  it('still offers to toggle a zone whose on/off state is unknown, says so, and ranks an unknown spend last', () => {
    const menu = trayMenuTemplate(
      status(),
      snapshotWith([zone('AB12', { name: undefined, enabled: undefined, spend_today_cents: 250 }), zone('CD34', { name: 'Quiet', spend_today_cents: undefined }), zone('EF56', { name: 'Low', spend_today_cents: 1 })]),
      NOW,
    );
    expect(checkboxes(menu)).toMatchObject([
      { label: 'AB12 — $2.50 today (on/off unknown)', enabled: true, checked: false, action: { kind: 'toggleZone', zoneId: 'AB12', enabled: true } },
      { label: 'Low — $0.01 today' },
      { label: 'Quiet — spend unknown' },
    ]);
  });

  it('lists only the top spenders of 50 zones, biggest first, then All zones (50)…', () => {
    const zones = manyZones(50);
    const menu = trayMenuTemplate(status(), snapshotWith(zones), NOW);
    const shown = checkboxes(menu);
    expect(shown).toHaveLength(TRAY_MAX_ZONES);
    const expected = [...zones].sort((a, b) => b.spend_today_cents! - a.spend_today_cents! || a.name!.localeCompare(b.name!)).slice(0, TRAY_MAX_ZONES);
    expect(shown.map((i) => i.type === 'checkbox' && i.action)).toEqual(expected.map((z) => ({ kind: 'toggleZone', zoneId: z.zone_id, enabled: !z.enabled })));
    expect(labels(menu)).toContain('All zones (50)…');
  });

  it('marks the demo account in the header', () => {
    const demo = status({ profile: { id: 'demo', label: 'Demo account', baseUrl: 'http://127.0.0.1:4000', demo: true } });
    expect(labels(trayMenuTemplate(demo, snapshotWith([]), NOW))[0]).toBe('Demo account — DEMO');
  });

  it('offers Resume polling and says polling is paused while paused', () => {
    const menu = trayMenuTemplate(status({ poll: 'paused' }), snapshotWith([]), NOW);
    expect(labels(menu)).toContain('Polling paused');
    expect(find(menu, 'Resume polling')).toMatchObject({ enabled: true, action: { kind: 'setPaused', paused: false } });
    expect(labels(menu)).not.toContain('Pause polling');
  });

  it('offers Pause polling while running', () => {
    expect(find(trayMenuTemplate(status(), snapshotWith([]), NOW), 'Pause polling')).toMatchObject({ action: { kind: 'setPaused', paused: true } });
  });

  it('says how old the data is when it is stale or offline', () => {
    expect(labels(trayMenuTemplate(status({ stale: true }), snapshotWith([]), NOW))).toContain('Data may be out of date — updated 3 min ago');
    expect(labels(trayMenuTemplate(status({ offline: true, stale: true }), snapshotWith([]), NOW))).toContain('Offline — updated 3 min ago');
  });

  it('asks for a new key when the key is rejected and greys out actions that need one', () => {
    const menu = trayMenuTemplate(status({ auth: 'rejected', poll: 'stopped_unauthorized' }), snapshotWith([zone('AB12')]), NOW);
    expect(find(menu, 'API key rejected — enter a new one…')).toMatchObject({ enabled: true, action: { kind: 'open', view: 'settings' } });
    expect(checkboxes(menu).every((i) => !i.enabled)).toBe(true);
    expect(find(menu, 'Refresh now').enabled).toBe(false);
    expect(find(menu, 'Pause polling').enabled).toBe(false);
  });

  it('invites the user to add a key or try the demo when there is no account', () => {
    const menu = trayMenuTemplate(noKeyStatus(), emptySnapshot(), NOW);
    expect(labels(menu).slice(0, 2)).toEqual(['No account yet', 'Enter an API key or try the demo…']);
    expect(checkboxes(menu)).toHaveLength(0);
    expect(find(menu, 'Refresh now').enabled).toBe(false);
  });

  it('does not let a billing admin toggle zones it may only read', () => {
    const snap = snapshotWith([zone('AB12')]);
    snap.discovery.role = 'billing_admin';
    expect(checkboxes(trayMenuTemplate(status(), snap, NOW))[0]!.enabled).toBe(false);
  });

  it('offers snoozing for an hour or until tomorrow, and resuming while snoozed', () => {
    const snooze = find(trayMenuTemplate(status(), snapshotWith([]), NOW), 'Snooze notifications');
    expect(snooze.type === 'submenu' && labels(snooze.submenu)).toEqual(['For 1 hour', 'Until tomorrow']);
    const snoozed = find(trayMenuTemplate(status({ snoozedUntil: new Date(NOW + 3_600_000).toISOString() }), snapshotWith([]), NOW), 'Notifications snoozed');
    expect(snoozed.type === 'submenu' && snoozed.submenu.at(-1)).toMatchObject({ label: 'Resume notifications', action: { kind: 'snooze', until: 'off' } });
  });

  it('shortens very long zone names', () => {
    const menu = trayMenuTemplate(status(), snapshotWith([zone('AB12', { name: 'x'.repeat(100), spend_today_cents: 0 })]), NOW);
    expect(checkboxes(menu)[0]!.type === 'checkbox' && checkboxes(menu)[0]!.label).toBe(`${'x'.repeat(39)}… — $0.00 today`);
  });
});
