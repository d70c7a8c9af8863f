import type { LedgerCalendar } from '../../../shared/ledger';
import type { Logger } from '../ports';
import { CLOSED_MONTHS_KEPT, type Ledger } from '../ledger/ledger-store';
import { demoBackfill } from '../ledger/demo-backfill';
import { deriveZoneMonth } from '../ledger/derive-month';
import { type DerivedMonth, type DerivedZoneMonth, LAST_AT, type OpenMonth, type ZoneReading } from '../ledger/ledger-model';
import { accountDays, monthsBefore } from '../ledger/ledger-views';
import { closeMonth, deriveOpenMonth, earlierDays, nextOpenMonth } from '../ledger/month-files';
import { foldReadings, readingsFrom } from '../ledger/readings';
import { addMonths, domOf, monthOf, monthStart } from '../ledger/utc-calendar';
import type { HistoryDatabase } from './history-database';
import { closedRows, type MonthSlice } from './closed-rows';
import { bandStart, earlierFromRows } from './earlier-rows';
import { openRows } from './open-rows';
import { writeFailure } from './write-failure';

// One account's daily ledger over the history database (docs/architecture.md › The history
// database): the same months as ledger-store.ts › createLedger for the same readings, but each
// cycle writes only the zone-days it changed, with the account totals they sum, in one transaction.

export type SqliteLedger = Ledger & {
  /** The calendar from the account totals: no zone-day is read (docs/architecture.md › The history database). */
  calendar(): LedgerCalendar;
  /** The months of a slice (all when empty), the open one derived from its readings. */
  slice(slice: MonthSlice): DerivedMonth[];
  /** The months `dayView` needs for one day (`YYYY-MM-DD`): a closed month's only that day's rows. */
  dayMonths(day: string): DerivedMonth[];
};

export type SqliteLedgerDeps = { database: HistoryDatabase; profileId: string; now: () => number; logger: Logger };

