import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IpTools } from '../../../../renderer/src/components/IpTools';
import { SpendStopPanel } from '../../../../renderer/src/components/SpendStopPanel';
import { NO_ZONE_FILTER } from '../../../../renderer/src/model/zone-filter';
import { useNavigationStore } from '../../../../renderer/src/stores/navigation-store';
import { useSettingsStore } from '../../../../renderer/src/stores/settings-store';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { useSpendStopStore } from '../../../../renderer/src/stores/spend-stop-store';
import { useZonesStore } from '../../../../renderer/src/stores/zones-store';
import { SettingsView } from '../../../../renderer/src/views/SettingsView';
import { ZoneDetailView } from '../../../../renderer/src/views/ZoneDetailView';
import { ZonesView } from '../../../../renderer/src/views/ZonesView';
import type { Zone } from '../../../../shared/api/zone';
import { Settings } from '../../../../shared/settings';
import type { SpendStopPlan, SpendStopReport } from '../../../../shared/spend-stop';
import { sampleStatus } from '../../../fixtures/app-samples';
import { overviewOf, readout, showAccount } from '../accounts';
import { fakeApi } from '../fake-api';
import { snapshotWith, zone } from '../samples';

/** A zone row's height as the window draws it. */
const ROW_HEIGHT = 76;

// jsdom lays nothing out: the virtualized list's scroller gets a size, its rows a height, its
// content the height of its rows, and scrolling it moves its offset and says so, as a browser does.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
  const drawn = (element: HTMLElement, list: number, row: number) => (element.classList.contains('zone-list') ? list : element.classList.contains('zone-slot') ? row : 0);
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get(this: HTMLElement) { return drawn(this, 480, ROW_HEIGHT); } });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get(this: HTMLElement) { return drawn(this, 400, 400); } });
  // The list's content is as tall as the box that holds its rows says.
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('zone-list') ? Number.parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '0') : 0;
    },
  });
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    // A browser tells of a scroll in its next frame, never inside the call that scrolled.
    setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
  } as typeof HTMLElement.prototype.scrollTo;
});
beforeEach(() => {
  useZonesStore.setState({ filter: NO_ZONE_FILTER, pending: {}, message: null, confirming: null });
  useSettingsStore.setState({ settings: Settings.parse({}), error: null });
  useNavigationStore.setState({ view: 'zones', zoneId: null, focus: null });
  useSpendStopStore.setState({ record: null, asking: null, busy: null, report: null, error: null });
  localStorage.clear();
});
afterEach(cleanup);

/** The window's content area, which takes the focus when the control that asked is gone for good. */
const Main = ({ children }: { children: ReactNode }) => (
  <main id="content" tabIndex={-1}>
    {children}
  </main>
);

/** Moves the keyboard to `target` with Tab alone, as a person would. */
async function tabTo(target: HTMLElement): Promise<void> {
  for (let presses = 0; presses < 300 && document.activeElement !== target; presses++) await userEvent.tab();
  expect(document.activeElement).toBe(target);
}

const focused = () => document.activeElement;
const inDialog = () => screen.getByRole('alertdialog').contains(focused());

function showZones(zones: Zone[]) {
  useSnapshotStore.setState({ snapshot: snapshotWith(zones), status: sampleStatus() });
  const Live = () => <ZonesView snapshot={useSnapshotStore((s) => s.snapshot)!} />;
  return render(
    <Main>
      <Live />
    </Main>,
  );
}

function showZone(z: Zone) {
  useSnapshotStore.setState({ snapshot: snapshotWith([z]), status: sampleStatus() });
  useNavigationStore.setState({ view: 'zone', zoneId: z.zone_id, focus: null });
  const Live = () => {
    const snapshot = useSnapshotStore((s) => s.snapshot)!;
    const view = useNavigationStore((s) => s.view);
    return view === 'zone' ? <ZoneDetailView snapshot={snapshot} zoneId={z.zone_id} now={Date.parse('2026-11-22T10:00:00Z')} /> : <h1>Zones</h1>;
  };
  return render(
    <Main>
      <Live />
    </Main>,
  );
}

const busy = (name: string, patch: Record<string, unknown> = {}) => zone(name, { name, enabled: true, open_connections: 5, ...patch });

