import type { FieldIssue } from '../../../shared/api/issues';
import { formatIssues } from '../../../shared/api/issues';
import { ChannelDraft, type ChannelKind, ChannelPatch, type ChannelView, DEFAULT_NTFY_SERVER, DEFAULT_TELEGRAM_SERVER, isPublicNtfy, NTFY_PUBLIC_WARNING } from '../../../shared/channels';

// The channel form (docs/desktop.md › Channels): which fields each kind asks for, and the one
// `channels:add` or `channels:update` call it makes, checked by the same schema main checks with.

export const KIND_LABEL: Readonly<Record<ChannelKind, string>> = { slack: 'Slack', discord: 'Discord', telegram: 'Telegram', ntfy: 'ntfy', webhook: 'Webhook (signed JSON)' };

export type FieldKey = 'name' | 'webhookUrl' | 'botToken' | 'chatId' | 'server' | 'topic' | 'accessToken' | 'url' | 'signingKey';

export type FieldSpec = {
  key: FieldKey;
  label: string;
  /** Kept in the secret store: typed in, never shown again; left empty on edit, it stays as it is. */
  secret: boolean;
  /** May be left empty when adding. */
  optional: boolean;
  hint?: string;
};

const NAME: FieldSpec = { key: 'name', label: 'Name', secret: false, optional: false, hint: 'How the window and the delivery log call it.' };

export const KIND_FIELDS: Readonly<Record<ChannelKind, readonly FieldSpec[]>> = {
  slack: [NAME, { key: 'webhookUrl', label: 'Incoming webhook URL', secret: true, optional: false, hint: 'From your Slack app’s “Incoming Webhooks” page: https://hooks.slack.com/services/…' }],
  discord: [NAME, { key: 'webhookUrl', label: 'Webhook URL', secret: true, optional: false, hint: 'Channel settings › Integrations › Webhooks › Copy Webhook URL.' }],
  telegram: [
    NAME,
    { key: 'botToken', label: 'Bot token', secret: true, optional: false, hint: 'From @BotFather, like 123456:ABC…' },
    { key: 'chatId', label: 'Chat id', secret: false, optional: false, hint: 'A numeric chat id (groups are negative) or an @channel name. Send the bot a message first.' },
    { key: 'server', label: 'Bot API server', secret: false, optional: false },
  ],
  ntfy: [
    NAME,
    { key: 'server', label: 'Server', secret: false, optional: false },
    { key: 'topic', label: 'Topic', secret: false, optional: false, hint: 'Subscribe to this topic in the ntfy app. A long random topic is the only lock on a public server.' },
    { key: 'accessToken', label: 'Access token (optional)', secret: true, optional: true, hint: 'For a server or topic that asks for one.' },
  ],
  webhook: [
    NAME,
    { key: 'url', label: 'URL', secret: true, optional: false },
    { key: 'signingKey', label: 'Signing key', secret: true, optional: false, hint: 'At least 16 characters; your receiver checks the Zonewatch-Signature header with it.' },
  ],
};

/** What the form's fields hold, as typed. */
export type ChannelFormValues = Partial<Record<FieldKey, string>>;

