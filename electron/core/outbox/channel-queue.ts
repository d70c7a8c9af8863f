import type { DeliveryLogEntry, RouteKey } from '../../../shared/channels';
import type { AlertItem } from '../channels/alert-message';
import { type ChannelConfig, type ChannelSecret, secretValues } from '../channels/channel-config';
import { channelRequest, type DeliveryContent } from '../channels/channel-request';
import { judge, type Verdict } from '../channels/service-answer';
import type { Clock, Logger } from '../ports';
import type { PersistentDocument } from '../storage/persistence';
import { backoffMs, nextAttemptAt, type RetryPolicy } from './backoff';
import { postOnce, type PostOptions } from './http-post';
import { type Delivery, type OutboxFile, withAlerts, withDelivery, withoutDelivery } from './outbox-file';

/** Spacing between two attempts to one channel: Slack and Telegram take about one message a second. */
export const MIN_INTERVAL_MS: Readonly<Record<ChannelConfig['kind'], number>> = { slack: 1000, discord: 500, telegram: 1000, ntfy: 0, webhook: 0 };

export type ChannelQueueDeps = {
  config: () => ChannelConfig;
  secret: () => Promise<ChannelSecret | null>;
  doc: PersistentDocument<OutboxFile>;
  clock: Clock;
  random: () => number;
  newId: () => string;
  policy: RetryPolicy;
  post: PostOptions;
  /** Overrides MIN_INTERVAL_MS (the bench and tests). */
  minIntervalMs?: number;
  log: (entry: DeliveryLogEntry) => void;
  logger: Logger;
  /** The count of waiting alerts changed. */
  onChange: () => void;
};

export type ChannelQueue = {
  /** Writes the alerts ahead (durably) and starts the channel if idle; false when the write failed (nothing is sent then). */
  add(items: readonly AlertItem[]): Promise<boolean>;
  /** Tries the head now if it is due, or sets the timer for when it will be. */
  kick(): void;
  waiting(): number;
  stop(): void;
  /** Stops, saying every waiting delivery in the log as given up with `answer` (the channel was removed). */
  abandon(answer: string): void;
};

/** Writes `next`; false when the write failed, with the document put back as it was where it can be. */
async function written(doc: PersistentDocument<OutboxFile>, next: OutboxFile, logger: Logger): Promise<boolean> {
  const before = doc.get();
  try {
    // A write may reject where the store says a durable write failed (docs/architecture.md › Offline).
    const result: unknown = doc.set(next);
    if (result instanceof Promise) await result;
    return true;
  } catch (err) {
    logger.error('outbox: a write-ahead failed; nothing is sent on it', { name: doc.name, error: err });
    try {
      doc.set(before);
    } catch {
      // The store is failing: the session's copy stays as it was before either way.
    }
    return false;
  }
}

/**
 * One channel's queue (docs/architecture.md › Channels and the outbox): one attempt at a time,
 * oldest delivery first, each attempt written ahead before it is made; its timer on the core's
 * clock, so a channel waiting or failing holds up nothing else.
 */
