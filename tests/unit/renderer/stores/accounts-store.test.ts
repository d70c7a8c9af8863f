import { beforeEach, describe, expect, it } from 'vitest';
import { callForSelectedAccount } from '../../../../renderer/src/stores/account-call';
import { followSelectedAccount } from '../../../../renderer/src/stores/account-switch';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts-store';
import { useBillingStore } from '../../../../renderer/src/stores/billing-store';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { emptySnapshot, type Snapshot } from '../../../../shared/snapshot';
import type { Status } from '../../../../shared/status';
import { sampleStatus } from '../../../fixtures/app-samples';
import { overviewOf, readout } from '../accounts';
import { fakeApi } from '../fake-api';

const initial = useAccountsStore.getState();
beforeEach(() => {
  localStorage.clear();
  useAccountsStore.setState(initial, true);
  useSnapshotStore.setState(useSnapshotStore.getInitialState(), true);
});

const three = overviewOf([readout('p1'), readout('p2'), readout('demo', { demo: true })]);

describe('the accounts store', () => {
  it('shows the first account in the user’s order when nothing was chosen before', async () => {
    fakeApi({ 'accounts:list': three }).install(null);
    await useAccountsStore.getState().load();
    expect(useAccountsStore.getState().selection).toBe('p1');
  });

  it('opens on the account chosen last time, remembered by the window itself', async () => {
    fakeApi({ 'accounts:list': three }).install(null);
    await useAccountsStore.getState().load();
    useAccountsStore.getState().select('demo');
    useAccountsStore.setState(initial, true);
    await useAccountsStore.getState().load();
    expect(useAccountsStore.getState().selection).toBe('demo');
    useAccountsStore.getState().select('all');
    useAccountsStore.setState(initial, true);
    await useAccountsStore.getState().load();
    expect(useAccountsStore.getState().selection).toBe('all');
  });

  it('falls back to the first account when the remembered one was removed meanwhile', async () => {
    fakeApi({ 'accounts:list': overviewOf([readout('p2'), readout('p3')]) }).install(null);
    localStorage.setItem('zonewatch.selectedAccount', 'p1');
    await useAccountsStore.getState().load();
    expect(useAccountsStore.getState().selection).toBe('p2');
  });

  it('has no selection when no account is watched, so the first-run screen shows', async () => {
    fakeApi({ 'accounts:list': overviewOf([]) }).install(null);
    localStorage.setItem('zonewatch.selectedAccount', 'all');
    await useAccountsStore.getState().load();
    expect(useAccountsStore.getState()).toMatchObject({ selection: null, overview: { accounts: [] } });
  });
});

describe('a call for the selected account', () => {
  it('names the account and is refused in plain words under "All accounts", sending nothing', async () => {
    const api = fakeApi({ 'plans:advisor': { plans: [] } }).install(null);
    useAccountsStore.getState().setOverview(three);
    useAccountsStore.getState().select('all');
    const res = await callForSelectedAccount((profileId) => api.api.plans.advisor({ profileId }));
    expect(res).toEqual({ ok: false, error: { kind: 'invalid_argument', message: 'Choose an account in the switcher at the top first' } });
    expect(api.calls).toEqual([]);
  });

  it('drops an answer that comes back after a switch: it never lands in the new account’s stores', async () => {
    const held = new Map<string, (res: { snapshot: Snapshot; status: Status }) => void>();
    fakeApi({ 'snapshot:get': ({ profileId }: { profileId: string }) => new Promise((answer) => held.set(profileId, answer)) }).install(null);
    useAccountsStore.getState().setOverview(three);
    const profile = (id: string) => ({ id, label: id, baseUrl: 'https://api.bytio.com', color: 'blue' as const, demo: false });
    const first = useSnapshotStore.getState().load();
    useAccountsStore.getState().select('p2');
    const second = useSnapshotStore.getState().load();
    held.get('p1')!({ snapshot: emptySnapshot(), status: sampleStatus({ profile: profile('p1') }) });
    await first;
    expect(useSnapshotStore.getState().status).toBeNull();
    held.get('p2')!({ snapshot: emptySnapshot(), status: sampleStatus({ profile: profile('p2') }) });
    await second;
    expect(useSnapshotStore.getState().status?.profile?.id).toBe('p2');
  });

  it('empties the account stores on a switch, so one account’s billing never shows under another', () => {
    fakeApi({ 'notifications:list': [], 'spend:get': { record: null }, 'snapshot:get': { fail: { kind: 'unavailable', message: 'x' } } }).install(null);
    useAccountsStore.getState().setOverview(three);
    const unfollow = followSelectedAccount();
    useBillingStore.setState({ exportNote: 'Saved 12 rows.', query: { filter: 'invoice', search: 'acme', page: 3, perPage: 50 } });
    useAccountsStore.getState().select('p2');
    expect(useBillingStore.getState()).toMatchObject({ exportNote: null, view: null, query: { filter: 'all', search: '', page: 1 } });
    unfollow();
  });
});

