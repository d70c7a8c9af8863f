import { z } from 'zod';
import type { AlertRule, AlertSettings } from '../../../shared/alert-settings';
import type { Zone } from '../../../shared/api/zone';
import { type AlertEvent, NotificationRecord } from '../../../shared/notification';
import { notificationAction } from '../../../shared/notification-action';
import type { QuietHours } from '../../../shared/settings';
import { type Clock, type Logger, type Notifier, systemNewId } from '../ports';
import type { AlertInput, EvaluationState } from './alert-input';
import { AlertMemory, emptyAlertMemory } from './alert-memory';
import { evaluate } from './evaluate';
import { groupEvents } from './group-events';
import { acknowledgeZone, acknowledgeZoneDeleted, acknowledgeZones } from './rules/zone-state';
import type { EventDraft } from './alert-input';
import { type SnoozeChoice, isSnoozed, snoozeEnd, suppression } from './time/snooze';
import { testEvent } from './test-notification';

/** The notification history kept (newest first). */
export const NOTIFICATION_HISTORY_LIMIT = 200;

export const NotificationHistory = z.array(NotificationRecord);
export type NotificationHistory = z.infer<typeof NotificationHistory>;

/** A persisted document (the persistence wrapper's, or anything with the same two methods). */
export interface StoredDocument<T> {
  get(): T;
  set(value: T): void;
}

/** The part of the settings the alerts read: a whole `Settings` object fits. */
export interface AlertCenterSettings {
  alerts: AlertSettings;
  quietHours: QuietHours;
}

export interface AlertCenterOptions {
  notifier: Notifier;
  memoryDoc: StoredDocument<AlertMemory>;
  historyDoc: StoredDocument<NotificationHistory>;
  clock: Pick<Clock, 'now'>;
  getSettings(): AlertCenterSettings;
  logger: Logger;
  /** IANA zone for quiet hours and snooze; the system's own when absent (tests pin one). */
  timeZone?: string;
  /** Notification record ids; random UUIDs by default. */
  newId?: () => string;
  /**
   * Where the snooze is kept when it is app-wide (several accounts: one snooze silences them all);
   * in this center's own memory when absent.
   */
  snoozeStore?: SnoozeStore;
  /** Dresses a notification before it is shown and recorded: names its account, points its target there. */
  present?: (notification: NotificationRecord) => NotificationRecord;
}

/** The app-wide snooze: when it ends (ISO), or null. */
export interface SnoozeStore {
  get(): string | null;
  set(until: string | null): void;
}

export interface AlertCenter {
  /** Runs the rules over one poll cycle's data; returns the notification it recorded, if any. */
  onCycle(input: AlertInput): NotificationRecord | null;
  /** The notification history, newest first. */
  list(): NotificationRecord[];
  /** Shows (and records) a sample notification of one rule, marked as a test; ignores quiet hours and snooze. */
  sendTest(rule: AlertRule): NotificationRecord;
  /** Sets or clears the snooze; returns when it ends. */
  snooze(until: SnoozeChoice): string | null;
  snoozedUntil(): string | null;
  /** Records a change the app itself made, so the next cycle does not report it as made elsewhere. */
  acknowledgeZone(zone: Zone): void;
  /** Many zones the app changed at once (a bulk cap change), saved once. */
  acknowledgeZones(zones: readonly Zone[]): void;
  acknowledgeZoneDeleted(zoneId: string): void;
  /** Records and shows one event at once, outside a cycle (what the account cap did); honours quiet hours and snooze. */
  announce(event: EventDraft): NotificationRecord;
  /** Called with every recorded notification (for the `notification` push event); returns an unsubscribe. */
  subscribe(listener: (record: NotificationRecord) => void): () => void;
}

