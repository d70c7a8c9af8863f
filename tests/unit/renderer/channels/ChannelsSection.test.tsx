import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChannelsSection } from '../../../../renderer/src/components/channels/ChannelsSection';
import { useChannelsStore } from '../../../../renderer/src/stores/channels-store';
import { connectEvents } from '../../../../renderer/src/stores/connect-events';
import { useNavigationStore } from '../../../../renderer/src/stores/navigation-store';
import type { ChannelDraft, ChannelPatch } from '../../../../shared/channels';
import { fail, fakeApi } from '../fake-api';
import { BOT_TOKEN, ntfyPublic, SIGNING_KEY, slack, telegram, viewOf, webhook } from './channel-samples';

afterEach(cleanup);
beforeEach(() => useChannelsStore.setState({ channels: null, error: null, log: null, logError: null }));

function show(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers).install(null);
  render(<ChannelsSection />);
  return api;
}

describe('Settings › Channels', () => {
  it('lists each channel’s name, service and whether its secret is set, and the public-topic warning', async () => {
    show({ 'channels:list': [slack(), telegram(), ntfyPublic(), webhook()] });
    const list = await screen.findByRole('list', { name: 'Channels' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['Team Slack Slack', 'Phone Telegram', 'ntfy ntfy', 'Relay Webhook (signed JSON)']);
    expect(rows[1]!.textContent).toContain('chat -100200300 · secret set');
    expect(rows[2]!.textContent).toContain('https://ntfy.sh/zonewatch-randomtopic0123');
    expect(rows[2]!.textContent).toContain('Topics on ntfy.sh are public');
    expect(rows[3]!.textContent).toContain('3 waiting to be delivered');
  });

  it('adds a Telegram channel: the token goes out once in channels:add, and the form is gone with it', async () => {
    const added = telegram();
    const api = show({ 'channels:list': [], 'channels:add': added });
    await screen.findByText('No channels yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add a channel…' }));
    const form = screen.getByRole('form', { name: 'Add a channel' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Service'));
    await userEvent.selectOptions(within(form).getByLabelText('Service'), 'telegram');
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'Phone');
    const token = within(form).getByLabelText('Bot token');
    expect(token.getAttribute('type')).toBe('password');
    await userEvent.type(token, BOT_TOKEN);
    await userEvent.type(within(form).getByLabelText('Chat id'), '-100200300');
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));
    await screen.findByText('Added Phone. Send a test to check it.');
    expect(api.callsTo('channels:add') as ChannelDraft[]).toEqual([{ kind: 'telegram', name: 'Phone', botToken: BOT_TOKEN, chatId: '-100200300', server: 'https://api.telegram.org' }]);
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.body.innerHTML).not.toContain(BOT_TOKEN);
    expect(within(screen.getByRole('list', { name: 'Channels' })).getByRole('heading').textContent).toBe('Phone Telegram');
  });

  it('says what is wrong beside the field and sends nothing', async () => {
    const api = show({ 'channels:list': [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a channel…' }));
    await userEvent.type(screen.getByLabelText('Incoming webhook URL'), 'http://hooks.example.com/services/x');
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    const field = screen.getByLabelText('Incoming webhook URL');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe('Incoming webhook URL must be an https:// URL (http:// only for 127.0.0.1 or localhost).');
    expect(api.callsTo('channels:add')).toEqual([]);
  });

  it('shows main’s refusal in plain words and keeps what was typed', async () => {
    show({ 'channels:list': [], 'channels:add': fail('invalid_argument', 'Zonewatch keeps at most 20 channels.') });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a channel…' }));
    await userEvent.selectOptions(screen.getByLabelText('Service'), 'webhook');
    await userEvent.type(screen.getByLabelText('URL'), 'https://relay.example.com/zw');
    await userEvent.type(screen.getByLabelText('Signing key'), SIGNING_KEY);
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not added: Zonewatch keeps at most 20 channels.');
    expect((screen.getByLabelText('Signing key') as HTMLInputElement).value).toBe(SIGNING_KEY);
  });

  it('offers ntfy with its server, a random topic and the warning while the server is ntfy.sh', async () => {
    show({ 'channels:list': [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a channel…' }));
    await userEvent.selectOptions(screen.getByLabelText('Service'), 'ntfy');
    expect((screen.getByLabelText('Server') as HTMLInputElement).value).toBe('https://ntfy.sh');
    expect((screen.getByLabelText('Topic') as HTMLInputElement).value).toMatch(/^zonewatch-[a-z0-9]{20}$/);
    expect(screen.getByRole('note').textContent).toMatch(/^Topics on ntfy.sh are public/);
    await userEvent.clear(screen.getByLabelText('Server'));
    await userEvent.type(screen.getByLabelText('Server'), 'https://ntfy.example.org');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('edits a channel with its secret fields empty, sending only what changed', async () => {
    const channel = slack();
    const api = show({ 'channels:list': [channel], 'channels:update': (patch: ChannelPatch) => ({ ...channel, name: patch.name ?? channel.name }) });
    const row = (await screen.findByRole('list', { name: 'Channels' })).querySelector('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const url = screen.getByLabelText('Incoming webhook URL') as HTMLInputElement;
    expect(url.value).toBe('');
    expect(url.placeholder).toBe('Set — type a new one to replace it');
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Ops');
    await userEvent.click(screen.getByRole('button', { name: 'Save channel' }));
    await screen.findByText('Saved Ops.');
    expect(api.callsTo('channels:update')).toEqual([{ id: channel.id, name: 'Ops' }]);
  });

  it('sends a test and says the service’s answer, delivered or not', async () => {
    const api = show({ 'channels:list': [slack()], 'channels:test': { delivered: false, answer: 'HTTP 404 from Slack: no_service' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Send test' }));
    expect((await screen.findByText(/^Not delivered/)).textContent).toBe('Not delivered: HTTP 404 from Slack: no_service');
    expect(api.callsTo('channels:test')).toEqual([{ id: 'slackchannel01' }]);
  });

  it('removes a channel only after a confirmation, and Cancel keeps it', async () => {
    const api = show({ 'channels:list': [webhook()], 'channels:remove': { removed: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove…' }));
    const ask = screen.getByRole('alertdialog', { name: 'Remove Relay?' });
    expect(ask.textContent).toContain('The 3 alerts waiting for it are given up');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('channels:remove')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove channel' }));
    await screen.findByText('Removed Relay.');
    expect(api.callsTo('channels:remove')).toEqual([{ id: 'webhookchan001' }]);
    expect(screen.queryByRole('list', { name: 'Channels' })).toBeNull();
  });

  it('says when the channels cannot be read, and opens the delivery log', async () => {
    show({ 'channels:list': fail('unavailable', 'The settings folder cannot be read') });
    expect((await screen.findByRole('alert')).textContent).toContain('Could not read the channels: ');
    await userEvent.click(screen.getByRole('button', { name: 'Delivery log' }));
    await waitFor(() => expect(useNavigationStore.getState().view).toBe('deliveries'));
  });

  it('follows the channels event (a waiting count changed)', async () => {
    const api = show({ 'channels:list': [slack()] });
    await screen.findByRole('list', { name: 'Channels' });
    const disconnect = connectEvents();
    api.emit('channels', [viewOf({ kind: 'slack', name: 'Team Slack', webhookUrl: 'https://hooks.slack.com/services/x' }, 'slackchannel01', { waiting: 2 })]);
    await screen.findByText(/2 waiting to be delivered/);
    disconnect();
  });
});
