import type { Snapshot } from '../../../shared/snapshot';
import type { SetAsideTeller } from '../notices/set-aside-notice';
import type { DemoZoneDay, Logger } from '../ports';
import type { ZoneReading } from './ledger-model';
import { createMemoryStore, type DocumentStoreFactory, documentNamesStartingWith, eraseDocument, openDocument, type PersistentDocument } from '../storage/persistence';
import { demoBackfill } from './demo-backfill';
import { ClosedMonthFile, closedMonthFile, closedMonthFromFile, OpenMonthFile, openMonthFile, openMonthFromFile } from './ledger-files';
import { type DerivedMonth, emptyOpenMonth, LAST_AT, type OpenMonth } from './ledger-model';
import { monthName } from './ledger-views';
import { closedMonthDays, closeMonth, deriveOpenMonth, earlierDays, nextOpenMonth } from './month-files';
import { foldReadings, readingsFrom } from './readings';
import { addMonths, monthOf, monthStart } from './utc-calendar';

/** The open month and the twelve closed ones before it: 13 months (docs/architecture.md › The daily ledger). */
export const CLOSED_MONTHS_KEPT = 12;

export type LedgerDeps = {
  profileId: string;
  /** The demo's ledger lives in memory and starts from the service's own record instead of disk. */
  memory: boolean;
  factory: DocumentStoreFactory;
  now: () => number;
  logger: Logger;
  /** Says a ledger file set aside through the app's notices. */
  tell: SetAsideTeller;
};

export type Ledger = {
  /** Folds the cycle's readings in; a reading of a later month first closes the open month (written once). */
  record(snapshot: Snapshot): void;
  /** The same for readings not taken from a snapshot (the demo's warm-up). */
  recordReadings(readings: readonly ZoneReading[]): void;
  /** The demo's past days from its service; nothing else ever calls it (real accounts get no invented history). */
  backfill(days: readonly DemoZoneDay[]): void;
  /** Writes the closed months not on disk yet, then the open month if it changed since (the caller keeps to the cache-save schedule). */
  save(): void;
  /** Every month held, oldest first: closed ones from their files, the open one from its readings. */
  months(): readonly DerivedMonth[];
  /** The newest reading held, epoch ms. */
  lastReadingAt(): number | null;
};

export function ledgerDocumentName(profileId: string, month?: string): string {
  return month === undefined ? `profile-${profileId}-ledger` : `profile-${profileId}-ledger-${month}`;
}

/** Every ledger file of an account, open month and closed ones alike ("Remove account"). */
export function ledgerDocumentNames(factory: DocumentStoreFactory, profileId: string): string[] {
  const open = ledgerDocumentName(profileId);
  return [open, ...documentNamesStartingWith(factory, `${open}-`)];
}

function monthOfDocument(profileId: string, name: string): string | null {
  const month = name.slice(ledgerDocumentName(profileId).length + 1);
  return /^\d{4}-\d{2}$/.test(month) ? month : null;
}

/**
 * One account's daily ledger: the open month's readings in one compact file rewritten on the
 * cache-save schedule, each closed month in a file of its own written once, 13 months in all.
 */
