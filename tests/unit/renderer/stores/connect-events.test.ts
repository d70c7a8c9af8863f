import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followSelectedAccount } from '../../../../renderer/src/stores/account-switch';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts-store';
import { connectEvents } from '../../../../renderer/src/stores/connect-events';
import { useNavigationStore } from '../../../../renderer/src/stores/navigation-store';
import { useNotificationsStore } from '../../../../renderer/src/stores/notifications-store';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { emptySnapshot } from '../../../../shared/snapshot';
import { sampleStatus } from '../../../fixtures/app-samples';
import { overviewOf, showAccount, summary } from '../accounts';
import { fakeApi } from '../fake-api';

let stop: (() => void)[] = [];
beforeEach(() => {
  localStorage.clear();
  useNavigationStore.setState({ view: 'overview', zoneId: null, focus: null });
});
afterEach(() => {
  stop.forEach((s) => s());
  stop = [];
});

const accounts = [summary('p1', { label: 'Client A' }), summary('p2', { label: 'Client B' })];
const notification = (id: string, profileId: string) => ({
  profileId,
  id,
  at: '2026-11-22T10:00:00Z',
  title: `Client B · Spend today passed $50`,
  body: '',
  severity: 'warning' as const,
  events: [],
  shown: true,
  suppressedBy: null,
  test: false,
  target: { view: 'overview' as const, profileId },
});

function connect() {
  const api = fakeApi({
    'snapshot:get': (input: { profileId: string }) => ({ snapshot: emptySnapshot(), status: sampleStatus({ profile: { id: input.profileId, label: input.profileId, baseUrl: 'https://api.bytio.com', color: 'blue', demo: false } }) }),
    'notifications:list': [],
    'spend:get': { record: null },
  }).install(null);
  showAccount('p1', accounts);
  useSnapshotStore.setState({ snapshot: emptySnapshot(), status: sampleStatus() });
  useNotificationsStore.setState({ items: [] });
  stop.push(followSelectedAccount(), connectEvents());
  return api;
}

describe('connectEvents', () => {
  it('applies only the events of the account the window shows', () => {
    const api = connect();
    api.emit('status', { ...sampleStatus({ refreshing: true }), profileId: 'p2' });
    api.emit('notification', notification('n1', 'p2'));
    expect(useSnapshotStore.getState().status?.refreshing).toBe(false);
    expect(useNotificationsStore.getState().items).toEqual([]);

    api.emit('status', { ...sampleStatus({ refreshing: true }), profileId: 'p1' });
    api.emit('notification', notification('n2', 'p1'));
    expect(useSnapshotStore.getState().status?.refreshing).toBe(true);
    expect(useNotificationsStore.getState().items?.map((n) => n.id)).toEqual(['n2']);
  });

  it('opens a notification’s own account first when its click names one, then its view', async () => {
    const api = connect();
    useNavigationStore.setState({ view: 'zone', zoneId: 'A1', focus: null });
    api.emit('navigate', { view: 'overview', profileId: 'p2', focus: 'stopSpend' });
    expect(useAccountsStore.getState().selection).toBe('p2');
    expect(useNavigationStore.getState()).toMatchObject({ view: 'overview', focus: 'stopSpend' });
    // p1's data is gone at once; p2's is read.
    expect(api.callsTo('snapshot:get')).toEqual([{ profileId: 'p2' }]);
    expect(api.callsTo('notifications:list')).toEqual([{ profileId: 'p2' }]);
    expect(api.callsTo('spend:get')).toEqual([{ profileId: 'p2' }]);
  });

  it('opens the key form of a new account when the tray asks to add one, keeping the account shown', () => {
    const api = connect();
    showAccount('p2', accounts);
    api.emit('navigate', { view: 'accounts', focus: 'addAccount' });
    expect(useAccountsStore.getState()).toMatchObject({ adding: true, selection: 'p2' });
  });

  it('falls back to the first account when the one shown is removed, and to the first-run screen when none is left', () => {
    const api = connect();
    showAccount('p2', accounts);
    api.calls.splice(0);
    api.emit('accounts', overviewOf([accounts[0]!]));
    expect(useAccountsStore.getState().selection).toBe('p1');
    expect(api.callsTo('snapshot:get')).toEqual([{ profileId: 'p1' }]);
    api.emit('accounts', overviewOf([]));
    expect(useAccountsStore.getState().selection).toBeNull();
    expect(useSnapshotStore.getState().snapshot).toBeNull();
  });
});
