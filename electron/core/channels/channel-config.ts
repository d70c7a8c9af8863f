import { z } from 'zod';
import { ChannelId, type ChannelDraft, type ChannelPatch, type ChannelView, isPublicNtfy, NTFY_PUBLIC_WARNING } from '../../../shared/channels';

// A channel is two halves (docs/architecture.md › Channels and the outbox): its settings, kept in the
// `channels` file, and its secret (webhook URL, bot token, access token, signing key), kept only in
// the secret store under `channel-<id>`, as the API keys are.

export const MAX_CHANNELS = 20;

const Name = z.string().min(1).max(60);
const Url = z.string().max(2048);

export const ChannelConfig = z.discriminatedUnion('kind', [
  z.object({ id: ChannelId, kind: z.literal('slack'), name: Name }),
  z.object({ id: ChannelId, kind: z.literal('discord'), name: Name }),
  z.object({ id: ChannelId, kind: z.literal('telegram'), name: Name, chatId: z.string().max(40), server: Url }),
  z.object({ id: ChannelId, kind: z.literal('ntfy'), name: Name, server: Url, topic: z.string().max(64) }),
  z.object({ id: ChannelId, kind: z.literal('webhook'), name: Name }),
]);
export type ChannelConfig = z.infer<typeof ChannelConfig>;

export const ChannelsFile = z.object({ channels: z.array(ChannelConfig).max(MAX_CHANNELS) });
export type ChannelsFile = z.infer<typeof ChannelsFile>;

export const ChannelSecret = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('slack'), webhookUrl: Url }),
  z.object({ kind: z.literal('discord'), webhookUrl: Url }),
  z.object({ kind: z.literal('telegram'), botToken: z.string() }),
  z.object({ kind: z.literal('ntfy'), accessToken: z.string().nullable() }),
  z.object({ kind: z.literal('webhook'), url: Url, signingKey: z.string() }),
]);
export type ChannelSecret = z.infer<typeof ChannelSecret>;

/** The name a channel's secret has in the secret store (a profile id's shape, never a UUID's). */
export function secretName(channelId: string): string {
  return `channel-${channelId}`;
}

/** Every secret string a channel holds, for the logger's redaction list. Pure. */
export function secretValues(secret: ChannelSecret): string[] {
  switch (secret.kind) {
    case 'slack':
    case 'discord':
      return [secret.webhookUrl];
    case 'telegram':
      return [secret.botToken];
    case 'ntfy':
      return secret.accessToken === null ? [] : [secret.accessToken];
    case 'webhook':
      return [secret.url, secret.signingKey];
  }
}

/** A new channel's two halves. `topic`: ntfy's, drawn at random when the draft names none. Pure. */
export function splitDraft(draft: ChannelDraft, id: string, randomTopic: () => string): { config: ChannelConfig; secret: ChannelSecret } {
  switch (draft.kind) {
    case 'slack':
    case 'discord':
      return { config: { id, kind: draft.kind, name: draft.name }, secret: { kind: draft.kind, webhookUrl: draft.webhookUrl } };
    case 'telegram':
      return { config: { id, kind: 'telegram', name: draft.name, chatId: draft.chatId, server: draft.server.replace(/\/+$/, '') }, secret: { kind: 'telegram', botToken: draft.botToken } };
    case 'ntfy':
      return { config: { id, kind: 'ntfy', name: draft.name, server: draft.server.replace(/\/+$/, ''), topic: draft.topic ?? randomTopic() }, secret: { kind: 'ntfy', accessToken: draft.accessToken } };
    case 'webhook':
      return { config: { id, kind: 'webhook', name: draft.name }, secret: { kind: 'webhook', url: draft.url, signingKey: draft.signingKey } };
  }
}

/** The patch's fields each kind takes; any other field given is refused. */
const PATCH_FIELDS: Record<ChannelConfig['kind'], readonly (keyof ChannelPatch)[]> = {
  slack: ['webhookUrl'],
  discord: ['webhookUrl'],
  telegram: ['botToken', 'chatId', 'server'],
  ntfy: ['server', 'topic', 'accessToken'],
  webhook: ['url', 'signingKey'],
};

/**
 * The channel after the patch, or the words saying which field does not fit its kind. `secret` is
 * null when the store could not give it: the patch must then bring the whole secret. Pure.
 */
export function patched(config: ChannelConfig, secret: ChannelSecret | null, patch: ChannelPatch): { config: ChannelConfig; secret: ChannelSecret | null } | { refused: string } {
  const given = (Object.keys(patch) as (keyof ChannelPatch)[]).filter((field) => field !== 'id' && field !== 'name' && patch[field] !== undefined);
  const foreign = given.find((field) => !PATCH_FIELDS[config.kind].includes(field));
  if (foreign !== undefined) return { refused: `A ${config.kind} channel has no ${foreign}.` };
  const name = patch.name ?? config.name;
  switch (config.kind) {
    case 'slack':
    case 'discord': {
      const webhookUrl = patch.webhookUrl ?? (secret?.kind === config.kind ? secret.webhookUrl : null);
      return { config: { ...config, name }, secret: webhookUrl === null ? null : { kind: config.kind, webhookUrl } };
    }
    case 'telegram': {
      const botToken = patch.botToken ?? (secret?.kind === 'telegram' ? secret.botToken : null);
      return { config: { ...config, name, chatId: patch.chatId ?? config.chatId, server: (patch.server ?? config.server).replace(/\/+$/, '') }, secret: botToken === null ? null : { kind: 'telegram', botToken } };
    }
    case 'ntfy': {
      const accessToken = patch.accessToken !== undefined ? patch.accessToken : secret?.kind === 'ntfy' ? secret.accessToken : null;
      return { config: { ...config, name, server: (patch.server ?? config.server).replace(/\/+$/, ''), topic: patch.topic ?? config.topic }, secret: { kind: 'ntfy', accessToken } };
    }
    case 'webhook': {
      const old = secret?.kind === 'webhook' ? secret : null;
      const url = patch.url ?? old?.url ?? null;
      const signingKey = patch.signingKey ?? old?.signingKey ?? null;
      return { config: { ...config, name }, secret: url === null || signingKey === null ? null : { kind: 'webhook', url, signingKey } };
    }
  }
}

/** The channel as the window sees it: settings and whether its secret is set, never the secret. Pure. */
export function channelView(config: ChannelConfig, secret: ChannelSecret | null, waiting: number): ChannelView {
  const ntfy = config.kind === 'ntfy' ? config : null;
  const onPublicNtfy = ntfy !== null && isPublicNtfy(ntfy.server);
  return {
    id: config.id,
    kind: config.kind,
    name: config.name,
    secretSet: secret !== null,
    chatId: config.kind === 'telegram' ? config.chatId : null,
    server: config.kind === 'telegram' || config.kind === 'ntfy' ? config.server : null,
    topic: ntfy?.topic ?? null,
    accessTokenSet: secret?.kind === 'ntfy' && secret.accessToken !== null,
    warning: onPublicNtfy ? NTFY_PUBLIC_WARNING : null,
    waiting,
  };
}
