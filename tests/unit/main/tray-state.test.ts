import { describe, expect, it } from 'vitest';
import { RUNNING_APP } from '../../../shared/app-state';
import type { AccountUpdate } from '../../../shared/account-update';
import { createTrayState } from '../../../electron/main/tray-state';
import { account, overviewOf, statusOf } from '../core/readout/readout-fixtures';
import { appUpdateOf } from '../../fixtures/app-update';

const a = account({ id: 'a', label: 'Client A' });
const b = account({ id: 'b', label: 'Client B' });
const update = (readout: ReturnType<typeof account>): AccountUpdate => ({
  profileId: readout.profileId,
  seq: 1,
  readout,
  totals: overviewOf([a, readout]).totals,
  status: statusOf({ id: readout.profileId }),
  snapshot: null,
  notifications: [],
  spendStop: null,
});

describe('what main draws the tray from', () => {
  it('is what the core sent: the list, each account’s newest read model with the totals, the app-wide state and the update', () => {
    const tray = createTrayState({ overview: overviewOf([]), app: RUNNING_APP, update: appUpdateOf() });
    expect(tray.apply('accounts', overviewOf([a, b]))).toBe(true);
    const warned = account({ id: 'b', label: 'Client B', attention: 'warning' });
    expect(tray.apply('account', update(warned))).toBe(true);
    expect(tray.model().accounts).toEqual([a, warned]);
    expect(tray.model().totals.needAttention).toBe(1);
    expect(tray.apply('app', { ...RUNNING_APP, paused: true })).toBe(true);
    expect(tray.model().app.paused).toBe(true);
    expect(tray.apply('appUpdate', appUpdateOf({ ready: '1.1.0' }))).toBe(true);
    expect(tray.model().update).toMatchObject({ canRestart: true, newVersion: '1.1.0' });
    expect(tray.label('b')).toBe('Client B');
  });

  it('leaves an account it does not list to the list’s own event, and ignores events the tray does not show', () => {
    const tray = createTrayState({ overview: overviewOf([a]), app: RUNNING_APP, update: appUpdateOf() });
    expect(tray.apply('account', update(b))).toBe(false);
    expect(tray.model().accounts).toEqual([a]);
    expect(tray.apply('navigate', { view: 'overview' })).toBe(false);
    expect(tray.label('b')).toBeNull();
  });
});
