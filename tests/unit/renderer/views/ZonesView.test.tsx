import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZonesView } from '../../../../renderer/src/views/ZonesView';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { useZonesStore } from '../../../../renderer/src/stores/zones-store';
import { NO_ZONE_FILTER } from '../../../../renderer/src/model/zone-filter';
import { useSettingsStore } from '../../../../renderer/src/stores/settings-store';
import { Settings, type SettingsPatch } from '../../../../shared/settings';
import { fail, fakeApi } from '../fake-api';
import { sharedZone, snapshotWith, zone } from '../samples';
import { sampleStatus } from '../../../fixtures/app-samples';
import { zonePatch } from '../../../../shared/zone-patch';

// Each drawing of a zone's row asks which of its cost figures are unknown, once: counting those
// asks per zone counts the row's renders.
const drawn = new Map<string, number>();
vi.mock('../../../../shared/api/zone-cost-presence', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../shared/api/zone-cost-presence')>();
  return {
    ...real,
    unknownCostMembers: (z: { zone_id: string }) => {
      drawn.set(z.zone_id, (drawn.get(z.zone_id) ?? 0) + 1);
      return real.unknownCostMembers(z as never);
    },
  };
});

// jsdom lays nothing out: give the virtualized list's scroller a size so that rows render.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
});
beforeEach(() => {
  useZonesStore.setState({ filter: NO_ZONE_FILTER, pending: {}, message: null, confirming: null });
  useSettingsStore.setState({ settings: Settings.parse({}), error: null });
});
afterEach(cleanup);

function show(zones = [zone('A1', { name: 'Scraper', enabled: true, open_connections: 0 }), sharedZone('B2', { name: 'Mobile QA', enabled: false })]) {
  const snapshot = snapshotWith(zones);
  useSnapshotStore.setState({ snapshot, status: sampleStatus() });
  const Live = () => <ZonesView snapshot={useSnapshotStore((s) => s.snapshot)!} />;
  return render(<Live />);
}

