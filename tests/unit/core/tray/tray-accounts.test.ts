import { describe, expect, it } from 'vitest';
import { trayIconState } from '../../../../electron/core/tray/tray-icon-state';
import { trayMenuTemplate, type TrayMenuItem } from '../../../../electron/core/tray/tray-menu';
import { MAX_TOOLTIP_LENGTH, trayTitle, trayTooltip } from '../../../../electron/core/tray/tray-tooltip';
import { ApiError } from '../../../../electron/core/api/error';
import { emptySnapshot } from '../../../../shared/snapshot';
import { NOW, account, manyZones, snapshotWith, trayModel, zone } from '../readout/readout-fixtures';

type Labelled = Exclude<TrayMenuItem, { type: 'separator' }>;
const labels = (menu: TrayMenuItem[]) => menu.map((i) => (i.type === 'separator' ? '---' : i.label));
const checkboxes = (menu: TrayMenuItem[]) => menu.filter((i): i is Extract<TrayMenuItem, { type: 'checkbox' }> => i.type === 'checkbox');
const submenus = (menu: TrayMenuItem[]) => menu.filter((i): i is Extract<TrayMenuItem, { type: 'submenu' }> => i.type === 'submenu' && i.label.startsWith('● '));
const find = (menu: TrayMenuItem[], label: string): Labelled => {
  const found = menu.find((i): i is Labelled => i.type !== 'separator' && i.label === label);
  if (!found) throw new Error(`no item "${label}" in ${labels(menu).join(' | ')}`);
  return found;
};
/** The items between one account's header and the next separator. */
const section = (menu: TrayMenuItem[], header: string) => {
  const start = labels(menu).indexOf(header);
  if (start < 0) throw new Error(`no section "${header}" in ${labels(menu).join(' | ')}`);
  const end = labels(menu).indexOf('---', start);
  return menu.slice(start, end);
};

/** Client A ($100 balance, $3.00 today), Client B ($250, $5.00), and the demo ($1,000, $7.00). */
function threeAccounts() {
  return [
    account({ id: 'a', label: 'Client A', snapshot: snapshotWith([zone('Z1', { spend_today_cents: 300 })], 10_000) }),
    account({ id: 'b', label: 'Client B', snapshot: snapshotWith([zone('Z1', { spend_today_cents: 500 }), zone('Z2', { spend_today_cents: 0, enabled: false })], 25_000) }),
    account({ id: 'demo', label: 'Demo account', demo: true, snapshot: snapshotWith([zone('Z1', { spend_today_cents: 700 })], 100_000) }),
  ];
}

const rejectedPoller = { unauthorized: true, lastError: new ApiError('unauthorized', 'revoked') };

/** Twelve real accounts with long labels and 20 zones each, the fifth with a rejected key. */
function twelveAccounts() {
  return Array.from({ length: 12 }, (_, i) =>
    account({
      id: `acct-${i}`,
      label: `Agency client number ${i + 1} with a rather long name`,
      snapshot: snapshotWith(manyZones(20), 1_000 * (i + 1)),
      ...(i === 4 ? { poller: rejectedPoller } : {}),
    }),
  );
}

describe('the tray with one account', () => {
  it('shows its section directly, with up to 8 zones, and refreshes "now"', () => {
    const menu = trayMenuTemplate(trayModel([account({ snapshot: snapshotWith(manyZones(20)) })]), NOW);
    expect(submenus(menu)).toEqual([]);
    expect(checkboxes(menu)).toHaveLength(8);
    expect(labels(menu)).toContain('Refresh now');
  });
});

