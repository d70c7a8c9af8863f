import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectEvents } from '../../../../renderer/src/stores/connect-events';
import { useChannelsStore } from '../../../../renderer/src/stores/channels-store';
import { DeliveriesView } from '../../../../renderer/src/views/DeliveriesView';
import { fail, fakeApi } from '../fake-api';
import { logEntry } from './channel-samples';

afterEach(cleanup);
beforeEach(() => useChannelsStore.setState({ channels: null, error: null, log: null, logError: null }));

const LOG = [
  logEntry({ at: '2026-12-03T10:05:00.000Z', deliveryId: 'd3', kind: 'discord', channelName: 'Alerts', channelId: 'discordchan001', outcome: 'given_up', answer: 'HTTP 404 from Discord: Unknown Webhook', routes: ['lowBalance', 'runway'], alertIds: ['a3', 'a4'] }),
  logEntry({ at: '2026-12-03T10:04:00.000Z', deliveryId: 'd2', outcome: 'retrying', answer: 'HTTP 503 from Slack', attempt: 2, nextAttemptAt: '2026-12-03T10:05:30.000Z', routes: ['accountCap'] }),
  logEntry({ at: '2026-12-03T10:00:00.000Z', deliveryId: 'd1', test: true, routes: [], alertIds: ['test-1'] }),
];

describe('the delivery log view', () => {
  it('reads the log from its file (offline too) and says each attempt: when, channel, what, outcome and answer', async () => {
    const api = fakeApi({ 'channels:log': LOG }).install(null);
    render(<DeliveriesView />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Delivery log');
    const rows = within(await screen.findByRole('list', { name: 'Deliveries' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Given up');
    expect(rows[0]!.textContent).toContain('Alerts (Discord)');
    expect(rows[0]!.textContent).toContain('Balance runs low; Balance runs out soon (2 alerts in one message)');
    expect(rows[0]!.textContent).toContain('HTTP 404 from Discord: Unknown Webhook');
    expect(rows[1]!.textContent).toContain('Retrying');
    expect(rows[1]!.textContent).toContain('Attempt 2; next try at');
    expect(rows[2]!.textContent).toContain('Test message');
    expect(rows[2]!.textContent).toContain('Slack accepted it');
    expect(rows[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-03T10:05:00.000Z');
    expect(api.callsTo('channels:log')).toHaveLength(1);
  });

  it('shows a new attempt as the deliveries event brings it', async () => {
    const api = fakeApi({ 'channels:log': [] }).install(null);
    const disconnect = connectEvents();
    render(<DeliveriesView />);
    await screen.findByText(/Nothing sent to a channel yet/);
    api.emit('deliveries', LOG.slice(2));
    expect((await screen.findByRole('list', { name: 'Deliveries' })).textContent).toContain('Test message');
    disconnect();
  });

  it('says in words when the log cannot be read', async () => {
    fakeApi({ 'channels:log': fail('unavailable', 'The settings folder cannot be read') }).install(null);
    render(<DeliveriesView />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not read the delivery log: ');
  });
});