/** A fresh, unguessable ntfy topic: 20 random characters after `zonewatch-`. */
export function randomTopic(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return `zonewatch-${[...random(new Uint8Array(20))].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** The fields of a new channel: the defaults filled in, secrets empty. */
export function newChannelValues(kind: ChannelKind, topic: () => string = randomTopic): ChannelFormValues {
  if (kind === 'ntfy') return { name: 'ntfy', server: DEFAULT_NTFY_SERVER, topic: topic(), accessToken: '' };
  if (kind === 'telegram') return { name: 'Telegram', botToken: '', chatId: '', server: DEFAULT_TELEGRAM_SERVER };
  return { name: KIND_LABEL[kind].replace(/ \(.*\)$/, '') };
}

/** The fields of a channel being edited: its settings; every secret field empty (the window never has one). */
export function editChannelValues(channel: ChannelView): ChannelFormValues {
  const values: ChannelFormValues = { name: channel.name };
  for (const field of KIND_FIELDS[channel.kind]) {
    if (field.key === 'name') continue;
    if (field.secret) values[field.key] = '';
    else values[field.key] = (field.key === 'chatId' ? channel.chatId : field.key === 'server' ? channel.server : channel.topic) ?? '';
  }
  return values;
}

/** The public ntfy.sh warning for these fields, or null. */
export function formWarning(kind: ChannelKind, values: ChannelFormValues): string | null {
  return kind === 'ntfy' && isPublicNtfy((values.server ?? '').trim()) ? NTFY_PUBLIC_WARNING : null;
}

export type FormCheck<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

const labelOf = (kind: ChannelKind, key: string) => KIND_FIELDS[kind].find((field) => field.key === key)?.label ?? key;

/** Zod's words for a field, said with its label: "Webhook URL must be an https:// URL…". */
function said(kind: ChannelKind, issues: FieldIssue[]): FieldIssue[] {
  return issues.map((issue) => ({ path: issue.path, message: issue.message.startsWith('Too big') ? `${labelOf(kind, issue.path)} is too long.` : `${labelOf(kind, issue.path)} ${issue.message}.` }));
}

/** Required fields left empty, in the form's words (zod's "too small" says nothing a person needs). */
function missing(kind: ChannelKind, values: ChannelFormValues, editing: boolean): FieldIssue[] {
  return KIND_FIELDS[kind]
    .filter((field) => !field.optional && !(editing && field.secret) && (values[field.key] ?? '').trim() === '')
    .map((field) => ({ path: field.key, message: `${field.label} is needed.` }));
}

/** The `channels:add` input for these fields, or what is wrong with them. Pure. */
export function draftFromValues(kind: ChannelKind, values: ChannelFormValues): FormCheck<ChannelDraft> {
  const empty = missing(kind, values, false);
  if (empty.length > 0) return { ok: false, issues: empty };
  const raw: Record<string, unknown> = { kind };
  for (const field of KIND_FIELDS[kind]) {
    const value = values[field.key] ?? '';
    if (field.key === 'accessToken') raw.accessToken = value.trim() === '' ? null : value;
    else raw[field.key] = value;
  }
  const parsed = ChannelDraft.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: said(kind, formatIssues(parsed.error)) };
}

/**
 * The `channels:update` input: only the fields that changed; a secret field only when something was
 * typed in it (empty keeps the secret), except ntfy's optional token, which `clearAccessToken` removes.
 * Null when nothing changed. Pure.
 */
export function patchFromValues(channel: ChannelView, values: ChannelFormValues, clearAccessToken = false): FormCheck<ChannelPatch | null> {
  const empty = missing(channel.kind, values, true);
  if (empty.length > 0) return { ok: false, issues: empty };
  const before = editChannelValues(channel);
  const raw: Record<string, unknown> = { id: channel.id };
  for (const field of KIND_FIELDS[channel.kind]) {
    const value = values[field.key] ?? '';
    if (field.secret ? value.trim() !== '' : value.trim() !== (before[field.key] ?? '').trim()) raw[field.key] = value;
  }
  if (channel.kind === 'ntfy' && clearAccessToken && raw.accessToken === undefined) raw.accessToken = null;
  if (Object.keys(raw).length === 1) return { ok: true, value: null };
  const parsed = ChannelPatch.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, issues: said(channel.kind, formatIssues(parsed.error)) };
}

/** What the list says of a channel's secrets: whether each is set, never what it is. */
export function secretText(channel: ChannelView): string {
  const main = channel.secretSet ? 'secret set' : 'secret missing — enter it again';
  return channel.kind === 'ntfy' ? `${main}; access token ${channel.accessTokenSet ? 'set' : 'not set'}` : main;
}

/** Where the channel posts, as far as the window may know (settings only: a URL that is a secret is not shown). */
export function channelWhere(channel: ChannelView): string | null {
  if (channel.kind === 'telegram') return `chat ${channel.chatId ?? '?'}`;
  if (channel.kind === 'ntfy') return `${channel.server ?? ''}/${channel.topic ?? ''}`;
  return null;
}