describe('the tray with three accounts', () => {
  it('gives each account a section, in the user’s order, with its header, figures and up to 5 zones', () => {
    const accounts = threeAccounts();
    accounts[0] = account({ id: 'a', label: 'Client A', snapshot: snapshotWith(manyZones(20), 10_000) });
    const menu = trayMenuTemplate(trayModel(accounts), NOW);
    const headers = labels(menu).filter((l) => l.startsWith('● '));
    expect(headers).toEqual(['● Client A — up to date', '● Client B — up to date', '● Demo account (DEMO) — up to date']);
    expect(submenus(menu)).toEqual([]);
    expect(checkboxes(section(menu, '● Client A — up to date'))).toHaveLength(5);
    expect(labels(section(menu, '● Client B — up to date'))[1]).toBe('Balance $250.00 · $5.00 today');
  });

  it('lets a zone toggle, All zones… and Stop all spend… act on the account whose section they are in', () => {
    const menu = trayMenuTemplate(trayModel(threeAccounts()), NOW);
    const b = section(menu, '● Client B — up to date');
    // Both accounts have a zone Z1: the toggle must name Client B, not the first account with that zone.
    expect(checkboxes(b).map((i) => i.action)).toEqual([
      { kind: 'toggleZone', profileId: 'b', zoneId: 'Z1', enabled: false },
      { kind: 'toggleZone', profileId: 'b', zoneId: 'Z2', enabled: true },
    ]);
    expect(find(b, 'All zones (2)…')).toMatchObject({ action: { kind: 'open', view: 'zones', profileId: 'b' } });
    expect(find(b, 'Caps…')).toMatchObject({ action: { kind: 'open', view: 'caps', profileId: 'b' } });
    expect(find(b, 'Stop all spend…')).toMatchObject({ action: { kind: 'stopSpend', profileId: 'b', retry: false } });
    expect(checkboxes(section(menu, '● Client A — up to date')).map((i) => i.action)).toEqual([{ kind: 'toggleZone', profileId: 'a', zoneId: 'Z1', enabled: false }]);
  });

  it('ends with what acts on every account: Refresh all, Pause, Snooze, All accounts…, Add account…, Find a zone…', () => {
    const menu = trayMenuTemplate(trayModel(threeAccounts()), NOW);
    expect(find(menu, 'Refresh all accounts')).toMatchObject({ enabled: true, action: { kind: 'refresh' } });
    expect(find(menu, 'Find a zone…')).toMatchObject({ enabled: true, action: { kind: 'findZone' } });
    expect(labels(menu).slice(-11)).toEqual([
      'Refresh all accounts',
      'Pause polling',
      'Snooze notifications',
      '---',
      'All accounts…',
      'Add account…',
      'Find a zone…',
      'Open Zonewatch',
      'Settings…',
      '---',
      'Quit Zonewatch',
    ]);
  });

  it('totals balance and spend today across the real accounts only, and says the demo is left out', () => {
    const tooltip = trayTooltip(trayModel(threeAccounts()), NOW).split('\n');
    expect(tooltip).toEqual(['Zonewatch — 2 accounts + demo (not in totals)', 'Balance $350.00 · today $8.00']);
    expect(trayTitle(trayModel(threeAccounts()))).toBe('$8.00');
  });

  it('says how many accounts the totals cover while one has no figures yet', () => {
    const accounts = [...threeAccounts(), account({ id: 'c', label: 'Client C', snapshot: emptySnapshot() })].filter((a) => !a.demo);
    expect(trayTooltip(trayModel(accounts), NOW).split('\n')).toEqual(['Zonewatch — 3 accounts', 'Balance $350.00 · today $8.00 across 2 of 3 accounts']);
  });

  it('counts the accounts that need attention: a refused key, stale data, an unseen warning — not an unseen info', () => {
    const rejected = account({ id: 'a', label: 'Client A', poller: rejectedPoller, snapshot: snapshotWith([zone('Z1', { spend_today_cents: 300 })], 10_000) });
    const warned = account({ id: 'b', label: 'Client B', attention: 'warning' });
    const informed = account({ id: 'demo', label: 'Demo account', demo: true, attention: 'info' });
    expect(trayTooltip(trayModel([rejected, warned, informed]), NOW).split('\n')[2]).toBe('2 need attention');
    const [a, b] = threeAccounts();
    const stale = account({ id: 'c', label: 'Client C', poller: { lastSuccessAt: NOW - 20 * 60_000 } });
    expect(trayTooltip(trayModel([a!, b!, stale]), NOW).split('\n')[2]).toBe('1 needs attention');
    expect(trayTooltip(trayModel(threeAccounts()), NOW).split('\n')).toHaveLength(2);
  });

  it('says polling is paused for every account at once', () => {
    const paused = [account({ id: 'a', label: 'Client A', app: { paused: true } }), account({ id: 'b', label: 'Client B', app: { paused: true } })];
    expect(trayTooltip(trayModel(paused, { paused: true }), NOW).split('\n')[2]).toBe('Polling paused');
    expect(find(trayMenuTemplate(trayModel(paused, { paused: true }), NOW), 'Resume polling')).toMatchObject({ action: { kind: 'setPaused', paused: false } });
  });

  it('colours the icon by the worst account, and marks DEMO only when the demo is all that is watched', () => {
    const [a, b, demo] = threeAccounts();
    expect(trayIconState(trayModel([a!, b!, demo!]))).toEqual({ level: 'ok', demo: false });
    const offline = account({ id: 'c', label: 'Client C', poller: { consecutiveFailures: 1, lastError: new ApiError('network', 'down') } });
    const alerted = account({ id: 'demo', label: 'Demo account', demo: true, attention: 'critical' });
    expect(trayIconState(trayModel([a!, offline, b!])).level).toBe('stale');
    expect(trayIconState(trayModel([a!, offline, alerted])).level).toBe('alert');
    const rejected = account({ id: 'r', label: 'Client R', poller: rejectedPoller });
    expect(trayIconState(trayModel([alerted, rejected, offline])).level).toBe('rejected');
    expect(trayIconState(trayModel([demo!]))).toEqual({ level: 'ok', demo: true });
  });

  it('shows the demo’s own spend in the macOS title while it is the only account', () => {
    const [, , demo] = threeAccounts();
    expect(trayTitle(trayModel([demo!]))).toBe('$7.00');
  });
});

