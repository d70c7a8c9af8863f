import { DELIVERY_LOG_LIMIT, DeliveryLog, type DeliveryLogEntry } from '../../../shared/channels';
import type { Logger } from '../ports';
import type { PersistentDocument } from '../storage/persistence';

export { DeliveryLog };

export type DeliveryLogBook = {
  /** Newest first, the last 200: read from its file, so the window shows it offline and after a restart. */
  list(): DeliveryLogEntry[];
  add(entry: DeliveryLogEntry): void;
};

/**
 * The delivery log (docs/desktop.md › Channels): each attempt's outcome in words. It holds no secret
 * by construction: its entries are built from channel names, alert ids and answers already scrubbed.
 */
export function createDeliveryLog(doc: PersistentDocument<DeliveryLog>, logger: Logger, publish: (list: DeliveryLogEntry[]) => void): DeliveryLogBook {
  return {
    list: () => [...doc.get()],
    add(entry) {
      const next = [entry, ...doc.get()].slice(0, DELIVERY_LOG_LIMIT);
      try {
        doc.set(next);
      } catch (err) {
        logger.warn('outbox: the delivery log could not be written', { error: err });
      }
      const level = entry.outcome === 'given_up' ? 'warn' : 'info';
      logger[level]('outbox: delivery', { channel: entry.kind, deliveryId: entry.deliveryId, alerts: entry.alertIds.length, outcome: entry.outcome, answer: entry.answer, attempt: entry.attempt });
      publish(next);
    },
  };
}
