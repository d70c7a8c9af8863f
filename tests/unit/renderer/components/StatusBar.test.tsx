import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBar } from '../../../../renderer/src/components/StatusBar';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts-store';
import { useAppStateStore } from '../../../../renderer/src/stores/app-state-store';
import { RUNNING_APP } from '../../../../shared/app-state';
import { sampleStatus } from '../../../fixtures/app-samples';
import { overviewOf, readout, showAccount } from '../accounts';
import { fakeApi } from '../fake-api';

afterEach(() => {
  cleanup();
  useAppStateStore.setState({ app: null });
});

const NOW = Date.parse('2026-11-22T10:05:00Z');

describe('StatusBar', () => {
  it('refreshes the shown account by its profile id', async () => {
    const api = fakeApi({ 'poll:refresh': sampleStatus() }).install();
    render(<StatusBar readout={readout('p1')} now={NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    expect(api.callsTo('poll:refresh')).toEqual([{ profileId: 'p1' }]);
  });

  it('refreshes every account under All accounts, and shows the new overview', async () => {
    const after = overviewOf([readout('p1', { balanceCents: 60_000 }), readout('p2')]);
    const api = fakeApi({ 'poll:refreshAll': after }).install(null);
    showAccount('all', [readout('p1'), readout('p2')]);
    render(<StatusBar readout={null} now={NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh every account now' }));
    expect(api.callsTo('poll:refreshAll')).toEqual([undefined]);
    await waitFor(() => expect(useAccountsStore.getState().overview).toBe(after));
    expect(useAccountsStore.getState().selection).toBe('all');
  });

  it('says the key was refused for this account and where to enter a new one', () => {
    fakeApi().install();
    render(<StatusBar readout={readout('p1', { status: { auth: 'rejected', poll: 'stopped_unauthorized' } })} now={NOW} />);
    expect(screen.getByRole('alert').textContent).toContain('The service refused this account’s API key, so Zonewatch stopped updating it.');
  });

  it('says polling is paused only when the user paused it, not when the computer is offline', () => {
    fakeApi().install();
    useAppStateStore.setState({ app: { ...RUNNING_APP, offline: true } });
    const { unmount } = render(<StatusBar readout={readout('p1', { app: { offline: true } })} now={NOW} />);
    expect(screen.getByRole('status').textContent).toMatch(/^This computer is offline; /);
    expect(document.body.textContent).not.toContain('polling paused');
    unmount();
    useAppStateStore.setState({ app: { ...RUNNING_APP, paused: true } });
    render(<StatusBar readout={readout('p1', { app: { paused: true } })} now={NOW} />);
    expect(document.body.textContent).toContain('· polling paused');
  });
});
