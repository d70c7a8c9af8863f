import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBar } from '../../../../renderer/src/components/StatusBar';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts-store';
import { sampleStatus } from '../../../fixtures/app-samples';
import { overviewOf, showAccount, summary } from '../accounts';
import { fakeApi } from '../fake-api';

afterEach(cleanup);

const NOW = Date.parse('2026-11-22T10:05:00Z');

describe('StatusBar', () => {
  it('refreshes the shown account by its profile id', async () => {
    const api = fakeApi({ 'poll:refresh': sampleStatus() }).install();
    render(<StatusBar status={sampleStatus()} now={NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    expect(api.callsTo('poll:refresh')).toEqual([{ profileId: 'p1' }]);
  });

  it('refreshes every account under All accounts, and shows the new overview', async () => {
    const after = overviewOf([summary('p1', { stateText: 'Updated just now' }), summary('p2')]);
    const api = fakeApi({ 'poll:refreshAll': after }).install(null);
    showAccount('all', [summary('p1'), summary('p2')]);
    render(<StatusBar status={null} now={NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh every account now' }));
    expect(api.callsTo('poll:refreshAll')).toEqual([undefined]);
    await waitFor(() => expect(useAccountsStore.getState().overview).toBe(after));
    expect(useAccountsStore.getState().selection).toBe('all');
  });

  it('says the key was refused for this account and where to enter a new one', () => {
    fakeApi().install();
    render(<StatusBar status={sampleStatus({ auth: 'rejected' })} now={NOW} />);
    expect(screen.getByRole('alert').textContent).toContain('The service refused this account’s API key, so Zonewatch stopped updating it.');
  });
});
