import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertMemory, emptyAlertMemory } from '../../../../electron/core/alerts/alert-memory';
import {
  type AlertCenterSettings,
  type StoredDocument,
  NOTIFICATION_HISTORY_LIMIT,
  NotificationHistory,
  createAlertCenter,
} from '../../../../electron/core/alerts/alert-center';
import type { AlertInput } from '../../../../electron/core/alerts/alert-input';
import { confStoreFactory, openDocument } from '../../../../electron/core/storage/persistence';
import type { Logger, Notifier } from '../../../../electron/core/ports';
import { QuietHours } from '../../../../shared/settings';
import type { NotificationRecord } from '../../../../shared/notification';
import { MINUTE, account, alertInput, historyPoint, only, snapshot, status, zone } from './alert-scenario';

const T0 = Date.parse('2026-11-22T10:00:00Z');

function memoryDocument<T>(initial: T): StoredDocument<T> & { writes: number } {
  let value = initial;
  const doc = {
    writes: 0,
    get: () => value,
    set: (next: T) => {
      value = JSON.parse(JSON.stringify(next)) as T;
      doc.writes += 1;
    },
  };
  return doc;
}

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

function recordingNotifier(): Notifier & { shown: string[] } {
  const shown: string[] = [];
  return { shown, show: (n) => void shown.push(n.title) };
}

interface Harness {
  now: number;
  settings: AlertCenterSettings;
}

function setup(
  harness: Harness,
  docs: { memoryDoc?: StoredDocument<AlertMemory>; historyDoc?: StoredDocument<NotificationHistory> } = {},
) {
  const notifier = recordingNotifier();
  let n = 0;
  const center = createAlertCenter({
    notifier,
    memoryDoc: docs.memoryDoc ?? memoryDocument(emptyAlertMemory()),
    historyDoc: docs.historyDoc ?? memoryDocument<NotificationHistory>([]),
    clock: { now: () => harness.now },
    getSettings: () => harness.settings,
    logger: silent,
    timeZone: 'UTC',
    newId: () => `n${++n}`,
  });
  return { center, notifier };
}

function input(at: number, balanceCents: number, extra: Partial<Omit<AlertInput, 'figures'>> = {}): AlertInput {
  const snap = snapshot(at, { account: account({ balanceCents }), zones: [zone('A')] });
  return alertInput({ snapshot: snap, history: [historyPoint(snap, at)], status: status(at), billing: null, ...extra }, at);
}

const lowBalanceOnly = (quiet: Partial<QuietHours> = {}): AlertCenterSettings => ({
  alerts: only({ lowBalance: { thresholdCents: 1_000 }, connection: {} }),
  quietHours: QuietHours.parse(quiet),
});

describe('the alert center', () => {
  it('shows one notification for a cycle, records it and tells subscribers', () => {
    const harness = { now: T0, settings: lowBalanceOnly() };
    const { center, notifier } = setup(harness);
    const pushed: NotificationRecord[] = [];
    center.subscribe((record) => pushed.push(record));
    expect(center.onCycle(input(T0, 5_000))).toBeNull();
    const record = center.onCycle(input(T0 + MINUTE, 500));
    expect(record).toMatchObject({ id: 'n1', title: 'Balance is low: $5.00', shown: true, suppressedBy: null, test: false });
    expect(notifier.shown).toEqual(['Balance is low: $5.00']);
    expect(center.list()).toEqual([record]);
    expect(pushed).toEqual([record]);
  });

  it('groups several events of a cycle into one notification', () => {
    const harness = { now: T0, settings: lowBalanceOnly() };
    const { center, notifier } = setup(harness);
    center.onCycle(input(T0, 5_000));
    harness.now = T0 + 20 * MINUTE;
    const stale = new Date(T0).toISOString();
    center.onCycle(input(harness.now, 500, { status: status(harness.now, { lastSuccessAt: stale, consecutiveFailures: 3 }) }));
    expect(notifier.shown).toEqual(['2 Zonewatch alerts']);
    expect(center.list()[0]!.events.map((e) => e.rule).sort()).toEqual(['connection', 'lowBalance']);
  });

  it('records but does not show notifications during quiet hours', () => {
    const harness = { now: T0, settings: lowBalanceOnly({ enabled: true, start: '09:00', end: '11:00' }) };
    const { center, notifier } = setup(harness);
    center.onCycle(input(T0, 5_000));
    const record = center.onCycle(input(T0 + MINUTE, 500));
    expect(record).toMatchObject({ shown: false, suppressedBy: 'quiet_hours' });
    expect(notifier.shown).toEqual([]);
    expect(center.list()).toHaveLength(1);
  });

  it('records but does not show notifications while snoozed, and shows them again after', () => {
    const harness = { now: T0, settings: lowBalanceOnly() };
    const { center, notifier } = setup(harness);
    expect(center.snooze('1h')).toBe('2026-11-22T11:00:00.000Z');
    expect(center.snoozedUntil()).toBe('2026-11-22T11:00:00.000Z');
    center.onCycle(input(T0, 5_000));
    harness.now = T0 + MINUTE;
    expect(center.onCycle(input(harness.now, 500))).toMatchObject({ shown: false, suppressedBy: 'snooze' });
    harness.now = T0 + 61 * MINUTE;
    expect(center.snoozedUntil()).toBeNull();
    center.onCycle(input(harness.now, 5_000));
    center.onCycle(input(harness.now + MINUTE, 500));
    expect(notifier.shown).toEqual(['Balance is low: $5.00']);
    expect(center.snooze('off')).toBeNull();
  });

  it('sends a test notification per rule, marked as a test, even while snoozed', () => {
    const harness = { now: T0, settings: lowBalanceOnly() };
    const { center, notifier } = setup(harness);
    center.snooze('tomorrow');
    const record = center.sendTest('spike');
    expect(record).toMatchObject({ test: true, shown: true, title: 'Test: Spend spike' });
    expect(record.events[0]).toMatchObject({ rule: 'spike' });
    expect(notifier.shown).toEqual(['Test: Spend spike']);
    expect(center.list()[0]).toEqual(record);
  });

  it(`keeps the last ${NOTIFICATION_HISTORY_LIMIT} notifications, newest first`, () => {
    const harness = { now: T0, settings: lowBalanceOnly() };
    const historyDoc = memoryDocument<NotificationHistory>([]);
    const { center } = setup(harness, { historyDoc });
    for (let i = 0; i < NOTIFICATION_HISTORY_LIMIT + 5; i += 1) center.sendTest('billing');
    const list = center.list();
    expect(list).toHaveLength(NOTIFICATION_HISTORY_LIMIT);
    expect(list[0]!.id).toBe(`n${NOTIFICATION_HISTORY_LIMIT + 5}`);
    expect(historyDoc.get()).toHaveLength(NOTIFICATION_HISTORY_LIMIT);
  });

  it('keeps recording when the notifier fails, marking the notification as not shown', () => {
    const harness = { now: T0, settings: lowBalanceOnly() };
    const center = createAlertCenter({
      notifier: { show: () => { throw new Error('no notification server'); } },
      memoryDoc: memoryDocument(emptyAlertMemory()),
      historyDoc: memoryDocument<NotificationHistory>([]),
      clock: { now: () => harness.now },
      getSettings: () => harness.settings,
      logger: silent,
    });
    expect(center.sendTest('billing')).toMatchObject({ shown: false });
    expect(center.list()).toHaveLength(1);
  });

  it('does not report the app’s own zone change as made elsewhere', () => {
    const harness = { now: T0, settings: { alerts: only({ zoneState: {} }), quietHours: QuietHours.parse({}) } };
    const { center } = setup(harness);
    const snap = (enabled: boolean) => snapshot(harness.now, { zones: [zone('A', { enabled })] });
    center.onCycle(alertInput({ snapshot: snap(true), history: [], status: status(T0), billing: null }, T0));
    center.acknowledgeZone(zone('A', { enabled: false }));
    harness.now += MINUTE;
    expect(center.onCycle(alertInput({ snapshot: snap(false), history: [], status: status(harness.now), billing: null }, harness.now))).toBeNull();
  });
});

