import { describe, expect, it } from 'vitest';
import { CHANNEL_KINDS, NTFY_PUBLIC_WARNING } from '../../../../shared/channels';
import { draftFromValues, editChannelValues, formWarning, KIND_FIELDS, newChannelValues, patchFromValues, randomTopic, secretText } from '../../../../renderer/src/model/channel-form';
import { ntfyPublic, SLACK_URL, slack, telegram, viewOf, webhook } from './channel-samples';

describe('the channel form (docs/desktop.md › Channels)', () => {
  it('asks each service for what it needs, and marks its secrets', () => {
    const secrets = Object.fromEntries(CHANNEL_KINDS.map((kind) => [kind, KIND_FIELDS[kind].filter((f) => f.secret).map((f) => f.key)]));
    expect(secrets).toEqual({ slack: ['webhookUrl'], discord: ['webhookUrl'], telegram: ['botToken'], ntfy: ['accessToken'], webhook: ['url', 'signingKey'] });
  });

  it('starts ntfy on https://ntfy.sh with a long random topic, and warns that its topics are public', () => {
    const values = newChannelValues('ntfy');
    expect(values.server).toBe('https://ntfy.sh');
    expect(values.topic).toMatch(/^zonewatch-[a-z0-9]{20}$/);
    expect(newChannelValues('ntfy').topic).not.toBe(values.topic);
    expect(formWarning('ntfy', values)).toBe(NTFY_PUBLIC_WARNING);
    expect(formWarning('ntfy', { ...values, server: 'https://ntfy.example.org' })).toBeNull();
    expect(randomTopic((b) => b.fill(0))).toBe(`zonewatch-${'a'.repeat(20)}`);
  });

  it('says in words what is wrong: an empty field, plain http to another computer, a short key, a bad chat id', () => {
    const slackIssues = draftFromValues('slack', { name: 'Team', webhookUrl: '' });
    expect(slackIssues).toEqual({ ok: false, issues: [{ path: 'webhookUrl', message: 'Incoming webhook URL is needed.' }] });
    const http = draftFromValues('slack', { name: 'Team', webhookUrl: 'http://hooks.example.com/x' });
    expect(http.ok ? [] : http.issues).toEqual([{ path: 'webhookUrl', message: 'Incoming webhook URL must be an https:// URL (http:// only for 127.0.0.1 or localhost).' }]);
    const key = draftFromValues('webhook', { name: 'Relay', url: 'https://relay.example.com', signingKey: 'short' });
    expect(key.ok ? [] : key.issues.map((i) => i.message)).toEqual(['Signing key must be at least 16 characters.']);
    const chat = draftFromValues('telegram', { name: 'Phone', botToken: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ', chatId: 'my group', server: 'https://api.telegram.org' });
    expect(chat.ok ? [] : chat.issues.map((i) => i.message)).toEqual(['Chat id must be a numeric chat id or an @channel name.']);
  });

  it('makes the channels:add input main checks, loopback http allowed, an empty ntfy token left out', () => {
    expect(draftFromValues('slack', { name: ' Team ', webhookUrl: 'http://127.0.0.1:9999/services/x' })).toEqual({ ok: true, value: { kind: 'slack', name: 'Team', webhookUrl: 'http://127.0.0.1:9999/services/x' } });
    expect(draftFromValues('ntfy', { name: 'ntfy', server: 'https://ntfy.sh', topic: 'zonewatch-abc', accessToken: '' })).toEqual({ ok: true, value: { kind: 'ntfy', name: 'ntfy', server: 'https://ntfy.sh', topic: 'zonewatch-abc', accessToken: null } });
  });

  it('on edit shows every secret field empty, and sends a secret only when one is typed', () => {
    const channel = slack();
    expect(editChannelValues(channel)).toEqual({ name: 'Team Slack', webhookUrl: '' });
    expect(JSON.stringify(channel)).not.toContain(SLACK_URL);
    expect(patchFromValues(channel, { name: 'Team Slack', webhookUrl: '' })).toEqual({ ok: true, value: null });
    expect(patchFromValues(channel, { name: 'Ops', webhookUrl: '' })).toEqual({ ok: true, value: { id: channel.id, name: 'Ops' } });
    expect(patchFromValues(channel, { name: 'Team Slack', webhookUrl: 'https://hooks.slack.com/services/new' })).toEqual({ ok: true, value: { id: channel.id, webhookUrl: 'https://hooks.slack.com/services/new' } });
  });

  it('edits Telegram’s chat id and ntfy’s topic as settings, and removes ntfy’s token only when asked', () => {
    const phone = telegram();
    expect(editChannelValues(phone)).toEqual({ name: 'Phone', botToken: '', chatId: '-100200300', server: 'https://api.telegram.org' });
    expect(patchFromValues(phone, { ...editChannelValues(phone), chatId: '@zonewatch_alerts' })).toEqual({ ok: true, value: { id: phone.id, chatId: '@zonewatch_alerts' } });
    const ntfy = ntfyPublic();
    expect(patchFromValues(ntfy, editChannelValues(ntfy))).toEqual({ ok: true, value: null });
    expect(patchFromValues(ntfy, editChannelValues(ntfy), true)).toEqual({ ok: true, value: { id: ntfy.id, accessToken: null } });
    const emptied = patchFromValues(ntfy, { ...editChannelValues(ntfy), topic: '' });
    expect(emptied.ok ? [] : emptied.issues.map((i) => i.message)).toEqual(['Topic is needed.']);
  });

  it('says whether a secret is set, never what it is', () => {
    expect(secretText(slack())).toBe('secret set');
    expect(secretText(ntfyPublic())).toBe('secret set; access token set');
    expect(secretText(viewOf({ kind: 'discord', name: 'D', webhookUrl: 'https://discord.com/api/webhooks/1/x' }, 'discordchan001', { secretReadable: false }))).toBe('secret missing — enter it again');
    expect(webhook().waiting).toBe(3);
  });
});
