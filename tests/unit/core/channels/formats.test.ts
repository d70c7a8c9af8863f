import { describe, expect, it } from 'vitest';
import type { AlertItem } from '../../../../electron/core/channels/alert-message';
import { channelRequest } from '../../../../electron/core/channels/channel-request';
import { DISCORD_MAX, discordMessage, escapeMarkup, headerText, ntfyMessage, slackMessage, TELEGRAM_MAX, telegramMessage } from '../../../../electron/core/channels/chat-formats';
import { webhookBody, webhookSignature } from '../../../../electron/core/channels/webhook-format';
import { MAX_ALERTS_PER_DELIVERY } from '../../../../electron/core/outbox/outbox-file';

// docs/desktop.md › Channels: what each service is sent.

const item = (n: number, overrides: Partial<AlertItem> = {}): AlertItem => ({
  alertId: `0b7c2f9e-${String(n).padStart(4, '0')}-4c1d-9a0e-5f1e2d3c4b5a`,
  route: 'zoneSpike',
  severity: 'critical',
  at: '2026-12-03T10:00:00.000Z',
  account: 'Acme & <Sons>',
  zone: 'residential_<eu>',
  title: 'residential_<eu> spends 4× its usual rate',
  figures: 'Spending $12.40/h, usually $3.10/h; $48.20 today.',
  action: 'Open Zonewatch and disable residential_<eu> if its spend is not wanted.',
  ...overrides,
});

describe('chat formats', () => {
  it('escapes &, < and > for Slack and Telegram, keeping their own markup', () => {
    expect(escapeMarkup('a & <b> > c')).toBe('a &amp; &lt;b&gt; &gt; c');
    const telegram = telegramMessage([item(1)], '-100').text;
    expect(telegram).toContain('<b>Acme &amp; &lt;Sons&gt; · residential_&lt;eu&gt; spends 4× its usual rate</b>');
    expect(telegram.replace(/<\/?b>/g, '')).not.toMatch(/[<>]/);
    const slack = slackMessage([item(1)]).text;
    expect(slack.replace(/&lt;|&gt;/g, '')).not.toMatch(/[<>]/);
  });

  it('carries the account, the zone, the figures, what to do and the alert id; never a mention', () => {
    const { content, allowed_mentions } = discordMessage([item(1, { figures: '@everyone $5' })]);
    expect(allowed_mentions).toEqual({ parse: [] });
    for (const part of ['Account: Acme & <Sons>', 'Zone: residential_<eu>', '@everyone $5', 'What to do: Open Zonewatch', `Alert ids: ${item(1).alertId}`]) expect(content).toContain(part);
  });

  it('keeps a full group within Discord’s 2,000 and Telegram’s 4,096 characters, every id and headline kept', () => {
    const long = 'x'.repeat(3000);
    const discordItems = Array.from({ length: MAX_ALERTS_PER_DELIVERY.discord }, (_, n) => item(n, { figures: long }));
    const discord = discordMessage(discordItems).content;
    expect(discord.length).toBeLessThanOrEqual(DISCORD_MAX);
    expect(discord).toContain(`Alert ids: ${discordItems.map((i) => i.alertId).join(' ')}`);
    expect(discord.match(/\*\*Critical: /g)).toHaveLength(MAX_ALERTS_PER_DELIVERY.discord);
    const telegramItems = Array.from({ length: MAX_ALERTS_PER_DELIVERY.telegram }, (_, n) => item(n, { figures: `${'x'.repeat(n % 5)}<${'&'.repeat(600)}>` }));
    const telegram = telegramMessage(telegramItems, '-100').text;
    expect(telegram.length).toBeLessThanOrEqual(TELEGRAM_MAX);
    expect(telegram).toContain(telegramItems.map((i) => i.alertId).join(' '));
    expect(telegram.replace(/<\/?b>/g, '')).not.toMatch(/[<>]/);
    // A cut never splits an entity: `&lt;` either whole or not there.
    expect(telegram).toContain('…');
    expect(telegram).not.toMatch(/&(l|lt|g|gt|a|am|amp)?…/);
  });

  it('gives ntfy the body as the message and Title, Priority 1–5 and Tags headers, non-ASCII titles RFC 2047-encoded', () => {
    const message = ntfyMessage([item(1, { severity: 'info' }), item(2)]);
    expect(message.headers).toEqual({ Title: '2 Zonewatch alerts', Priority: '5', Tags: 'rotating_light,zonewatch' });
    expect(ntfyMessage([item(3, { severity: 'info' })]).headers.Priority).toBe('3');
    const single = ntfyMessage([item(1)]).headers.Title;
    expect(single).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
    expect(Buffer.from(single.slice(10, -2), 'base64').toString('utf8')).toBe('Acme & <Sons> · residential_<eu> spends 4× its usual rate');
    expect(headerText('plain\r\ntitle')).toBe('plain title');
  });
});

describe('the signed webhook', () => {
  it('sends the same body and delivery id on each attempt, signed at the moment of each', () => {
    const config = { id: 'abcdef012345', kind: 'webhook' as const, name: 'Hook' };
    const secret = { kind: 'webhook' as const, url: 'https://hooks.example.com/zw', signingKey: 'k'.repeat(32) };
    const content = { deliveryId: 'd1', items: [item(1)], test: false };
    const first = channelRequest(config, secret, content, 1_764_756_000_000);
    const retry = channelRequest(config, secret, content, 1_764_756_090_500);
    expect(first.body).toBe(retry.body);
    expect(first.headers['Zonewatch-Delivery']).toBe('d1');
    expect(retry.headers['Zonewatch-Delivery']).toBe('d1');
    expect(first.headers['Zonewatch-Signature']).toBe(webhookSignature(secret.signingKey, 1_764_756_000, first.body));
    expect(retry.headers['Zonewatch-Signature']).toMatch(/^t=1764756090,v1=[0-9a-f]{64}$/);
    expect(JSON.parse(first.body)).toEqual({
      type: 'zonewatch.alerts',
      version: 1,
      deliveryId: 'd1',
      test: false,
      alerts: [{ id: item(1).alertId, route: 'zoneSpike', severity: 'critical', at: '2026-12-03T10:00:00.000Z', account: 'Acme & <Sons>', zone: 'residential_<eu>', title: item(1).title, figures: item(1).figures, action: item(1).action }],
    });
    expect(webhookBody('d1', [item(1)], true)).toContain('"test":true');
  });

  it('puts the bot token only in Telegram’s URL path and the ntfy token only in its Authorization header', () => {
    const telegram = channelRequest({ id: 'abcdef012345', kind: 'telegram', name: 'T', chatId: '-100', server: 'https://api.telegram.org' }, { kind: 'telegram', botToken: '123:abc' }, { deliveryId: 'd', items: [item(1)], test: false }, 0);
    expect(telegram.url).toBe('https://api.telegram.org/bot123:abc/sendMessage');
    expect(telegram.body).not.toContain('123:abc');
    const ntfy = channelRequest({ id: 'abcdef012345', kind: 'ntfy', name: 'N', server: 'https://ntfy.sh', topic: 'zw-topic' }, { kind: 'ntfy', accessToken: 'tk_secret' }, { deliveryId: 'd', items: [item(1)], test: false }, 0);
    expect(ntfy.url).toBe('https://ntfy.sh/zw-topic');
    expect(ntfy.headers.Authorization).toBe('Bearer tk_secret');
    expect(ntfy.body).not.toContain('tk_secret');
  });
});
