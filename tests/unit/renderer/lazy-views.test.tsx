import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../renderer/src/App';
import { useAccountsStore } from '../../../renderer/src/stores/accounts-store';
import { useNavigationStore } from '../../../renderer/src/stores/navigation-store';
import { useSnapshotStore } from '../../../renderer/src/stores/snapshot-store';
import { Settings } from '../../../shared/settings';
import { sampleStatus } from '../../fixtures/app-samples';
import { overviewOf, readout } from './accounts';
import { fakeApi } from './fake-api';
import { snapshotWith, zone } from './samples';

/** A view module whose code arrives only when the test says so, as a slow disk or a cold cache would deliver it. */
const codeArrives = vi.hoisted(() => {
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };
  return { zones: gate(), settings: gate() };
});
vi.mock('../../../renderer/src/views/ZonesView', async (importOriginal) => {
  await codeArrives.zones.opened;
  return importOriginal();
});
vi.mock('../../../renderer/src/views/SettingsView', async (importOriginal) => {
  await codeArrives.settings.opened;
  return importOriginal();
});
// uPlot measures the screen when imported, which jsdom cannot; the chart is not what this tests.
vi.mock('../../../renderer/src/components/SpendChart', () => ({ SpendChart: () => null }));

beforeEach(() => {
  localStorage.clear();
  useAccountsStore.setState(useAccountsStore.getInitialState(), true);
  useSnapshotStore.setState(useSnapshotStore.getInitialState(), true);
  useNavigationStore.setState({ view: 'overview', zoneId: null, focus: null });
});
afterEach(cleanup);

const clientAZone = zone('P1Z', { name: 'Client A zone' });
// Its read model is the core's, derived from the snapshot the window is served (tests/fixtures/readouts.ts).
const clientA = readout('p1', { label: 'Client A', zones: [clientAZone] });

function open() {
  fakeApi({
    'accounts:list': overviewOf([clientA]),
    'settings:get': Settings.parse({}),
    'snapshot:get': {
      snapshot: snapshotWith([clientAZone]),
      status: sampleStatus({ profile: { id: 'p1', label: clientA.label, baseUrl: clientA.baseUrl, color: clientA.color, demo: false } }),
    },
    'notifications:list': [],
    'spend:get': { record: null },
    'history:get': [],
  }).install(null);
  render(<App />);
}

const heading = (name: string) => screen.queryByRole('heading', { name, level: 1 });
const nav = () => screen.getByRole('navigation', { name: 'Sections' });

describe('views whose code loads on demand (docs/desktop.md › Packaging)', () => {
  it('keep the view on screen, and the bar where it is, until the next view’s code has arrived', async () => {
    open();
    await screen.findByText('Client A zone');
    await userEvent.click(screen.getByRole('button', { name: 'Zones' }));
    // The click is taken (the bar marks Zones) while the overview stays: no blank page, no jump.
    expect(screen.getByRole('button', { name: 'Zones' }).getAttribute('aria-current')).toBe('page');
    expect(heading('Overview')).not.toBeNull();
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
    await act(async () => codeArrives.zones.open());
    expect(await screen.findByRole('heading', { name: 'Zones', level: 1 })).toBeTruthy();
    expect(heading('Overview')).toBeNull();
  });

  it('show one quiet line under the bar when the window opens on a view whose code has not arrived yet', async () => {
    useNavigationStore.setState({ view: 'settings' });
    open();
    expect(await screen.findByText('Loading this section…')).toBeTruthy();
    expect(nav()).toBeTruthy();
    await act(async () => codeArrives.settings.open());
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Loading this section…')).toBeNull();
    expect(nav()).toBeTruthy();
  });
});
