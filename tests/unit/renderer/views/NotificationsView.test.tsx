import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsView } from '../../../../renderer/src/views/NotificationsView';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { sampleStatus } from '../../../fixtures/app-samples';
import { fakeApi } from '../fake-api';

afterEach(cleanup);

describe('NotificationsView', () => {
  it('reads the shown account’s notifications, and snoozes every account at once', async () => {
    const until = '2026-11-22T11:00:00.000Z';
    const api = fakeApi({ 'notifications:list': [], 'notifications:snooze': { snoozedUntil: until } }).install();
    useSnapshotStore.setState({ status: sampleStatus() });
    const { rerender } = render(<NotificationsView status={sampleStatus()} now={Date.parse('2026-11-22T10:00:00Z')} />);
    await waitFor(() => expect(api.callsTo('notifications:list')).toEqual([{ profileId: 'p1' }]));
    await userEvent.click(screen.getByRole('button', { name: 'Snooze all accounts for 1 hour' }));
    expect(api.callsTo('notifications:snooze')).toEqual([{ until: '1h' }]);
    await waitFor(() => expect(useSnapshotStore.getState().status?.snoozedUntil).toBe(until));
    rerender(<NotificationsView status={useSnapshotStore.getState().status!} now={Date.parse('2026-11-22T10:00:00Z')} />);
    expect(screen.getByText(/^Every account snoozed until/)).toBeTruthy();
  });
});