export function createAlertCenter(options: AlertCenterOptions): AlertCenter {
  const { notifier, memoryDoc, historyDoc, clock, logger, timeZone } = options;
  const newId = options.newId ?? systemNewId;
  const listeners = new Set<(record: NotificationRecord) => void>();
  let state: EvaluationState | null = null;
  let memory: AlertMemory | null = null;
  let history: NotificationHistory | null = null;

  function loadMemory(): AlertMemory {
    if (memory !== null) return memory;
    const parsed = AlertMemory.safeParse(memoryDoc.get());
    if (!parsed.success) logger.warn('alerts: stored alert memory is unreadable; starting afresh');
    memory = parsed.success ? parsed.data : emptyAlertMemory();
    return memory;
  }

  function saveMemory(next: AlertMemory): void {
    const changed = JSON.stringify(next) !== JSON.stringify(memory);
    memory = next;
    if (changed) memoryDoc.set(next);
  }

  function loadHistory(): NotificationHistory {
    if (history !== null) return history;
    const parsed = NotificationHistory.safeParse(historyDoc.get());
    if (!parsed.success) logger.warn('alerts: stored notification history is unreadable; starting afresh');
    history = parsed.success ? parsed.data.slice(0, NOTIFICATION_HISTORY_LIMIT) : [];
    return history;
  }

  const snoozeStore: SnoozeStore = options.snoozeStore ?? {
    get: () => loadMemory().snoozedUntil,
    set: (until) => saveMemory({ ...loadMemory(), snoozedUntil: until }),
  };

  function record(raw: NotificationRecord, zoneName: (zoneId: string) => string | undefined = () => undefined): NotificationRecord {
    const notification = options.present?.(raw) ?? raw;
    let delivered = notification;
    if (notification.shown) {
      try {
        notifier.show({
          id: notification.id,
          title: notification.title,
          body: notification.body,
          severity: notification.severity,
          target: notification.target,
          action: notificationAction(notification, zoneName),
        });
      } catch (error) {
        logger.warn('alerts: the notification could not be shown', { reason: error instanceof Error ? error.message : String(error) });
        delivered = { ...notification, shown: false };
      }
    }
    history = [delivered, ...loadHistory()].slice(0, NOTIFICATION_HISTORY_LIMIT);
    historyDoc.set(history);
    for (const listener of listeners) listener(delivered);
    return delivered;
  }

  function group(events: AlertEvent[], now: number, test: boolean): NotificationRecord | null {
    if (events.length === 0) return null;
    const settings = options.getSettings();
    const suppressedBy = test ? null : suppression(now, settings.quietHours, snoozeStore.get(), timeZone);
    return groupEvents(events, { id: newId(), at: new Date(now).toISOString(), suppressedBy, test });
  }

  return {
    onCycle(input) {
      const now = clock.now();
      const result = evaluate(state, input, options.getSettings().alerts, loadMemory(), now);
      state = result.state;
      saveMemory(result.memory);
      const notification = group(result.events, now, false);
      if (notification === null) return null;
      logger.info('alerts: notification', {
        rules: result.events.map((event) => event.rule),
        shown: notification.shown,
        suppressedBy: notification.suppressedBy,
      });
      return record(notification, (zoneId) => input.snapshot.zones[zoneId]?.zone.name);
    },
    list: () => [...loadHistory()],
    sendTest(rule) {
      const now = clock.now();
      const notification = group([testEvent(rule, options.getSettings().alerts, now)], now, true);
      if (notification === null) throw new Error('a test notification has one event');
      return record(notification);
    },
    snooze(until) {
      const end = snoozeEnd(until, clock.now(), timeZone);
      const snoozedUntil = end === null ? null : new Date(end).toISOString();
      snoozeStore.set(snoozedUntil);
      return snoozedUntil;
    },
    snoozedUntil() {
      const until = snoozeStore.get();
      return isSnoozed(until, clock.now()) ? until : null;
    },
    acknowledgeZone(zone) {
      saveMemory(acknowledgeZone(loadMemory(), zone));
    },
    acknowledgeZones(zones) {
      saveMemory(acknowledgeZones(loadMemory(), zones));
    },
    announce(draft) {
      const now = clock.now();
      const notification = group([{ ...draft, id: newId(), at: new Date(now).toISOString() }], now, false);
      if (notification === null) throw new Error('an announcement has one event');
      return record(notification);
    },
    acknowledgeZoneDeleted(zoneId) {
      saveMemory(acknowledgeZoneDeleted(loadMemory(), zoneId));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
