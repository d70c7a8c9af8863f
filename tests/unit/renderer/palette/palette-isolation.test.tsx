import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../../renderer/src/App';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts-store';
import { useNavigationStore } from '../../../../renderer/src/stores/navigation-store';
import { usePaletteRequest } from '../../../../renderer/src/stores/palette-request';
import { usePaletteStore } from '../../../../renderer/src/stores/palette-store';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { Settings } from '../../../../shared/settings';
import { sampleStatus } from '../../../fixtures/app-samples';
import { paletteListOf } from '../../../fixtures/palette';
import { overviewOf, readout } from '../accounts';
import { fakeApi } from '../fake-api';
import { snapshotWith, zone } from '../samples';

// uPlot measures the screen when imported, which jsdom cannot; the chart is not what this tests.
vi.mock('../../../../renderer/src/components/SpendChart', () => ({ SpendChart: () => null }));
// The header's two parts and the view count their renders: typing in the palette must draw none of them.
const renders = { statusBar: 0, nav: 0, overview: 0 };
vi.mock('../../../../renderer/src/components/StatusBar', async (original) => {
  const { StatusBar } = await original<typeof import('../../../../renderer/src/components/StatusBar')>();
  return { StatusBar: (props: Parameters<typeof StatusBar>[0]) => (renders.statusBar++, StatusBar(props)) };
});
vi.mock('../../../../renderer/src/components/Nav', async (original) => {
  const { Nav } = await original<typeof import('../../../../renderer/src/components/Nav')>();
  return { Nav: (props: Parameters<typeof Nav>[0]) => (renders.nav++, Nav(props)) };
});
vi.mock('../../../../renderer/src/views/OverviewView', async (original) => {
  const { OverviewView } = await original<typeof import('../../../../renderer/src/views/OverviewView')>();
  return { OverviewView: (props: Parameters<typeof OverviewView>[0]) => (renders.overview++, OverviewView(props)) };
});

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get(this: HTMLElement) { return this.classList.contains('palette-scroller') ? 360 : 0; } });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get(this: HTMLElement) { return this.classList.contains('palette-scroller') ? 400 : 0; } });
});
beforeEach(() => {
  localStorage.clear();
  useAccountsStore.setState(useAccountsStore.getInitialState(), true);
  useSnapshotStore.setState(useSnapshotStore.getInitialState(), true);
  usePaletteStore.setState(usePaletteStore.getInitialState(), true);
  usePaletteRequest.setState({ count: 0 });
  useNavigationStore.setState({ view: 'overview', zoneId: null, focus: null });
});
afterEach(cleanup);

describe('typing in the command palette', () => {
  it('draws the palette alone: the status bar, the section bar and the view are not drawn again', async () => {
    const zones = [zone('A1', { name: 'scraper eu' }), zone('A2', { name: 'catalog crawler' })];
    const clientA = readout('p1', { label: 'Client A', zones });
    fakeApi({
      'accounts:list': overviewOf([clientA]),
      'settings:get': Settings.parse({}),
      'snapshot:get': { snapshot: snapshotWith(zones), status: sampleStatus() },
      'notifications:list': [],
      'spend:get': { record: null },
      'history:get': [],
      'app:state': { paused: false, offline: false, asleep: false, snoozedUntil: null },
      'palette:list': paletteListOf([{ readout: clientA, zones }]),
    }).install(null);
    render(<App />);
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const field = await screen.findByRole('combobox', { name: 'Find a zone, a view or an action' });
    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent ?? '').toMatch(/results?$/));
    const before = { ...renders };
    await user.type(field, 'catalog crawl');
    expect(usePaletteStore.getState().results[0]?.title).toBe('catalog crawler');
    expect(renders).toEqual(before);
  });
});
