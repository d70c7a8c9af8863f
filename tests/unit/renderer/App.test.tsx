import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../renderer/src/App';
import { useAccountsStore } from '../../../renderer/src/stores/accounts-store';
import { useNavigationStore } from '../../../renderer/src/stores/navigation-store';
import { useSnapshotStore } from '../../../renderer/src/stores/snapshot-store';
import type { AccountReadout } from '../../../shared/accounts';
import { Settings } from '../../../shared/settings';
import { sampleStatus } from '../../fixtures/app-samples';
import { overviewOf, readout } from './accounts';
import { fakeApi } from './fake-api';
import { snapshotWith, zone } from './samples';

// uPlot measures the screen when imported, which jsdom cannot; the chart is not what this tests.
vi.mock('../../../renderer/src/components/SpendChart', () => ({ SpendChart: () => null }));

beforeEach(() => {
  localStorage.clear();
  useAccountsStore.setState(useAccountsStore.getInitialState(), true);
  useSnapshotStore.setState(useSnapshotStore.getInitialState(), true);
  useNavigationStore.setState({ view: 'overview', zoneId: null, focus: null });
});
afterEach(cleanup);

/** The zone each account's snapshot holds, named after the account: its read model lists it too. */
const zoneOf = (profileId: string, label: string, spend = 500) => zone(`${profileId.toUpperCase()}Z`, { name: `${label} zone`, spend_today_cents: spend });
const clientA = readout('p1', { label: 'Client A', balanceCents: 10_000, zones: [zoneOf('p1', 'Client A')] });
const clientB = readout('p2', { label: 'Client B', color: 'orange', balanceCents: 20_000, zones: [zoneOf('p2', 'Client B', 1_500)], planMinimumCents: 50_000, attention: 'warning' });
const demo = readout('demo', { label: 'Demo account', demo: true, color: 'grey', balanceCents: 99_900, zones: [zoneOf('demo', 'Demo account')] });

/** The window over a fake main with these accounts; each account's snapshot has one zone named after it. */
function open(accounts: AccountReadout[], handlers: Record<string, unknown> = {}) {
  let list = overviewOf(accounts);
  const api = fakeApi({
    'accounts:list': () => list,
    'settings:get': Settings.parse({}),
    'snapshot:get': ({ profileId }: { profileId: string }) => {
      const account = list.accounts.find((a) => a.profileId === profileId)!;
      return {
        snapshot: snapshotWith([zoneOf(profileId, account.label)]),
        status: sampleStatus({ profile: { id: profileId, label: account.label, baseUrl: account.baseUrl, color: account.color, demo: account.demo } }),
      };
    },
    'notifications:list': [],
    'spend:get': { record: null },
    'history:get': [],
    ...handlers,
  }).install(null);
  render(<App />);
  return {
    api,
    setAccounts(next: AccountReadout[]) {
      list = overviewOf(next);
    },
  };
}

const switcher = () => screen.getByRole('combobox', { name: 'Account' });

describe('the account switcher', () => {
  it('is reached by keyboard first and lists All accounts, each account in the user’s order and Add account…', async () => {
    open([clientA, clientB, demo]);
    await screen.findByRole('heading', { name: 'Overview', level: 1 });
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(switcher());
    expect(within(switcher()).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All accounts',
      'Client A',
      'Client B — needs attention',
      'Demo account',
      'Add account…',
    ]);
  });

  it('shows the chosen account’s data, asked for by its profile id, and the next window opens on it', async () => {
    const { api } = open([clientA, clientB]);
    await screen.findByText('Client A zone');
    await userEvent.selectOptions(switcher(), 'p2');
    expect(await screen.findByText('Client B zone')).toBeTruthy();
    expect(screen.queryByText('Client A zone')).toBeNull();
    expect(api.callsTo('snapshot:get')).toEqual([{ profileId: 'p1' }, { profileId: 'p2' }]);
    expect(api.callsTo('history:get').at(-1)).toEqual({ profileId: 'p2' });
    expect(localStorage.getItem('zonewatch.selectedAccount')).toBe('p2');
  });

  it('opens the window on the account shown last time', async () => {
    localStorage.setItem('zonewatch.selectedAccount', 'p2');
    open([clientA, clientB]);
    expect(await screen.findByText('Client B zone')).toBeTruthy();
    expect((switcher() as HTMLSelectElement).value).toBe('p2');
  });
});

