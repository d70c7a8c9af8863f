import { type ChannelView, DeliveryLog, type DeliveryLogEntry } from '../../../shared/channels';
import type { NotificationRecord } from '../../../shared/notification';
import type { Settings } from '../../../shared/settings';
import { inQuietHours } from '../alerts/time/quiet-hours';
import type { AlertItem } from '../channels/alert-message';
import { type ChannelBook, createChannelBook } from '../channels/channel-book';
import { ChannelsFile } from '../channels/channel-config';
import { desktopShows, routeMessage, routeNotification } from '../channels/routing';
import { type Clock, type Logger, systemNewId } from '../ports';
import type { SecretStore } from '../secrets/secret-store';
import { type DocumentStoreFactory, openDocument, type SetAsideEvent } from '../storage/persistence';
import { APP_STORES } from '../storage/store-folder';
import type { RetryPolicy } from './backoff';
import { createDeliveryLog, type DeliveryLogBook } from './delivery-log';
import { createOutbox, type Outbox } from './outbox';

export type AlertChannelsDeps = {
  factory: DocumentStoreFactory;
  onSetAside: (event: SetAsideEvent) => void;
  secrets: Pick<SecretStore, 'read' | 'write' | 'remove'>;
  redaction: { add(secret: string): void };
  settings: () => Pick<Settings, 'routing' | 'quietHours'>;
  clock: Clock;
  random: () => number;
  fetch: typeof globalThis.fetch;
  logger: Logger;
  /** The channels' waiting counts or the delivery log changed (the `channels` and `deliveries` events). */
  publish: { channels(list: ChannelView[]): void; deliveries(list: DeliveryLogEntry[]): void };
  newId?: () => string;
  /** IANA zone for the quiet hours; the system's own when absent (tests pin one). */
  timeZone?: string;
  /** Test and bench knobs: the back-off, the deadline, the spacing between attempts. */
  policy?: RetryPolicy;
  timeoutMs?: number;
  minIntervalMs?: number;
};

/** A recovered interruption or a digest, as a channel carries it. */
export type ChannelNote = { id: string; route: 'digestDaily' | 'digestWeekly' | 'interrupted'; title: string; body: string; account: string | null };

export type AlertChannels = {
  book: ChannelBook;
  outbox: Outbox;
  log: DeliveryLogBook;
  /**
   * Sends one account's notification to the channels its events are routed to, and returns it as the
   * desktop is to show it: not shown when none of its routes has the desktop (a test always is).
   */
  routeNotification(record: NotificationRecord, account: string | null, zoneName: (zoneId: string) => string | null): NotificationRecord;
  /** Sends a digest or a recovered interruption to its route's channels; returns whether the desktop shows it. */
  routeNote(note: ChannelNote): boolean;
  /**
   * A notice about an interrupted Stop all spend or caps change, recovered at start: a new one (`isNew`)
   * goes to the `interrupted` route's channels. Returns `isNew`, as the notices' `raise` does.
   */
  interrupted(isNew: boolean, notice: { key: string; title: string; body: string }, account: string): boolean;
  /** The channels' list changed (added, removed, a count): the window is told. */
  changed(): void;
  /** The delivery log as diagnostics quote it: no secret, one line an attempt. */
  diagnosticsLines(): string[];
  stop(): void;
};

/**
 * Alerts beyond the desktop (docs/architecture.md › Channels and the outbox): the channels, their
 * routes, the durable outbox and the delivery log, put together for the app core.
 */
export function createAlertChannels(deps: AlertChannelsDeps): AlertChannels {
  const { clock, logger } = deps;
  const newId = deps.newId ?? (() => systemNewId().replace(/-/g, ''));
  const now = () => clock.now();
  const book = createChannelBook({
    doc: openDocument(deps.factory, APP_STORES.channels, ChannelsFile, () => ({ channels: [] }), logger, { now, onSetAside: deps.onSetAside, durable: true }),
    secrets: deps.secrets,
    redaction: deps.redaction,
    newId,
    randomTopic: () => `zonewatch-${newId().slice(0, 24)}`,
    logger,
  });
  const log = createDeliveryLog(openDocument(deps.factory, APP_STORES.deliveries, DeliveryLog, () => [], logger, { now, onSetAside: deps.onSetAside }), logger, (list) => deps.publish.deliveries(list));
  const changed = () => void outbox.views().then(deps.publish.channels, (err: unknown) => logger.warn('channels: the list could not be read', { error: err }));
  const outbox = createOutbox({
    factory: deps.factory,
    onSetAside: deps.onSetAside,
    book,
    log,
    clock,
    random: deps.random,
    newId,
    fetch: deps.fetch,
    logger,
    ...(deps.policy ? { policy: deps.policy } : {}),
    ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
    ...(deps.minIntervalMs !== undefined ? { minIntervalMs: deps.minIntervalMs } : {}),
    onChange: changed,
  });
  const known = () => new Set(book.list().map((channel) => channel.id));
  const quiet = () => inQuietHours(deps.settings().quietHours, now(), deps.timeZone);
  // Deliveries a former run left waiting go on at once (and so does a core that is never started: a test's).
  outbox.start();
  const deliver = (byChannel: Map<string, AlertItem[]>) => {
    if (byChannel.size === 0) return;
    outbox.deliver(byChannel).catch((err: unknown) => logger.error('outbox: alerts could not be queued', { error: err }));
  };

  return {
    book,
    outbox,
    log,
    routeNotification(record, account, zoneName) {
      const { routing } = deps.settings();
      deliver(routeNotification({ record, routing, quiet: quiet(), known: known(), account, zoneName }));
      return record.shown && !desktopShows(routing, record) ? { ...record, shown: false } : record;
    },
    routeNote(note) {
      const { routing } = deps.settings();
      const item = { alertId: note.id, route: note.route, severity: note.route === 'interrupted' ? ('warning' as const) : ('info' as const), at: new Date(now()).toISOString(), account: note.account, zone: null, title: note.title, figures: note.body };
      deliver(routeMessage({ item, routing, quiet: quiet(), known: known() }));
      return (routing.routes[note.route] ?? { desktop: true }).desktop;
    },
    interrupted(isNew, notice, account) {
      if (isNew) this.routeNote({ id: notice.key.slice(0, 100), route: 'interrupted', title: notice.title, body: notice.body, account });
      return isNew;
    },
    changed,
    diagnosticsLines: () =>
      log.list().slice(0, 50).map((entry) => `  ${entry.at} ${entry.kind} "${entry.channelName}" ${entry.outcome}${entry.test ? ' (test)' : ''}, ${entry.alertIds.length} alert(s), attempt ${entry.attempt}: ${entry.answer}`),
    stop: () => outbox.stop(),
  };
}
