import type { AlertItem } from './alert-message';
import type { ChannelConfig, ChannelSecret } from './channel-config';
import { discordMessage, ntfyMessage, slackMessage, telegramMessage } from './chat-formats';
import { webhookBody, webhookSignature } from './webhook-format';

/** One HTTP POST to a channel's service, secrets included: it lives only for the attempt. */
export type ChannelRequest = { url: string; headers: Record<string, string>; body: string };

/** What one attempt sends: the delivery's id (stable across retries), its alerts, and whether it is a test. */
export type DeliveryContent = { deliveryId: string; items: readonly AlertItem[]; test: boolean };

const JSON_HEADERS = { 'Content-Type': 'application/json', 'User-Agent': 'Zonewatch' } as const;

/**
 * The request of one attempt (docs/desktop.md › Channels). `nowMs`: the attempt's moment, which the
 * webhook signs, so each retry is signed anew while its body and `Zonewatch-Delivery` stay. Pure.
 */
export function channelRequest(config: ChannelConfig, secret: ChannelSecret, content: DeliveryContent, nowMs: number): ChannelRequest {
  if (secret.kind !== config.kind) throw new Error('the channel secret is of another kind');
  const { items } = content;
  switch (secret.kind) {
    case 'slack':
      return { url: secret.webhookUrl, headers: { ...JSON_HEADERS }, body: JSON.stringify(slackMessage(items)) };
    case 'discord':
      return { url: secret.webhookUrl, headers: { ...JSON_HEADERS }, body: JSON.stringify(discordMessage(items)) };
    case 'telegram': {
      const telegram = config as Extract<ChannelConfig, { kind: 'telegram' }>;
      return { url: `${telegram.server}/bot${secret.botToken}/sendMessage`, headers: { ...JSON_HEADERS }, body: JSON.stringify(telegramMessage(items, telegram.chatId)) };
    }
    case 'ntfy': {
      const ntfy = config as Extract<ChannelConfig, { kind: 'ntfy' }>;
      const message = ntfyMessage(items);
      const headers: Record<string, string> = { 'Content-Type': 'text/plain; charset=utf-8', 'User-Agent': 'Zonewatch', ...message.headers };
      if (secret.accessToken !== null) headers.Authorization = `Bearer ${secret.accessToken}`;
      return { url: `${ntfy.server}/${encodeURIComponent(ntfy.topic)}`, headers, body: message.body };
    }
    case 'webhook': {
      const body = webhookBody(content.deliveryId, items, content.test);
      return {
        url: secret.url,
        headers: { ...JSON_HEADERS, 'Zonewatch-Delivery': content.deliveryId, 'Zonewatch-Signature': webhookSignature(secret.signingKey, Math.floor(nowMs / 1000), body) },
        body,
      };
    }
  }
}