describe('the tray with twelve accounts', () => {
  it('collapses each account to a submenu, in the user’s order, labelled with its name, balance and state', () => {
    const menu = trayMenuTemplate(trayModel(twelveAccounts()), NOW);
    const accountMenus = submenus(menu);
    expect(accountMenus).toHaveLength(12);
    expect(accountMenus[0]!.label).toBe('● Agency client number 1 with a rather long name — $10.00 — up to date');
    expect(accountMenus[4]!.label).toBe('● Agency client number 5 with a rather long name — $50.00 — key rejected');
    expect(checkboxes(menu)).toEqual([]);
  });

  it('lists 3 zones in each submenu, whose toggles and stop act on that account', () => {
    const menu = trayMenuTemplate(trayModel(twelveAccounts()), NOW);
    const seventh = submenus(menu)[6]!.submenu;
    const toggles = checkboxes(seventh);
    expect(toggles).toHaveLength(3);
    expect(toggles.every((i) => i.action.kind === 'toggleZone' && i.action.profileId === 'acct-6')).toBe(true);
    expect(find(seventh, 'All zones (20)…')).toMatchObject({ action: { profileId: 'acct-6' } });
    expect(find(seventh, 'Stop all spend…')).toMatchObject({ action: { kind: 'stopSpend', profileId: 'acct-6' } });
    // The rejected account's zones are there to read, not to change.
    expect(checkboxes(submenus(menu)[4]!.submenu).every((i) => !i.enabled)).toBe(true);
  });

  it('keeps the tooltip within the Windows limit and still gives the totals and the count needing attention', () => {
    const tooltip = trayTooltip(trayModel(twelveAccounts()), NOW);
    expect(tooltip.length).toBeLessThanOrEqual(MAX_TOOLTIP_LENGTH);
    // $10 + $20 + … + $120 of balance; each account's 20 zones spent 970 cents today.
    expect(tooltip.split('\n')).toEqual(['Zonewatch — 12 accounts', 'Balance $780.00 · today $116.40', '1 needs attention']);
    expect(trayIconState(trayModel(twelveAccounts())).level).toBe('rejected');
  });
});