describe('All accounts', () => {
  it('totals the real accounts, leaves the demo out, and a row opens its account’s overview', async () => {
    open([clientA, clientB, demo]);
    await screen.findByText('Client A zone');
    await userEvent.selectOptions(switcher(), 'all');
    // "All accounts" and "Add account" load their code when first shown (renderer/src/App.tsx).
    expect(await screen.findByRole('heading', { name: 'All accounts', level: 1 })).toBeTruthy();
    const totals = screen.getByLabelText('Totals');
    expect(totals.textContent).toContain('$300.00');
    expect(totals.textContent).toContain('$20.00');
    expect(totals.textContent).toContain('All 2 accounts');
    expect(screen.getByText('1 account needs attention.')).toBeTruthy();
    expect(screen.getByText('The demo account is left out of the totals.')).toBeTruthy();

    const rows = within(screen.getByRole('list', { name: 'Accounts' })).getAllByRole('button');
    expect(rows.map((r) => r.querySelector('.account-label')?.textContent)).toEqual(['Client A', 'Client B', 'Demo account']);
    expect(rows[1]!.textContent).toContain('new warning');
    expect(rows[1]!.textContent).toContain('$420.00 of $500.00 minimum');
    rows[1]!.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Client B zone')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    expect((switcher() as HTMLSelectElement).value).toBe('p2');
  });

  it('says how many accounts the totals cover while some have no data yet', async () => {
    open([clientA, readout('p3', { label: 'New', balanceCents: null, burnCentsPerHour: null, zones: [zoneOf('p3', 'New')] })]);
    await screen.findByText('Client A zone');
    await userEvent.selectOptions(switcher(), 'all');
    expect((await screen.findByLabelText('Totals')).textContent).toContain('1 of 2 accounts');
    const row = within(screen.getByRole('list', { name: 'Accounts' })).getAllByRole('button')[1]!;
    expect(row.textContent).toContain('not enough data yet');
    expect(row.textContent).not.toContain('$0.00');
  });
});

describe('adding an account', () => {
  it('asks for the key, name and colour, adds it without touching the others, and shows it', async () => {
    const clientC = readout('p3', { label: 'Client C', color: 'green', zones: [zoneOf('p3', 'Client C')] });
    const added = { current: false };
    const { api, setAccounts } = open([clientA, clientB], {
      'key:set': () => {
        added.current = true;
        setAccounts([clientA, clientB, clientC]);
        return { keyBackend: 'keychain', profileId: 'p3' };
      },
    });
    await screen.findByText('Client A zone');
    await userEvent.selectOptions(switcher(), 'add-account');
    expect(await screen.findByRole('heading', { name: 'Add an account', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Colour') as HTMLSelectElement).value).toBe('green');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Client C');
    await userEvent.type(screen.getByLabelText('API key'), 'client-c-key-123');
    await userEvent.type(screen.getByLabelText(/^Service URL/), 'http://127.0.0.1:8080');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(api.callsTo('key:set')).toEqual([{ apiKey: 'client-c-key-123', baseUrl: 'http://127.0.0.1:8080', label: 'Client C', color: 'green' }]);
    expect(await screen.findByText('Client C zone')).toBeTruthy();
    expect((switcher() as HTMLSelectElement).value).toBe('p3');
    expect(document.body.innerHTML).not.toContain('client-c-key-123');
  });

  it('adds the demo beside the real accounts, and Cancel goes back to the account shown', async () => {
    const { api, setAccounts } = open([clientA], {
      'demo:start': () => {
        setAccounts([clientA, demo]);
        return sampleStatus();
      },
    });
    await screen.findByText('Client A zone');
    await userEvent.selectOptions(switcher(), 'add-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Client A zone')).toBeTruthy();
    await userEvent.selectOptions(switcher(), 'add-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Add the demo account' }));
    expect(await screen.findByText('Demo account zone')).toBeTruthy();
    expect(api.callsTo('demo:start')).toHaveLength(1);
    expect(screen.getByText('DEMO', { exact: true })).toBeTruthy();
  });

  it('shows the first-run screen while no account is watched', async () => {
    open([]);
    expect(await screen.findByRole('heading', { name: 'Welcome to Zonewatch' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Account' })).toBeNull();
  });
});
