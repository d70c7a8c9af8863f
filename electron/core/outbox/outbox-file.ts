import { z } from 'zod';
import type { ChannelKind } from '../../../shared/channels';
import { AlertItem } from '../channels/alert-message';

// One channel's outbox (docs/architecture.md › Channels and the outbox): the deliveries written and
// not yet accepted, oldest first, in one bounded document per channel. The first delivery is the one
// being tried; a delivery once tried is frozen (its id and body reach the service as they are on each
// retry); alerts that pile up behind it are grouped into the last unfrozen delivery.

/** How many alerts one delivery may group: what each service's length limit still shows whole. */
export const MAX_ALERTS_PER_DELIVERY: Readonly<Record<ChannelKind, number>> = { slack: 50, discord: 10, telegram: 20, ntfy: 10, webhook: 50 };
/** Deliveries one channel's outbox may hold: a bound on the file, reached only after hours of pile-up. */
export const MAX_DELIVERIES = 100;

export const Delivery = z.object({
  id: z.string().min(1).max(64),
  items: z.array(AlertItem).min(1).max(50),
  /** When its oldest alert was written (epoch ms): its lifetime counts from then. */
  createdAt: z.number().int(),
  /** Attempts begun; one or more: frozen. */
  attempts: z.number().int().nonnegative(),
  /** When it may be tried (epoch ms). */
  nextAttemptAt: z.number().int(),
  lastAnswer: z.string().max(400).nullable(),
});
export type Delivery = z.infer<typeof Delivery>;

export const OutboxFile = z.object({ deliveries: z.array(Delivery).max(MAX_DELIVERIES) });
export type OutboxFile = z.infer<typeof OutboxFile>;

export const emptyOutbox = (): OutboxFile => ({ deliveries: [] });

/** Every alert id the outbox holds. */
export function heldIds(file: OutboxFile): Set<string> {
  return new Set(file.deliveries.flatMap((delivery) => delivery.items.map((item) => item.alertId)));
}

/**
 * The outbox with `items` added: an alert already held is not added twice; the rest join the last
 * delivery not yet tried while it has room, then new deliveries. `refused`: what the bound left out
 * (the caller says so, never silently). Pure.
 */
export function withAlerts(file: OutboxFile, items: readonly AlertItem[], args: { kind: ChannelKind; now: number; newId: () => string }): { file: OutboxFile; added: AlertItem[]; refused: AlertItem[] } {
  const max = MAX_ALERTS_PER_DELIVERY[args.kind];
  const held = heldIds(file);
  const fresh = items.filter((item) => !held.has(item.alertId) && (held.add(item.alertId), true));
  const deliveries = file.deliveries.map((delivery) => ({ ...delivery, items: [...delivery.items] }));
  const added: AlertItem[] = [];
  const refused: AlertItem[] = [];
  for (const item of fresh) {
    const last = deliveries.at(-1);
    if (last !== undefined && last.attempts === 0 && last.items.length < max) {
      last.items.push(item);
      added.push(item);
    } else if (deliveries.length < MAX_DELIVERIES) {
      deliveries.push({ id: args.newId(), items: [item], createdAt: args.now, attempts: 0, nextAttemptAt: last?.attempts === 0 ? last.nextAttemptAt : args.now, lastAnswer: null });
      added.push(item);
    } else {
      refused.push(item);
    }
  }
  return { file: { deliveries }, added, refused };
}

/** The outbox with one delivery changed by `fn`; unchanged when it is gone. Pure. */
export function withDelivery(file: OutboxFile, id: string, fn: (delivery: Delivery) => Delivery): OutboxFile {
  return { deliveries: file.deliveries.map((delivery) => (delivery.id === id ? fn(delivery) : delivery)) };
}

/** The outbox without one delivery. Pure. */
export function withoutDelivery(file: OutboxFile, id: string): OutboxFile {
  return { deliveries: file.deliveries.filter((delivery) => delivery.id !== id) };
}
