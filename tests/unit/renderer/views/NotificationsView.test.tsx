import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsView } from '../../../../renderer/src/views/NotificationsView';
import { useAppStateStore } from '../../../../renderer/src/stores/app-state-store';
import { RUNNING_APP } from '../../../../shared/app-state';
import { fakeApi } from '../fake-api';

afterEach(() => {
  cleanup();
  useAppStateStore.setState({ app: null });
});

describe('NotificationsView', () => {
  it('reads the shown account’s notifications, and snoozes every account at once', async () => {
    const until = '2026-11-22T11:00:00.000Z';
    const api = fakeApi({ 'notifications:list': [], 'notifications:snooze': { snoozedUntil: until } }).install();
    useAppStateStore.setState({ app: RUNNING_APP });
    render(<NotificationsView now={Date.parse('2026-11-22T10:00:00Z')} />);
    await waitFor(() => expect(api.callsTo('notifications:list')).toEqual([{ profileId: 'p1' }]));
    await userEvent.click(screen.getByRole('button', { name: 'Snooze all accounts for 1 hour' }));
    expect(api.callsTo('notifications:snooze')).toEqual([{ until: '1h' }]);
    // Snooze is app-wide: the app's state holds it, not any account's status.
    await waitFor(() => expect(useAppStateStore.getState().app?.snoozedUntil).toBe(until));
    expect(await screen.findByText(/^Every account snoozed until/)).toBeTruthy();
  });

  it('shows a snooze another view or the tray set, from the app’s own state', () => {
    fakeApi({ 'notifications:list': [] }).install();
    useAppStateStore.setState({ app: { ...RUNNING_APP, snoozedUntil: '2026-11-22T11:00:00.000Z' } });
    render(<NotificationsView now={Date.parse('2026-11-22T10:00:00Z')} />);
    expect(screen.getByText(/^Every account snoozed until/)).toBeTruthy();
  });
});