describe('the zone switch that asked gets the focus back', () => {
  it('in the Zones list, after Escape and after confirming with Enter', async () => {
    const api = fakeApi({ 'zones:setEnabled': ({ enabled }: { enabled: boolean }) => busy('Scraper', { enabled }) }).install();
    showZones([busy('Scraper'), busy('Monitor', { spend_today_cents: 1 })]);
    await tabTo(screen.getByRole('switch', { name: 'Zone Scraper enabled' }));
    await userEvent.keyboard(' ');
    expect(inDialog()).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(screen.getByRole('switch', { name: 'Zone Scraper enabled' }));

    await userEvent.keyboard(' ');
    expect(inDialog()).toBe(true);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('zones:setEnabled')).toEqual([{ profileId: 'p1', zoneId: 'Scraper', enabled: false }]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(screen.getByRole('switch', { name: 'Zone Scraper enabled' }));
  });

  it('in the Zones list, scrolling its row back into view when the row left the list while it asked', async () => {
    fakeApi().install();
    const zones = Array.from({ length: 60 }, (_, i) => busy(`Z${String(i).padStart(2, '0')}`, { spend_today_cents: 10_000 - i }));
    showZones(zones);
    const list = screen.getByRole('list', { name: 'Zones' });
    await tabTo(within(list).getByRole('switch', { name: 'Zone Z00 enabled' }));
    await userEvent.keyboard(' ');
    expect(inDialog()).toBe(true);
    // An update while it asks: the zone's spend falls, so the list (by spend today) puts it last, out of the drawn rows.
    act(() => useSnapshotStore.getState().upsertZone(busy('Z00', { spend_today_cents: 0 })));
    expect(within(list).queryByRole('switch', { name: 'Zone Z00 enabled' })).toBeNull();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(focused()).toBe(within(list).getByRole('switch', { name: 'Zone Z00 enabled' })));
    expect(list.scrollTop).toBeGreaterThan(0);
  });

  it('in a zone’s page', async () => {
    fakeApi().install();
    showZone(busy('Scraper'));
    await tabTo(screen.getByRole('switch', { name: 'Zone Scraper enabled' }));
    await userEvent.keyboard('{Enter}');
    expect(inDialog()).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(focused()).toBe(screen.getByRole('switch', { name: 'Zone Scraper enabled' }));
  });
});

describe('deleting a zone', () => {
  it('gives the focus back to "Delete this zone…" when cancelled, and to the view when the zone is gone', async () => {
    const api = fakeApi({ 'zones:delete': { zoneId: 'Scraper' } }).install();
    showZone(busy('Scraper'));
    await tabTo(screen.getByRole('button', { name: 'Delete this zone…' }));
    await userEvent.keyboard('{Enter}');
    expect(focused()).toBe(screen.getByLabelText(/^Type Scraper to confirm/));
    await userEvent.keyboard('{Escape}');
    expect(focused()).toBe(screen.getByRole('button', { name: 'Delete this zone…' }));

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('Scraper');
    await userEvent.tab();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Delete zone' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Zones' })).toBeTruthy());
    expect(api.callsTo('zones:delete')).toEqual([{ profileId: 'p1', zoneId: 'Scraper' }]);
    expect(focused()).toBe(screen.getByRole('main'));
  });
});