export function createChannelQueue(deps: ChannelQueueDeps): ChannelQueue {
  const { doc, clock, logger } = deps;
  let timer: unknown = null;
  let inFlight = false;
  let stopped = false;
  let lastAttemptAt = Number.NEGATIVE_INFINITY;
  // A write-ahead that failed holds the channel back in memory (the file could not say so), growing as failures repeat.
  let writeFailures = 0;
  let heldUntil = Number.NEGATIVE_INFINITY;
  // Deliveries accepted or given up whose removal could not be written yet: never sent again this session.
  const settled = new Set<string>();
  /** The outbox as it stands, the settled deliveries left out: every write starts from it. */
  const live = (): OutboxFile => ({ deliveries: doc.get().deliveries.filter((delivery) => !settled.has(delivery.id)) });
  const minInterval = () => deps.minIntervalMs ?? MIN_INTERVAL_MS[deps.config().kind];

  function entry(delivery: Delivery, verdict: Verdict, next: number | null): DeliveryLogEntry {
    const config = deps.config();
    const outcome = verdict.outcome === 'retry' ? 'retrying' : verdict.outcome;
    return {
      at: new Date(clock.now()).toISOString(),
      channelId: config.id,
      channelName: config.name,
      kind: config.kind,
      deliveryId: delivery.id,
      routes: [...new Set(delivery.items.map((item) => item.route))] as RouteKey[],
      alertIds: delivery.items.map((item) => item.alertId).slice(0, 500),
      outcome,
      answer: verdict.answer.slice(0, 400),
      attempt: delivery.attempts,
      nextAttemptAt: next === null ? null : new Date(next).toISOString(),
      test: false,
    };
  }

  async function verdictOf(delivery: Delivery): Promise<Verdict> {
    let secret: ChannelSecret | null;
    try {
      secret = await deps.secret();
    } catch {
      secret = null;
    }
    if (secret === null) return { outcome: 'retry', answer: "The channel's secret could not be read from the secret store", askedMs: null };
    const content: DeliveryContent = { deliveryId: delivery.id, items: delivery.items, test: false };
    const result = await postOnce(channelRequest(deps.config(), secret, content, clock.now()), secretValues(secret), deps.post);
    return judge(deps.config().kind, result, clock.now());
  }

  async function attempt(head: Delivery): Promise<void> {
    inFlight = true;
    try {
      const tried = { ...head, attempts: head.attempts + 1 };
      // Frozen before it leaves: after a kill the same id and body go again (at most one duplicate).
      if (!(await written(doc, withDelivery(live(), head.id, () => tried), logger))) {
        writeFailures += 1;
        heldUntil = clock.now() + backoffMs(writeFailures, deps.policy, deps.random);
        deps.log(entry(head, { outcome: 'retry', answer: 'Not sent: the outbox could not be written to disk', askedMs: null }, heldUntil));
        return;
      }
      writeFailures = 0;
      lastAttemptAt = clock.now();
      const verdict = await verdictOf(tried);
      await settle(tried, verdict);
    } catch (err) {
      logger.error('outbox: an attempt failed unexpectedly', { error: err });
    } finally {
      inFlight = false;
      if (!stopped) kick();
    }
  }

  async function settle(delivery: Delivery, verdict: Verdict): Promise<void> {
    const now = clock.now();
    if (verdict.outcome === 'retry') {
      const at = nextAttemptAt({ now, createdAt: delivery.createdAt, attempt: delivery.attempts, askedMs: verdict.askedMs, policy: deps.policy, random: deps.random });
      if (at !== null) {
        deps.log(entry(delivery, verdict, at));
        await written(doc, withDelivery(live(), delivery.id, (d) => ({ ...d, nextAttemptAt: at, lastAnswer: verdict.answer.slice(0, 400) })), logger);
        return;
      }
      const hours = Math.round(deps.policy.lifetimeMs / 3_600_000);
      deps.log(entry(delivery, { outcome: 'given_up', answer: `Given up: not accepted within ${hours} h. Last answer: ${verdict.answer}` }, null));
    } else {
      deps.log(entry(delivery, verdict, null));
    }
    settled.add(delivery.id);
    if (await written(doc, withoutDelivery(live(), delivery.id), logger)) settled.delete(delivery.id);
    deps.onChange();
  }

  function kick(): void {
    if (stopped || inFlight) return;
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    const head = live().deliveries[0];
    if (head === undefined) return;
    const due = Math.max(head.nextAttemptAt, lastAttemptAt + minInterval(), heldUntil);
    const wait = due - clock.now();
    if (wait > 0) {
      timer = clock.setTimeout(() => {
        timer = null;
        kick();
      }, wait);
      return;
    }
    void attempt(head);
  }

  function stop(): void {
    stopped = true;
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  return {
    async add(items) {
      const { file, added, refused } = withAlerts(live(), items, { kind: deps.config().kind, now: clock.now(), newId: deps.newId });
      if (added.length === 0 && refused.length === 0) return true;
      const ok = await written(doc, file, logger);
      const failed = ok ? refused : items;
      if (failed.length > 0) {
        const why = ok ? `Not queued: the outbox holds its most (${file.deliveries.length} messages) while the channel does not accept them` : 'Not queued: the outbox could not be written to disk';
        const lost: Delivery = { id: 'not-queued', items: [...failed], createdAt: clock.now(), attempts: 0, nextAttemptAt: clock.now(), lastAnswer: null };
        deps.log(entry(lost, { outcome: 'given_up', answer: why }, null));
      }
      deps.onChange();
      kick();
      return ok;
    },
    kick,
    waiting: () => live().deliveries.reduce((sum, delivery) => sum + delivery.items.length, 0),
    stop,
    abandon(answer) {
      stop();
      for (const delivery of live().deliveries) deps.log(entry(delivery, { outcome: 'given_up', answer }, null));
    },
  };
}
