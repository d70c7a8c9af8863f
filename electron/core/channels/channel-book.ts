import type { ChannelDraft, ChannelPatch } from '../../../shared/channels';
import type { Logger } from '../ports';
import type { SecretStore } from '../secrets/secret-store';
import type { PersistentDocument } from '../storage/persistence';
import { type ChannelConfig, ChannelSecret, type ChannelsFile, MAX_CHANNELS, patched, secretName, secretValues, splitDraft } from './channel-config';

/** A failure the user reads as it is ("A slack channel has no botToken."). */
export class ChannelRefused extends Error {
  override readonly name = 'ChannelRefused';
}

export type ChannelBook = {
  list(): ChannelConfig[];
  get(id: string): ChannelConfig | null;
  /** The channel's secret from the secret store (cached for the session); null when none is readable. */
  secret(id: string): Promise<ChannelSecret | null>;
  add(draft: ChannelDraft): Promise<ChannelConfig>;
  update(patch: ChannelPatch): Promise<ChannelConfig>;
  remove(id: string): Promise<boolean>;
};

export type ChannelBookDeps = {
  doc: PersistentDocument<ChannelsFile>;
  secrets: Pick<SecretStore, 'read' | 'write' | 'remove'>;
  /** The logger's redaction list: every channel secret joins it once read or written. */
  redaction: { add(secret: string): void };
  newId: () => string;
  /** A fresh, unguessable ntfy topic. */
  randomTopic: () => string;
  logger: Logger;
};

/**
 * The channels (docs/architecture.md › Channels and the outbox): their settings in the `channels`
 * file, their secrets in the secret store as the API keys are. A secret is written before the
 * settings that name it, so no channel is listed without the secret it was added with.
 */
export function createChannelBook(deps: ChannelBookDeps): ChannelBook {
  const { doc, secrets, logger } = deps;
  const cache = new Map<string, ChannelSecret>();

  const remember = (id: string, secret: ChannelSecret) => {
    for (const value of secretValues(secret)) deps.redaction.add(value);
    cache.set(id, secret);
  };

  async function store(id: string, secret: ChannelSecret): Promise<void> {
    for (const value of secretValues(secret)) deps.redaction.add(value);
    await secrets.write(secretName(id), JSON.stringify(secret));
    remember(id, secret);
  }

  const save = (next: ChannelsFile): void => doc.set(next);

  async function readSecret(id: string): Promise<ChannelSecret | null> {
    const cached = cache.get(id);
    if (cached !== undefined) return cached;
    let raw: string | null;
    try {
      raw = await secrets.read(secretName(id));
    } catch (err) {
      logger.warn('channels: the secret store could not be read', { error: err });
      return null;
    }
    if (raw === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const checked = ChannelSecret.safeParse(parsed);
    if (!checked.success) {
      logger.warn('channels: a stored channel secret is unreadable');
      return null;
    }
    remember(id, checked.data);
    return checked.data;
  }

  const get = (id: string) => doc.get().channels.find((channel) => channel.id === id) ?? null;
  const require = (id: string) => {
    const found = get(id);
    if (found === null) throw new ChannelRefused('That channel is no longer there.');
    return found;
  };

  return {
    list: () => [...doc.get().channels],
    get,
    secret: readSecret,
    async add(draft) {
      if (doc.get().channels.length >= MAX_CHANNELS) throw new ChannelRefused(`Zonewatch keeps at most ${MAX_CHANNELS} channels.`);
      const { config, secret } = splitDraft(draft, deps.newId(), deps.randomTopic);
      await store(config.id, secret);
      try {
        save({ channels: [...doc.get().channels, config] });
      } catch (err) {
        await secrets.remove(secretName(config.id)).catch(() => undefined);
        cache.delete(config.id);
        throw err;
      }
      logger.info('channels: added', { kind: config.kind });
      return config;
    },
    async update(patch) {
      const current = require(patch.id);
      const result = patched(current, await readSecret(patch.id), patch);
      if ('refused' in result) throw new ChannelRefused(result.refused);
      if (result.secret === null) throw new ChannelRefused("The channel's secret could not be read: enter it again.");
      const oldSecret = cache.get(patch.id);
      if (JSON.stringify(result.secret) !== JSON.stringify(oldSecret)) await store(patch.id, result.secret);
      save({ channels: doc.get().channels.map((channel) => (channel.id === patch.id ? result.config : channel)) });
      return result.config;
    },
    async remove(id) {
      if (get(id) === null) return false;
      save({ channels: doc.get().channels.filter((channel) => channel.id !== id) });
      await secrets.remove(secretName(id));
      cache.delete(id);
      logger.info('channels: removed');
      return true;
    },
  };
}