describe('a change whose cost is previewed', () => {
  const preview = (z: Zone) => ({
    zone: z,
    costBefore: z.cost,
    costAfter: { ...z.cost, standing_charges_cents_monthly: 3000 },
    standingMonthlyDeltaCents: 990,
    standingDailyAfterCents: 99,
    balanceCents: 10_000,
  });

  it('goes back to "Review changes" from the preview, and to "Edit zone" once the change is saved', async () => {
    const z = busy('Scraper');
    const api = fakeApi({ 'zones:preview': preview(z), 'zones:update': { ...z, pool_size: 12 } }).install();
    showZone(z);
    await tabTo(screen.getByRole('button', { name: 'Edit zone' }));
    await userEvent.keyboard('{Enter}');
    expect(focused()).toBe(screen.getByLabelText('Name'));
    const pool = screen.getByLabelText('Pool size (IPs)');
    await tabTo(pool);
    await userEvent.keyboard('{Backspace}{Backspace}12');
    await tabTo(screen.getByRole('button', { name: 'Review changes' }));
    await userEvent.keyboard('{Enter}');
    const region = await screen.findByRole('region', { name: 'Cost preview' });
    expect(focused()).toBe(region);
    await tabTo(within(region).getByRole('button', { name: 'Back to the form' }));
    await userEvent.keyboard('{Enter}');
    expect(focused()).toBe(screen.getByRole('button', { name: 'Review changes' }));

    await userEvent.keyboard('{Enter}');
    await tabTo(within(await screen.findByRole('region', { name: 'Cost preview' })).getByRole('button', { name: 'Confirm change' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('form', { name: /^Edit zone/ })).toBeNull());
    expect(api.callsTo('zones:update')).toHaveLength(1);
    expect(focused()).toBe(screen.getByRole('button', { name: 'Edit zone' }));
  });
});

describe('IP tools', () => {
  it('gives the focus back to the button that asked, or — once its IPs are done and it is disabled — to the IP field', async () => {
    const api = fakeApi({ 'zones:refreshIps': { done: ['10.0.0.1'], notInZone: [], zone: null } }).install();
    render(<IpTools zone={zone('Z1')} />);
    const field = screen.getByLabelText('IP addresses (paste one or many)');
    await tabTo(field);
    await userEvent.keyboard('10.0.0.1');
    await tabTo(screen.getByRole('button', { name: 'Refresh IPs…' }));
    await userEvent.keyboard('{Enter}');
    expect(inDialog()).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(focused()).toBe(screen.getByRole('button', { name: 'Refresh IPs…' }));

    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    await screen.findByText('Refreshed 1 IP: 10.0.0.1.');
    expect(api.callsTo('zones:refreshIps')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Refresh IPs…' })).toHaveProperty('disabled', true);
    expect(focused()).toBe(field);
  });
});

describe('Stop all spend', () => {
  const plan: SpendStopPlan = { zones: [{ zoneId: 'A', name: 'Scraper', spendTodayCents: 1_200 }], spendTodayCents: 1_200, notAllowed: [], blockedReason: null };
  const report: SpendStopReport = {
    action: 'stop',
    at: '2026-11-22T03:00:00Z',
    outcomes: [{ zoneId: 'A', name: 'Scraper', spendTodayCents: 1_200, result: 'failed', reason: 'The service had a problem.' }],
    summary: '1 zone still running: Scraper.',
    record: null,
  };
  const running = snapshotWith([zone('A', { name: 'Scraper', enabled: true })]);

  it('gives the focus back to "Stop all spend…" after Escape, after confirming, and after a refusal’s OK', async () => {
    let blocked: string | null = null;
    const api = fakeApi({ 'spend:get': { record: null }, 'spend:plan': () => ({ ...plan, blockedReason: blocked }), 'spend:stop': report }).install();
    render(<SpendStopPanel snapshot={running} />);
    const stop = () => screen.getByRole('button', { name: 'Stop all spend…' });
    await tabTo(stop());
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    expect(inDialog()).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(focused()).toBe(stop());

    await userEvent.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('status', { name: 'Stop report' });
    expect(api.callsTo('spend:stop')).toHaveLength(1);
    expect(focused()).toBe(stop());

    blocked = 'Zonewatch is offline. Nothing was stopped.';
    await userEvent.keyboard('{Enter}');
    const refusal = await screen.findByRole('alert');
    await tabTo(within(refusal).getByRole('button', { name: 'OK' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(focused()).toBe(stop());
  });
});

describe('removing an account', () => {
  const withProfiles = Settings.parse({
    profiles: [
      { id: 'p1', label: 'Client A', baseUrl: 'https://api.bytio.com' },
      { id: 'p2', label: 'Client B', baseUrl: 'https://api.bytio.com' },
    ],
  });
  const accounts = [readout('p1', { label: 'Client A' }), readout('p2', { label: 'Client B' })];

  it('gives the focus back to "Remove this account…" when cancelled, and to the view once the account is gone — never to another account’s button', async () => {
    fakeApi({ 'settings:get': withProfiles, 'accounts:remove': { removed: true }, 'accounts:list': overviewOf([accounts[0]!]) }).install(null);
    showAccount('p2', accounts);
    useSettingsStore.setState({ settings: withProfiles, error: null });
    render(
      <Main>
        <SettingsView />
      </Main>,
    );
    await tabTo(screen.getByRole('button', { name: 'Remove this account…' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alertdialog', { name: 'Remove Client B?' }).contains(focused())).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(focused()).toBe(screen.getByRole('button', { name: 'Remove this account…' }));

    await userEvent.keyboard('{Enter}');
    // The confirmation opens on its least destructive action, exporting the daily history first (docs/desktop.md › History).
    expect(focused()).toBe(screen.getByRole('button', { name: 'Export its daily history first (CSV)' }));
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('form', { name: /^Client A:/ })).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(screen.getByRole('main'));
  });
});