describe('a restart', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('never repeats an alert: the memory survives in its file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-alerts-'));
    dirs.push(dir);
    const factory = confStoreFactory(dir);
    const open = () => ({
      memoryDoc: openDocument(factory, 'alert-memory', AlertMemory, emptyAlertMemory, undefined, { now: () => Date.now(), onSetAside: () => undefined }),
      historyDoc: openDocument(factory, 'notifications', NotificationHistory, [], undefined, { now: () => Date.now(), onSetAside: () => undefined }),
    });
    const harness = { now: T0, settings: { alerts: only({ lowBalance: { thresholdCents: 1_000 }, spendToday: { thresholdsCents: [1_000] }, connection: {}, zoneState: {} }), quietHours: QuietHours.parse({}) } };
    const rejected = (at: number) => status(at, { auth: 'rejected', poll: 'stopped_unauthorized', consecutiveFailures: 1 });
    const cycle = (at: number, enabled: boolean) => {
      const snap = snapshot(at, { account: account({ balanceCents: 500 }), zones: [zone('A', { spend_today_cents: 2_000, enabled })] });
      return alertInput({ snapshot: snap, history: [historyPoint(snap, at)], status: rejected(at), billing: null }, at);
    };

    const first = setup(harness, open());
    first.center.onCycle(cycle(T0, true));
    // The spend threshold already passed at the first look is marked said, not shown.
    expect(first.notifier.shown).toEqual(['2 Zonewatch alerts']);

    harness.now = T0 + 5 * MINUTE;
    const second = setup(harness, open());
    expect(second.center.list()).toHaveLength(1);
    expect(second.center.onCycle(cycle(harness.now, true))).toBeNull();
    // Still remembers the zone as it was: a change made while the app was closed is news, once.
    harness.now += MINUTE;
    expect(second.center.onCycle(cycle(harness.now, false))?.title).toBe('Zone A was disabled');
    const third = setup(harness, open());
    harness.now += MINUTE;
    expect(third.center.onCycle(cycle(harness.now, false))).toBeNull();
    expect(second.notifier.shown.length + third.notifier.shown.length).toBe(1);
  });

  it('round-trips the memory through JSON and its schema unchanged', () => {
    const harness = { now: T0, settings: lowBalanceOnly() };
    const memoryDoc = memoryDocument(emptyAlertMemory());
    const { center } = setup(harness, { memoryDoc });
    center.onCycle(input(T0, 500, { status: status(T0, { auth: 'rejected', consecutiveFailures: 1 }) }));
    const stored = memoryDoc.get();
    expect(Object.keys(stored.latches).length).toBeGreaterThan(0);
    expect(AlertMemory.parse(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
  });

  it('starts afresh from an unreadable memory instead of failing', () => {
    const harness = { now: T0, settings: lowBalanceOnly() };
    const { center } = setup(harness, { memoryDoc: memoryDocument({ version: 7 } as unknown as AlertMemory) });
    expect(center.onCycle(input(T0, 500))?.title).toBe('Balance is low: $5.00');
  });
});
