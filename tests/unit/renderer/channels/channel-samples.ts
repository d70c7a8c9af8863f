import { ChannelDraft, ChannelView, DeliveryLogEntry, isPublicNtfy, NTFY_PUBLIC_WARNING } from '../../../../shared/channels';

// Channels as the window sees them (shared/channels.ts › ChannelView: never a secret, only whether
// one is set), from the drafts the window would send. The renderer's tests cannot import the core
// (its typecheck holds renderer and shared code only), so this is the view's documented shape.

export const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/abcdefghijklmnopqrstuvwx';
export const BOT_TOKEN = '123456789:AAFakeTokenForTheWindowTests_abcdef';
export const SIGNING_KEY = 'a-signing-key-of-32-characters!!';

export function viewOf(input: unknown, id: string, options: { secretReadable?: boolean; waiting?: number } = {}): ChannelView {
  const draft = ChannelDraft.parse(input);
  const server = draft.kind === 'telegram' || draft.kind === 'ntfy' ? draft.server : null;
  return ChannelView.parse({
    id,
    kind: draft.kind,
    name: draft.name,
    secretSet: options.secretReadable !== false,
    chatId: draft.kind === 'telegram' ? draft.chatId : null,
    server,
    topic: draft.kind === 'ntfy' ? (draft.topic ?? 'zonewatch-randomtopic0123') : null,
    accessTokenSet: draft.kind === 'ntfy' && draft.accessToken !== null && options.secretReadable !== false,
    warning: draft.kind === 'ntfy' && isPublicNtfy(draft.server) ? NTFY_PUBLIC_WARNING : null,
    waiting: options.waiting ?? 0,
  });
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
