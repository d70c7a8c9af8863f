import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followSelectedAccount } from '../../../../renderer/src/stores/account-switch';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts-store';
import { connectEvents } from '../../../../renderer/src/stores/connect-events';
import { useNavigationStore } from '../../../../renderer/src/stores/navigation-store';
import { useNotificationsStore } from '../../../../renderer/src/stores/notifications-store';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { emptySnapshot } from '../../../../shared/snapshot';
import { sampleStatus } from '../../../fixtures/app-samples';
import type { AccountUpdate } from '../../../../shared/account-update';
import type { NotificationRecord } from '../../../../shared/notification';
import { overviewOf, readout, showAccount } from '../accounts';
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

const accounts = [readout('p1', { label: 'Client A' }), readout('p2', { label: 'Client B' })];
const notification = (id: string, profileId: string): NotificationRecord => ({
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
    'snapshot:get': (input: { profileId: string }) => ({ seq: 7, snapshot: emptySnapshot(), status: sampleStatus({ profile: { id: input.profileId, label: input.profileId, baseUrl: 'https://api.bytio.com', color: 'blue', demo: false } }) }),
    'notifications:list': [],
    'spend:get': { record: null },
  }).install(null);
  showAccount('p1', accounts);
  useSnapshotStore.setState({ snapshot: emptySnapshot(), status: sampleStatus(), seq: null, zonesRead: null });
  useNotificationsStore.setState({ items: [] });
  stop.push(followSelectedAccount(), connectEvents());
  return api;
}

describe('connectEvents', () => {
  /** One account's update, as the core sends it once per poll cycle. */
  const update = (profileId: string, label: string, patch: Partial<AccountUpdate> = {}): AccountUpdate => {
    const next = readout(profileId, { label, balanceCents: 77_700 });
    return { profileId, seq: 1, readout: next, totals: overviewOf([next]).totals, status: sampleStatus({ refreshing: true }), snapshot: null, notifications: [], spendStop: null, ...patch };
  };

  it('updates every account’s row, and gives only the shown account’s status, data and notifications to the views', () => {
    const api = connect();
    api.emit('account', update('p2', 'Client B', { notifications: [notification('n1', 'p2')] }));
    expect(useAccountsStore.getState().overview?.accounts.map((a) => [a.profileId, a.figures.balanceCents])).toEqual([
      ['p1', 50_000],
      ['p2', 77_700],
    ]);
    expect(useSnapshotStore.getState().status?.refreshing).toBe(false);
    expect(useNotificationsStore.getState().items).toEqual([]);

    api.emit('account', update('p1', 'Client A', { notifications: [notification('n2', 'p1')] }));
    expect(useSnapshotStore.getState().status?.refreshing).toBe(true);
    expect(useNotificationsStore.getState().items?.map((n) => n.id)).toEqual(['n2']);
  });

  it('applies one update’s data changes to the shown account’s snapshot', () => {
    const api = connect();
    const entry = { zone: { zone_id: 'A1' }, fetchedAt: '2026-11-22T10:00:00Z' } as never;
    api.emit('account', update('p1', 'Client A', { snapshot: { zonesUpserted: [entry], zoneIdsRemoved: [] } }));
    expect(Object.keys(useSnapshotStore.getState().snapshot?.zones ?? {})).toEqual(['A1']);
  });

  it('applies the shown account’s updates in their order, skips one it holds, and reads the whole snapshot again after a gap', async () => {
    const api = connect();
    useSnapshotStore.setState({ seq: 3 });
    const entry = (id: string) => ({ zone: { zone_id: id }, fetchedAt: '2026-11-22T10:00:00Z' }) as never;
    const zonesHeld = () => Object.keys(useSnapshotStore.getState().snapshot?.zones ?? {});
    api.emit('account', update('p1', 'Client A', { seq: 4, snapshot: { zonesUpserted: [entry('A1')], zoneIdsRemoved: [] } }));
    api.emit('account', update('p1', 'Client A', { seq: 4, snapshot: { zonesUpserted: [entry('OLD')], zoneIdsRemoved: [] } }));
    expect(zonesHeld()).toEqual(['A1']);
    expect(api.callsTo('snapshot:get')).toEqual([]);
    // Update 5 never came: 6 cannot be applied on top of what the window holds.
    api.emit('account', update('p1', 'Client A', { seq: 6, snapshot: { zonesUpserted: [entry('B1')], zoneIdsRemoved: [] } }));
    api.emit('account', update('p1', 'Client A', { seq: 7, snapshot: { zonesUpserted: [entry('C1')], zoneIdsRemoved: [] } }));
    expect(api.callsTo('snapshot:get')).toEqual([{ profileId: 'p1' }]);
    await vi.waitFor(() => expect(useSnapshotStore.getState().seq).toBe(7));
    expect(zonesHeld()).toEqual([]);
    api.emit('account', update('p1', 'Client A', { seq: 8, snapshot: { zonesUpserted: [entry('D1')], zoneIdsRemoved: [] } }));
    expect(zonesHeld()).toEqual(['D1']);
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