describe('ZonesView', () => {
  it('lists zones with their state, and filters them by search', async () => {
    fakeApi().install();
    show();
    expect(screen.getByRole('switch', { name: 'Zone Scraper enabled' })).toHaveProperty('ariaChecked', 'true');
    expect(screen.getByRole('switch', { name: 'Zone Mobile QA enabled' })).toHaveProperty('ariaChecked', 'false');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'mobile');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(/^1 of 2 zones/)).toBeTruthy();
  });

  it('shows the new state at once and keeps it when the service agrees', async () => {
    const api = fakeApi({ 'zones:setEnabled': ({ enabled }: { enabled: boolean }) => zone('A1', { name: 'Scraper', enabled }) }).install();
    show();
    await userEvent.click(screen.getByRole('switch', { name: 'Zone Scraper enabled' }));
    await waitFor(() => expect(useSnapshotStore.getState().snapshot!.zones.A1!.zone.enabled).toBe(false));
    expect(screen.getByRole('switch', { name: 'Zone Scraper enabled' })).toHaveProperty('ariaChecked', 'false');
    expect(api.callsTo('zones:setEnabled')).toEqual([{ profileId: 'p1', zoneId: 'A1', enabled: false }]);
  });

  it('rolls the switch back and says why when the toggle fails', async () => {
    let answer: (v: unknown) => void = () => undefined;
    fakeApi({ 'zones:setEnabled': () => new Promise((resolve) => (answer = resolve)) }).install();
    show();
    const toggle = screen.getByRole('switch', { name: 'Zone Scraper enabled' });
    await userEvent.click(toggle);
    expect(toggle).toHaveProperty('ariaChecked', 'false');
    answer(fail('payment_required', 'The balance does not cover this'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not disable “Scraper”: The balance does not cover this.');
    expect(alert.textContent).toContain('It is still enabled.');
    expect(screen.getByRole('switch', { name: 'Zone Scraper enabled' })).toHaveProperty('ariaChecked', 'true');
  });

  it('counts a single zone in the singular', () => {
    fakeApi().install();
    show([zone('A1', { name: 'Scraper', enabled: true })]);
    expect(screen.getByText(/^1 zone, /)).toBeTruthy();
  });

  it('names a zone with a blank name by its id when its toggle fails', async () => {
    fakeApi({ 'zones:setEnabled': fail('payment_required', 'The balance does not cover this') }).install();
    show([zone('A1', { name: '  ', enabled: true, open_connections: 0 })]);
    await userEvent.click(screen.getAllByRole('switch')[0]!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not disable “A1”: The balance does not cover this.');
  });

  it('asks before disabling a zone with open connections, as the tray does, and sends nothing until confirmed', async () => {
    const api = fakeApi({ 'zones:setEnabled': ({ enabled }: { enabled: boolean }) => zone('A1', { name: 'Scraper', enabled, open_connections: 0 }) }).install();
    show([zone('A1', { name: 'Scraper', enabled: true, open_connections: 1200 })]);
    await userEvent.click(screen.getByRole('switch', { name: 'Zone Scraper enabled' }));
    const ask = screen.getByRole('alertdialog', { name: 'Disable zone “Scraper”?' });
    expect(ask.textContent).toContain('It has 1,200 open connections right now.');
    expect(api.callsTo('zones:setEnabled')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('zones:setEnabled')).toEqual([]);

    await userEvent.click(screen.getByRole('switch', { name: 'Zone Scraper enabled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Disable zone' }));
    await waitFor(() => expect(api.callsTo('zones:setEnabled')).toEqual([{ profileId: 'p1', zoneId: 'A1', enabled: false }]));
  });

  it('lists the biggest spender today first, and keeps a new order in the settings', async () => {
    const api = fakeApi({ 'settings:update': (patch: SettingsPatch) => Settings.parse({ ...patch }) }).install();
    show([
      zone('A1', { name: 'Alpha', spend_today_cents: 10, spend_this_month_cents: 9_000, current_thoughput_bps: 1 }),
      zone('B2', { name: 'Bravo', spend_today_cents: 900, spend_this_month_cents: 100, current_thoughput_bps: 2 }),
    ]);
    const names = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.zone-name')?.textContent);
    expect(names()).toEqual(['Bravo', 'Alpha']);
    expect(screen.getByText('2 zones, biggest spend today first')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'Top spend this month');
    expect(names()).toEqual(['Alpha', 'Bravo']);
    await waitFor(() => expect(api.callsTo('settings:update')).toEqual([{ zonesSort: 'spend_month' }]));
    expect(useSettingsStore.getState().settings?.zonesSort).toBe('spend_month');
  });

  it('says how many zones are not yet known and offers to pin them', () => {
    fakeApi().install();
    const snapshot = snapshotWith([zone('A1')]);
    snapshot.discovery.notYetKnown = 3;
    useSnapshotStore.setState({ snapshot, status: sampleStatus() });
    render(<ZonesView snapshot={snapshot} />);
    expect(screen.getByRole('note').textContent).toContain('3 zones are not yet known');
    expect(screen.getByRole('button', { name: 'Pin zones' })).toBeTruthy();
  });
});

describe('an update of one zone in the Zones view', () => {
  it('draws that zone’s row again and no other', () => {
    fakeApi().install();
    const zones = Array.from({ length: 5 }, (_, i) => zone(`Z${i}`, { name: `Zone ${i}`, spend_today_cents: 100 - i, open_connections: 0 }));
    useSnapshotStore.setState({ snapshot: snapshotWith(zones), status: sampleStatus(), seq: 1, zonesRead: null });
    const Live = () => <ZonesView snapshot={useSnapshotStore((s) => s.snapshot)!} />;
    render(<Live />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    drawn.clear();
    const busier = { ...zones[2]!, spend_today_cents: 250 };
    act(() => useSnapshotStore.getState().applyUpdate(2, { zonesUpserted: [], zonesPatched: [zonePatch(zones[2]!, busier)!], zoneIdsRemoved: [] }));
    expect(Object.fromEntries(drawn)).toEqual({ Z2: 1 });
    // It moved to the top; the others kept their order.
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('[data-zone-id]')!.getAttribute('data-zone-id'))).toEqual(['Z2', 'Z0', 'Z1', 'Z3', 'Z4']);
    expect(screen.getAllByRole('listitem')[0]!.textContent).toContain('$2.50');
  });
});
