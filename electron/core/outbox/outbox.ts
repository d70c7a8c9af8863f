import type { ChannelTestResult, ChannelView, DeliveryLogEntry } from '../../../shared/channels';
import type { AlertItem } from '../channels/alert-message';
import type { ChannelBook } from '../channels/channel-book';
import { channelView, secretValues } from '../channels/channel-config';
import { channelRequest } from '../channels/channel-request';
import { judge, SERVICE_NAME } from '../channels/service-answer';
import type { Clock, Logger } from '../ports';
import { type DocumentStoreFactory, openDocument, type SetAsideEvent } from '../storage/persistence';
import { DEFAULT_OUTBOX_POLICY, type RetryPolicy } from './backoff';
import { type ChannelQueue, createChannelQueue } from './channel-queue';
import type { DeliveryLogBook } from './delivery-log';
import { DEFAULT_POST_TIMEOUT_MS, MAX_ANSWER_BYTES, type PostOptions, postOnce } from './http-post';
import { emptyOutbox, OutboxFile } from './outbox-file';

/** A channel's outbox file: one bounded, durable document per channel (docs/architecture.md › Channels and the outbox). */
export const OUTBOX_STORE_PREFIX = 'outbox-';

export type OutboxDeps = {
  factory: DocumentStoreFactory;
  onSetAside: (event: SetAsideEvent) => void;
  book: ChannelBook;
  log: DeliveryLogBook;
  clock: Clock;
  random: () => number;
  newId: () => string;
  fetch: typeof globalThis.fetch;
  logger: Logger;
  policy?: RetryPolicy;
  timeoutMs?: number;
  maxAnswerBytes?: number;
  /** Spacing between attempts to one channel; each kind's own (channel-queue.ts) when absent. */
  minIntervalMs?: number;
  /** A channel's count of waiting alerts changed. */
  onChange?: () => void;
};

export type Outbox = {
  /** Writes each channel's alerts ahead and sends them; resolves once written (not once delivered). */
  deliver(byChannel: ReadonlyMap<string, readonly AlertItem[]>): Promise<void>;
  /** Sends a sample message now, outside the outbox (a test is not retried), and says the service's answer. */
  test(channelId: string): Promise<ChannelTestResult>;
  views(): Promise<ChannelView[]>;
  /** Before a channel is removed: its waiting alerts are said in the log as given up, its outbox erased. */
  forget(channelId: string): void;
  start(): void;
  stop(): void;
};

/**
 * The durable outbox (docs/architecture.md › Channels and the outbox): a queue per channel, each
 * with its own file and timer, so one failing channel never delays another; at-least-once.
 */
export function createOutbox(deps: OutboxDeps): Outbox {
  const { book, clock, logger } = deps;
  const policy = deps.policy ?? DEFAULT_OUTBOX_POLICY;
  const post: PostOptions = { fetch: deps.fetch, clock, timeoutMs: deps.timeoutMs ?? DEFAULT_POST_TIMEOUT_MS, maxAnswerBytes: deps.maxAnswerBytes ?? MAX_ANSWER_BYTES };
  const queues = new Map<string, { queue: ChannelQueue; erase: () => void }>();
  let started = false;

  function queueOf(channelId: string): ChannelQueue | null {
    const known = queues.get(channelId);
    if (known !== undefined) return known.queue;
    if (book.get(channelId) === null) return null;
    const name = `${OUTBOX_STORE_PREFIX}${channelId}`;
    const doc = openDocument(deps.factory, name, OutboxFile, emptyOutbox, logger, { now: () => clock.now(), onSetAside: deps.onSetAside, durable: true });
    const queue = createChannelQueue({
      config: () => book.get(channelId) ?? (() => { throw new Error('the channel was removed'); })(),
      secret: () => book.secret(channelId),
      doc,
      clock,
      random: deps.random,
      newId: deps.newId,
      policy,
      post,
      ...(deps.minIntervalMs !== undefined ? { minIntervalMs: deps.minIntervalMs } : {}),
      log: (entry) => deps.log.add(entry),
      logger,
      onChange: () => deps.onChange?.(),
    });
    queues.set(channelId, { queue, erase: () => doc.erase() });
    return queue;
  }

  return {
    async deliver(byChannel) {
      // Each channel on its own: a failed write of one never keeps another's alerts back.
      await Promise.all(
        [...byChannel].map(async ([channelId, items]) => {
          if (items.length === 0) return;
          const queue = queueOf(channelId);
          if (queue === null) return;
          await queue.add(items);
        }),
      );
    },
    async test(channelId) {
      const config = book.get(channelId);
      if (config === null) return { delivered: false, answer: 'That channel is no longer there.' };
      const now = clock.now();
      const item: AlertItem = {
        alertId: `test-${deps.newId()}`,
        route: 'spendToday',
        severity: 'info',
        at: new Date(now).toISOString(),
        account: 'Example account',
        zone: 'example_zone',
        title: 'Test message from Zonewatch',
        figures: 'Spend today $12.34 of $50.00 (an example: no real figure).',
        action: 'Nothing: this message says the channel works.',
      };
      const secret = await book.secret(channelId);
      const verdict = secret === null ? { outcome: 'retry' as const, answer: "The channel's secret could not be read from the secret store", askedMs: null } : judge(config.kind, await postOnce(channelRequest(config, secret, { deliveryId: item.alertId, items: [item], test: true }, now), secretValues(secret), post), clock.now());
      const entry: DeliveryLogEntry = {
        at: new Date(clock.now()).toISOString(),
        channelId,
        channelName: config.name,
        kind: config.kind,
        deliveryId: item.alertId,
        routes: [],
        alertIds: [item.alertId],
        // A test is tried once: what would be retried is, for a test, not delivered.
        outcome: verdict.outcome === 'delivered' ? 'delivered' : 'given_up',
        answer: verdict.answer.slice(0, 400),
        attempt: 1,
        nextAttemptAt: null,
        test: true,
      };
      deps.log.add(entry);
      return { delivered: verdict.outcome === 'delivered', answer: verdict.outcome === 'delivered' ? `${SERVICE_NAME[config.kind]} accepted the test message.` : verdict.answer };
    },
    views: () => Promise.all(book.list().map(async (config) => channelView(config, await book.secret(config.id), queueOf(config.id)?.waiting() ?? 0))),
    forget(channelId) {
      if (queueOf(channelId) === null) return;
      const known = queues.get(channelId)!;
      known.queue.abandon('Given up: the channel was removed');
      queues.delete(channelId);
      known.erase();
    },
    start() {
      if (started) return;
      started = true;
      for (const config of book.list()) queueOf(config.id)?.kick();
    },
    stop() {
      started = false;
      for (const { queue } of queues.values()) queue.stop();
      queues.clear();
    },
  };
}
