import { channelView, splitDraft } from '../../../../electron/core/channels/channel-config';
import { ChannelDraft, type ChannelView, DeliveryLogEntry } from '../../../../shared/channels';

// Channels as the window sees them, made by the core's own split of a draft and its view of the
// result (electron/core/channels/channel-config.ts): the secret stays on the core's side.

export const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/abcdefghijklmnopqrstuvwx';
export const BOT_TOKEN = '123456789:AAFakeTokenForTheWindowTests_abcdef';
export const SIGNING_KEY = 'a-signing-key-of-32-characters!!';

export function viewOf(draft: unknown, id: string, options: { secretReadable?: boolean; waiting?: number } = {}): ChannelView {
  const { config, secret } = splitDraft(ChannelDraft.parse(draft), id, () => 'zonewatch-randomtopic0123');
  return channelView(config, options.secretReadable === false ? null : secret, options.waiting ?? 0);
}

export const slack = () => viewOf({ kind: 'slack', name: 'Team Slack', webhookUrl: SLACK_URL }, 'slackchannel01');
export const telegram = () => viewOf({ kind: 'telegram', name: 'Phone', botToken: BOT_TOKEN, chatId: '-100200300' }, 'telegramchan01');
export const ntfyPublic = () => viewOf({ kind: 'ntfy', name: 'ntfy', accessToken: 'tk_secretaccesstoken' }, 'ntfychannel001');
export const webhook = () => viewOf({ kind: 'webhook', name: 'Relay', url: 'https://relay.example.com/zw', signingKey: SIGNING_KEY }, 'webhookchan001', { waiting: 3 });

export const logEntry = (over: Partial<DeliveryLogEntry>): DeliveryLogEntry =>
  DeliveryLogEntry.parse({
    at: '2026-12-03T10:00:00.000Z',
    channelId: 'slackchannel01',
    channelName: 'Team Slack',
    kind: 'slack',
    deliveryId: 'd1',
    routes: ['spendToday'],
    alertIds: ['a1'],
    outcome: 'delivered',
    answer: 'Slack accepted it',
    attempt: 1,
    nextAttemptAt: null,
    test: false,
    ...over,
  });
