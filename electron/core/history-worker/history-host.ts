import type { Logger } from '../ports';
import type { SetAsideTeller } from '../notices/set-aside-notice';
import { type HistoryDatabase, IN_MEMORY, openHistoryDatabase, replaceDamagedDatabase } from '../history-db/history-database';
import { createIntradayRows, type IntradayRows } from '../history-db/intraday-rows';
import { networkFolderWarning } from '../history-db/network-folder';
import { createSqliteLedger, type SqliteLedger } from '../history-db/sqlite-ledger';
import { type HistoryOp, type HistoryOps, type HistoryReply, type HistoryRequest, plainError } from './protocol';
import type { QueryRegistry } from './query-registry';

// What runs where the database is (docs/architecture.md › The history database): one database for
// the data folder, a ledger and an intraday store per account, the named queries. The worker
// thread and the in-thread channel both answer through it, so both behave alike.

export type HistoryHostDeps = {
  folder: string;
  now: () => number;
  logger: Logger;
  tell: SetAsideTeller;
  queries: QueryRegistry;
  /** Moves an account's JSON files into the database (migrate-files.ts); absent: nothing to move. */
  migrate?: (database: HistoryDatabase, profileId: string) => HistoryOps['migrate']['result'] | Promise<HistoryOps['migrate']['result']>;
  /** What the worker's heap holds (process.memoryUsage where there is one). */
  heapUsed?: (gc: boolean) => number;
};

export type HistoryHost = { handle(request: HistoryRequest): Promise<HistoryReply> };

type Handlers = { [O in HistoryOp]: (args: HistoryOps[O]['args']) => HistoryOps[O]['result'] | Promise<HistoryOps[O]['result']> };

export function createHistoryHost(deps: HistoryHostDeps): HistoryHost {
  let database: Promise<HistoryDatabase> | null = null;
  let closed = false;
  const ledgers = new Map<string, SqliteLedger>();
  const intraday = new Map<string, IntradayRows>();
  const openDeps = { folder: deps.folder, now: deps.now, logger: deps.logger, tell: deps.tell };

  function opened(): Promise<HistoryDatabase> {
    if (closed) return Promise.reject(new Error('The history is closed: Zonewatch is quitting.'));
    database ??= openHistoryDatabase(openDeps).then((db) => {
      const warning = deps.folder === IN_MEMORY ? null : networkFolderWarning(deps.folder);
      if (warning !== null) deps.logger.warn(`history: ${warning}`);
      return db;
    });
    return database;
  }

  async function ledgerOf(profileId: string): Promise<SqliteLedger> {
    const db = await opened();
    let ledger = ledgers.get(profileId);
    if (!ledger) ledgers.set(profileId, (ledger = createSqliteLedger({ database: db, profileId, now: deps.now, logger: deps.logger })));
    return ledger;
  }

  async function intradayOf(profileId: string): Promise<IntradayRows> {
    const db = await opened();
    let store = intraday.get(profileId);
    if (!store) intraday.set(profileId, (store = createIntradayRows({ database: db, profileId, now: deps.now, logger: deps.logger })));
    return store;
  }

  const handlers: Handlers = {
    async record({ profileId, readings }) {
      const ledger = await ledgerOf(profileId);
      ledger.recordReadings(readings);
      return { lastReadingAt: ledger.lastReadingAt() };
    },
    async backfill({ profileId, days }) {
      (await ledgerOf(profileId)).backfill(days);
      return null;
    },
    lastReadingAt: async ({ profileId }) => (await ledgerOf(profileId)).lastReadingAt(),
    async query({ profileId, name, args }) {
      const query = deps.queries.get(name);
      if (!query) throw new Error(`The history has no query named ${name}.`);
      return query(await ledgerOf(profileId), args);
    },
    async intradaySave({ profileId, points, keep }) {
      (await intradayOf(profileId)).save(points, keep);
      return null;
    },
    intradayRestore: async ({ profileId, points }) => (await intradayOf(profileId)).restore(points),
    async forget({ profileId }) {
      const { db } = await opened();
      const row = db.prepare<[string], { account: number }>('SELECT account FROM account WHERE profile_id = ?').get(profileId);
      if (row) {
        db.transaction(() => {
          for (const table of ['open_zone', 'open_reading', 'zone_month', 'zone_day', 'account_day', 'account_month', 'intraday_sample', 'migrated', 'account']) db.prepare(`DELETE FROM ${table} WHERE account = ?`).run(row.account);
        })();
      }
      ledgers.delete(profileId);
      intraday.delete(profileId);
      return null;
    },
    async check() {
      const current = await opened();
      const problem = current.quickCheck();
      if (problem !== null) {
        // Every account starts again; this month is read again from the service by the next polls.
        ledgers.clear();
        intraday.clear();
        database = replaceDamagedDatabase(current, problem, openDeps);
        await database;
      }
      return { problem };
    },
    async checkpoint({ mode }) {
      (await opened()).checkpoint(mode);
      return null;
    },
    heap: ({ gc }) => deps.heapUsed?.(gc) ?? 0,
    async migrate({ profileId }) {
      if (!deps.migrate) return { moved: false, months: 0, setAside: [] };
      const db = await opened();
      ledgers.delete(profileId);
      intraday.delete(profileId);
      return deps.migrate(db, profileId);
    },
    async close() {
      if (closed) return null;
      const current = database;
      closed = true;
      ledgers.clear();
      intraday.clear();
      if (current) (await current).close();
      return null;
    },
  };

  return {
    async handle(request) {
      try {
        const handler = handlers[request.op] as (args: unknown) => unknown;
        return { id: request.id, ok: true, result: await handler(request.args) };
      } catch (err) {
        return { id: request.id, ok: false, error: plainError(err) };
      }
    },
  };
}
