import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NoticeList } from '../../../../renderer/src/components/NoticeList';
import { connectEvents } from '../../../../renderer/src/stores/connect-events';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts-store';
import { useNoticesStore } from '../../../../renderer/src/stores/notices-store';
import type { Notice } from '../../../../shared/notices';
import { overviewOf, readout } from '../accounts';
import { fail, fakeApi } from '../fake-api';

const notice = (id: string, title: string, profileId: string | null = null): Notice => ({
  id,
  key: `key-${id}`,
  profileId,
  title,
  body: `What was lost and what Zonewatch did (${id}).`,
  at: '2026-11-05T10:20:30.000Z',
});

beforeEach(() => {
  useNoticesStore.setState(useNoticesStore.getInitialState(), true);
  useAccountsStore.setState(useAccountsStore.getInitialState(), true);
});
afterEach(cleanup);

describe('NoticeList', () => {
  it('shows each notice with its account and a Dismiss button that takes it away', async () => {
    let showing = [notice('a', 'Settings could not be read'), notice('b', 'The spend-stop record could not be read', 'p1')];
    const fake = fakeApi({
      'notices:list': () => showing,
      'notices:dismiss': ({ id }: { id: string }) => (showing = showing.filter((n) => n.id !== id)),
    }).install(null);
    useAccountsStore.getState().setOverview(overviewOf([readout('p1', { label: 'Client A' })]));
    await act(() => useNoticesStore.getState().load());
    render(<NoticeList />);

    const list = screen.getByRole('region', { name: 'Notices' });
    expect(within(list).getAllByRole('status').map((n) => n.querySelector('strong')?.textContent)).toEqual([
      'Settings could not be read',
      'Client A: The spend-stop record could not be read',
    ]);
    expect(within(list).getByText('What was lost and what Zonewatch did (b).')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: Settings could not be read' }));
    expect(fake.callsTo('notices:dismiss')).toEqual([{ id: 'a' }]);
    expect(screen.queryByText('Settings could not be read')).toBeNull();
    expect(screen.getByRole('status', { name: 'Client A: The spend-stop record could not be read' })).toBeTruthy();
  });

  it('follows the notices event, and says when a dismiss failed, keeping the notice', async () => {
    const fake = fakeApi({ 'notices:dismiss': fail('unavailable', 'The notices file could not be written') }).install(null);
    const disconnect = connectEvents();
    render(<NoticeList />);
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();

    fake.emit('notices', [notice('c', 'An operation was interrupted')]);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss: An operation was interrupted' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Could not dismiss the notice: The notices file could not be written/);
    expect(screen.getByText('An operation was interrupted')).toBeTruthy();
    disconnect();
  });
});