export function createLedger(deps: LedgerDeps): Ledger {
  const { profileId, logger } = deps;
  const factory: DocumentStoreFactory = deps.memory ? (name) => createMemoryStore(name) : deps.factory;
  const setAside = (what: string, consequence: string) => deps.tell({ what, consequence, money: false });
  const closedMonthOptions = (month: string) => ({ compact: true, now: deps.now, onSetAside: setAside(`The daily history of ${monthName(month)}`, 'Its days are missing.') });

  const openDoc: PersistentDocument<OpenMonthFile> = openDocument(factory, ledgerDocumentName(profileId), OpenMonthFile, () => openMonthFile(emptyOpenMonth(monthOf(deps.now()))), logger, {
    compact: true,
    now: deps.now,
    onSetAside: setAside("This month's daily history", 'The ledger starts again from the next update.'),
  });
  let open: OpenMonth = openMonthFromFile(openDoc.get());
  let dirty = false;
  const closed = new Map<string, DerivedMonth>();

  function keepFrom(): string {
    return addMonths(open.month, -CLOSED_MONTHS_KEPT);
  }

  function dropOldMonths(): void {
    for (const month of [...closed.keys()]) if (month < keepFrom()) closed.delete(month);
    if (deps.memory) return;
    for (const name of ledgerDocumentNames(deps.factory, profileId).slice(1)) {
      const month = monthOfDocument(profileId, name);
      if (month !== null && month < keepFrom()) eraseDocument(deps.factory, name);
    }
  }

  if (!deps.memory) {
    for (const name of ledgerDocumentNames(deps.factory, profileId).slice(1)) {
      const month = monthOfDocument(profileId, name);
      if (month === null || month < keepFrom() || month >= open.month) continue;
      const doc = openDocument(deps.factory, name, ClosedMonthFile.nullable(), null, logger, closedMonthOptions(month));
      const file = doc.get();
      if (file !== null && file.month === month) closed.set(month, closedMonthDays(closedMonthFromFile(file)));
    }
    dropOldMonths();
  }

  let derivedOpen: { closed: boolean; month: DerivedMonth } | null = null;
  let lastReading: number | null = null;
  const refreshLastReading = () => {
    lastReading = null;
    for (const zone of Object.values(open.zones)) for (const day of zone.d) if (day?.[LAST_AT] != null && (lastReading === null || day[LAST_AT] > lastReading)) lastReading = day[LAST_AT];
  };
  refreshLastReading();

  /**
   * Closed months whose file has not landed yet, oldest first: written before the open month each
   * time, and until they land the open month's file is not rewritten, so the file on disk still
   * holds the month they close and a restart closes it again (docs/architecture.md › Offline).
   */
  const unwritten = new Map<string, ClosedMonthFile>();

  function writeClosedMonths(): boolean {
    for (const [month, file] of unwritten) {
      try {
        openDocument(deps.factory, ledgerDocumentName(profileId, month), ClosedMonthFile.nullable(), null, logger, { ...closedMonthOptions(month), durable: true }).set(file);
      } catch (err) {
        logger.error('ledger: could not write a closed month; kept in memory and tried again at the next save', { month, error: err });
        return false;
      }
      unwritten.delete(month);
    }
    return true;
  }

  function close(month: string): void {
    const file = closeMonth(open, earlierDays(closed.values(), open.month));
    if (Object.keys(file.zones).length > 0) {
      if (!deps.memory) {
        unwritten.set(open.month, closedMonthFile(file));
        writeClosedMonths();
      }
      closed.set(open.month, closedMonthDays(file));
    }
    open = nextOpenMonth(open, month);
    dirty = true;
    dropOldMonths();
  }

  function recordReadings(readings: readonly ZoneReading[]): void {
    if (readings.length === 0) return;
    const month = monthOf(readings[0]!.at);
    if (month > open.month) close(month);
    if (foldReadings(open, readings)) {
      dirty = true;
      derivedOpen = null;
      refreshLastReading();
    }
  }

  return {
    record: (snapshot) => recordReadings(readingsFrom(snapshot)),
    recordReadings,
    backfill(days) {
      const filled = demoBackfill(days, deps.now());
      for (const file of filled.closed) if (file.month >= addMonths(filled.open.month, -CLOSED_MONTHS_KEPT)) closed.set(file.month, closedMonthDays(file));
      open = filled.open;
      derivedOpen = null;
      dirty = true;
    },
    save() {
      if (!dirty || !writeClosedMonths()) return;
      dirty = false;
      try {
        openDoc.set(openMonthFile(open));
      } catch (err) {
        logger.error('ledger: could not save the open month', { error: err });
      }
    },
    months() {
      const now = deps.now();
      // Once its month is over no reading can add to it: its last days are estimated, not "so far".
      const isClosed = now >= monthStart(addMonths(open.month, 1));
      if (derivedOpen === null || derivedOpen.closed !== isClosed) derivedOpen = { closed: isClosed, month: deriveOpenMonth(open, isClosed, earlierDays(closed.values(), open.month)) };
      return [...closed.values(), derivedOpen.month].sort((a, b) => a.month.localeCompare(b.month));
    },
    lastReadingAt: () => lastReading,
  };
}
