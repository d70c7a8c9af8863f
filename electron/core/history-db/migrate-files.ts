import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { HistoryPoint } from '../../../shared/history';
import type { Logger } from '../ports';
import type { SetAsideTeller } from '../notices/set-aside-notice';
import { IntradayFile, withZoneDetail } from '../intraday/intraday-file';
import { intradayDocumentName } from '../intraday/intraday-store';
import { ClosedMonthFile, closedMonthFromFile, OpenMonthFile, openMonthFromFile } from '../ledger/ledger-files';
import { type DerivedMonth, type DerivedZoneMonth, LAST_AT } from '../ledger/ledger-model';
import { createLedger, ledgerDocumentName, ledgerDocumentNames } from '../ledger/ledger-store';
import { deriveOpenMonth } from '../ledger/month-files';
import { monthName } from '../ledger/ledger-views';
import { confStoreFactory, type DocumentStoreFactory, openDocument } from '../storage/persistence';
import { removeLeftoverTempFiles } from '../storage/store-folder';
import type { HistoryDatabase } from './history-database';
import { closedRows } from './closed-rows';
import { earlierFromRows } from './earlier-rows';
import { openRows } from './open-rows';
import { createSqliteLedger } from './sqlite-ledger';

// The move of an account's JSON ledger and intraday files into the history database
// (docs/architecture.md › The history database: moving the JSON files), run in the worker at
// the first start of the version that has it. Each file lands in its own transaction together
// with its line in `migrated`, so a move cut short resumes after the last file it finished and
// never writes a day twice; the files are removed only once the database gives the same months.

export type MigrationResult = { moved: boolean; months: number; setAside: string[] };
export type MigrateDeps = { database: HistoryDatabase; folder: string; profileId: string; now: () => number; logger: Logger; tell: SetAsideTeller };

const silentTell: SetAsideTeller = () => () => undefined;
/** The `migrated` line that says the database was found to give the files' months. */
const VERIFIED = '(verified)';

function fileOf(factory: DocumentStoreFactory, name: string): string | null {
  return factory.pathOf?.(name) ?? null;
}

/** The ledger's months as the JSON files give them (createLedger reads them as the app did). */
function jsonMonths(deps: MigrateDeps, factory: DocumentStoreFactory): readonly DerivedMonth[] {
  return createLedger({ profileId: deps.profileId, memory: false, factory, now: deps.now, logger: deps.logger, tell: silentTell }).months();
}

export function migrateFiles(deps: MigrateDeps): MigrationResult {
  const { database, profileId, logger } = deps;
  const { db } = database;
  const factory = confStoreFactory(deps.folder);
  const names = ledgerDocumentNames(factory, profileId).filter((name) => fs.existsSync(fileOf(factory, name) ?? ''));
  const intradayName = intradayDocumentName(profileId);
  const hasIntraday = fs.existsSync(fileOf(factory, intradayName) ?? '');
  if (names.length === 0 && !hasIntraday) return { moved: false, months: 0, setAside: [] };

  removeLeftoverTempFiles(deps.folder, logger);
  const setAside: string[] = [];
  const tell: SetAsideTeller = (meaning) => (event) => {
    if (event.setAside !== null) setAside.push(event.setAside);
    deps.tell(meaning)(event);
  };
  const open = openRows(db);
  const closed = closedRows(db);
  const account = open.account(profileId).account;
  const done = new Set(db.prepare<[number], { source: string }>('SELECT source FROM migrated WHERE account = ?').all(account).map((row) => row.source));
  const mark = db.prepare('INSERT OR IGNORE INTO migrated (account, source) VALUES (?, ?)');
  const options = (what: string, consequence: string) => ({ compact: true, now: deps.now, onSetAside: tell({ what, consequence, money: false }) });
  const openName = ledgerDocumentName(profileId);
  let months = 0;

  // The closed months first, oldest first, each in its transaction with its mark.
  for (const name of names.filter((n) => n !== openName).sort()) {
    if (done.has(name)) continue;
    const file = openDocument(factory, name, ClosedMonthFile.nullable(), null, logger, options(`The daily history of ${monthName(name.slice(-7))}`, 'Its days are missing.')).get();
    db.transaction(() => {
      if (file !== null && name.endsWith(file.month)) closed.write(account, closedMonthFromFile(file));
      mark.run(account, name);
    })();
    months += 1;
  }

  // The open month last: its totals are derived with the closed months already in.
  if (names.includes(openName) && !done.has(openName)) {
    const file = openDocument(factory, openName, OpenMonthFile.nullable(), null, logger, options("This month's daily history", 'The ledger starts again from the next update.')).get();
    db.transaction(() => {
      if (file !== null) {
        const month = openMonthFromFile(file);
        open.replace(account, month);
        let newest: number | null = null;
        for (const zone of Object.values(month.zones)) for (const day of zone.d) if (day?.[LAST_AT] != null && (newest === null || day[LAST_AT] > newest)) newest = day[LAST_AT];
        open.setAccount(account, month.month, newest);
        const derived = deriveOpenMonth(month, false, earlierFromRows(closed, account, month.month));
        closed.writeTotals(account, { month: month.month, closed: false, zones: derived.zones as DerivedZoneMonth[] });
      }
      mark.run(account, openName);
    })();
    months += 1;
  }

  if (hasIntraday && !done.has(intradayName)) {
    const file = openDocument(factory, intradayName, IntradayFile.nullable(), null, logger, options('The last 48 hours of per-zone history', 'Per-zone spike alerts need an hour of new updates.')).get();
    const insert = db.prepare('INSERT OR REPLACE INTO intraday_sample (account, t, zone_id, spend_today, spend_month, throughput) VALUES (?, ?, ?, ?, ?, ?)');
    db.transaction(() => {
      const bare = (file?.points ?? []).map((p): HistoryPoint => ({ t: p.t, balanceCents: null, spendTodayCents: 0, spendMonthCents: 0, throughputBps: 0, zones: {} }));
      for (const point of file === null ? [] : withZoneDetail(bare, file, deps.now())) for (const [zoneId, sample] of Object.entries(point.zones)) insert.run(account, point.t, zoneId, sample.s, sample.m, sample.b);
      mark.run(account, intradayName);
    })();
  }

  // Verified, then removed: the database must give the months the files still give. The
  // verification is marked, so a removal cut short is finished by the next start, not compared
  // again against the files it had already removed.
  if (!done.has(VERIFIED)) {
    const fromFiles = jsonMonths(deps, factory);
    const fromDatabase = createSqliteLedger({ database, profileId, now: deps.now, logger }).months();
    if (!isDeepStrictEqual(fromDatabase, fromFiles)) {
      logger.error('history: the database does not give the months the JSON files give; the files are kept', { profileId });
      return { moved: false, months, setAside };
    }
    mark.run(account, VERIFIED);
  }
  for (const name of [...ledgerDocumentNames(factory, profileId), intradayName]) {
    const file = fileOf(factory, name);
    if (file !== null) fs.rmSync(file, { force: true });
  }
  logger.info('history: moved the JSON ledger and intraday files into the database', { profileId, months });
  return { moved: true, months, setAside };
}