export function createSqliteLedger(deps: SqliteLedgerDeps): SqliteLedger {
  const { db } = deps.database;
  const openTable = openRows(db);
  const closedTable = closedRows(db);
  const held = openTable.account(deps.profileId);
  const account = held.account;
  /** The open month's key as the rows (or, before any reading, the clock at creation) say. */
  let monthHeld = held.openMonth ?? monthOf(deps.now());
  let lastReading = held.lastReadingAt;
  if (held.openMonth === null) openTable.setAccount(account, monthHeld, null);
  /** The open month's readings, read on first need (the calendar needs none of them). */
  let open: OpenMonth | null = null;
  /** Each open zone's days as last derived (not closed), for the open month's account totals. */
  let derivedZones = new Map<string, DerivedZoneMonth>();

  closedTable.prune(account, addMonths(monthHeld, -CLOSED_MONTHS_KEPT));

  function loaded(): OpenMonth {
    open ??= openTable.load(account, monthHeld);
    return open;
  }

  function transaction(what: string, work: () => void): void {
    try {
      db.transaction(work)();
      if (open) monthHeld = open.month;
    } catch (err) {
      // The transaction rolled back: every day written before it is as it was, and the memory,
      // which may be ahead of the rows, is read from them again on next need.
      const row = openTable.account(deps.profileId);
      monthHeld = row.openMonth ?? monthHeld;
      lastReading = row.lastReadingAt;
      open = null;
      derivedZones = new Map();
      throw writeFailure(err, what, deps.logger);
    }
  }

  /** Each open zone's days as derived not closed, from the cache (derived for `changed` and any not cached). */
  function openZones(current: OpenMonth, changed: Iterable<string> = []): DerivedZoneMonth[] {
    const earlier = earlierFromRows(closedTable, account, current.month);
    for (const zoneId of changed) derivedZones.set(zoneId, deriveZoneMonth(current.month, zoneId, current.zones[zoneId]!, false, earlier(zoneId)));
    const zones: DerivedZoneMonth[] = [];
    for (const zoneId of Object.keys(current.zones)) {
      let zone = derivedZones.get(zoneId);
      if (!zone) derivedZones.set(zoneId, (zone = deriveZoneMonth(current.month, zoneId, current.zones[zoneId]!, false, earlier(zoneId))));
      if (zone.days.length > 0) zones.push(zone);
    }
    return zones;
  }

  /** The open month's totals from its zones' current derivation (re-derived for `changed`). */
  function writeOpenTotals(current: OpenMonth, changed: Iterable<string>): void {
    closedTable.writeTotals(account, { month: current.month, closed: false, zones: openZones(current, changed) });
  }

  function close(current: OpenMonth, month: string): OpenMonth {
    // Every zone's last days are estimated from its usual days: the months a usual band reaches are read whole, once.
    const file = closeMonth(current, earlierDays(closedTable.read(account, { from: bandStart(current.month), to: addMonths(current.month, -1) }), current.month));
    // The month let go first: the closed month's rows then fill the pages it freed, and the file
    // does not grow by a month each close.
    closedTable.prune(account, addMonths(month, -CLOSED_MONTHS_KEPT));
    if (Object.keys(file.zones).length > 0) closedTable.write(account, file);
    const next = nextOpenMonth(current, month);
    openTable.replace(account, next);
    derivedZones = new Map();
    closedTable.writeTotals(account, { month, closed: false, zones: [] });
    return next;
  }

  function newestReading(current: OpenMonth): number | null {
    let newest: number | null = null;
    for (const zone of Object.values(current.zones)) for (const day of zone.d) if (day?.[LAST_AT] != null && (newest === null || day[LAST_AT] > newest)) newest = day[LAST_AT];
    return newest;
  }

  function recordReadings(readings: readonly ZoneReading[]): void {
    if (readings.length === 0) return;
    transaction('a poll cycle', () => {
      let current = loaded();
      const month = monthOf(readings[0]!.at);
      if (month > current.month) open = current = close(current, month);
      const before = new Map(readings.map((r) => [`${r.zoneId}/${domOf(r.at)}`, current.zones[r.zoneId]?.d[domOf(r.at) - 1]]));
      const names = new Map(Object.entries(current.zones).map(([zoneId, zone]) => [zoneId, zone.n]));
      if (foldReadings(current, readings)) {
        const changed = new Set<string>();
        // A zone met for the first time goes after every one held, in the order the fold met them.
        let nextPos = names.size;
        for (const reading of readings) {
          const dom = domOf(reading.at);
          const zone = current.zones[reading.zoneId];
          const day = zone?.d[dom - 1];
          if (!zone || !day || day === before.get(`${reading.zoneId}/${dom}`)) continue;
          before.set(`${reading.zoneId}/${dom}`, day);
          changed.add(reading.zoneId);
          openTable.writeDay(account, reading.zoneId, dom, day);
          if (!names.has(reading.zoneId)) openTable.writeZone(account, reading.zoneId, nextPos++, zone);
          else if (names.get(reading.zoneId) !== zone.n) openTable.renameZone(account, reading.zoneId, zone.n);
          names.set(reading.zoneId, zone.n);
        }
        lastReading = newestReading(current);
        writeOpenTotals(current, changed);
      }
      openTable.setAccount(account, current.month, lastReading);
    });
  }

  function monthsOf(slice: MonthSlice): DerivedMonth[] {
    const current = loaded();
    // Once its month is over no reading can add to it: its last days are estimated, not "so far".
    const isClosed = deps.now() >= monthStart(addMonths(current.month, 1));
    const closed = closedTable.read(account, { ...slice, to: slice.to !== undefined && slice.to < current.month ? slice.to : addMonths(current.month, -1) });
    const inSlice = (slice.from === undefined || slice.from <= current.month) && (slice.to === undefined || slice.to >= current.month);
    if (!inSlice) return closed;
    if (!isClosed) {
      // The month still open: its zones as last derived (a poll cycle keeps them current).
      const zones = openZones(current).filter((zone) => slice.zoneId === undefined || zone.zoneId === slice.zoneId);
      return [...closed, { month: current.month, closed: false, zones }];
    }
    const only = slice.zoneId === undefined ? current : { ...current, zones: current.zones[slice.zoneId] ? { [slice.zoneId]: current.zones[slice.zoneId]! } : {} };
    return [...closed, deriveOpenMonth(only, true, earlierFromRows(closedTable, account, current.month))];
  }

  return {
    record: (snapshot) => recordReadings(readingsFrom(snapshot)),
    recordReadings,
    backfill(days) {
      const filled = demoBackfill(days, deps.now());
      transaction('the demo history', () => {
        for (const file of filled.closed) if (file.month >= addMonths(filled.open.month, -CLOSED_MONTHS_KEPT)) closedTable.write(account, file);
        openTable.replace(account, filled.open);
        open = filled.open;
        derivedZones = new Map();
        writeOpenTotals(filled.open, []);
        openTable.setAccount(account, filled.open.month, lastReading);
      });
    },
    // Every cycle commits its own transaction: nothing waits for a save.
    save: () => undefined,
    months: () => monthsOf({}),
    slice: monthsOf,
    dayMonths(day) {
      const month = day.slice(0, 7);
      if (month >= (open?.month ?? monthHeld)) return monthsOf({ from: month, to: month });
      return [closedTable.readDay(account, month, Number(day.slice(8, 10)))];
    },
    lastReadingAt: () => lastReading,
    calendar() {
      const { days, before } = closedTable.totals(account);
      const calendar = { days, before, lastReadingAt: lastReading === null ? null : new Date(lastReading).toISOString() };
      const month = open?.month ?? monthHeld;
      if (deps.now() < monthStart(addMonths(month, 1))) return calendar;
      // The open month is over without a later reading: its last days are estimated now, which its stored totals predate.
      const ended = deriveOpenMonth(loaded(), true, earlierFromRows(closedTable, account, month));
      return {
        ...calendar,
        days: [...days.filter((day) => !day.day.startsWith(month)), ...accountDays([ended])],
        before: [...before.filter((b) => b.month !== month), ...monthsBefore([ended])],
      };
    },
  };
}
