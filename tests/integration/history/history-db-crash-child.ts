// The process history-db-crash.test.ts kills: the history as the worker runs it (history-host.ts),
// on a data folder, either writing poll cycles from a given one on, each acknowledged on stdout
// once its reply came, or moving the folder's JSON files into the database.
// Run: node --import tsx history-db-crash-child.ts write <folder> <first cycle>
//   or: node --import tsx history-db-crash-child.ts migrate <folder> <now> <profile>
import type { Logger } from '../../../electron/core/ports';
import { createHistoryHost } from '../../../electron/core/history-worker/history-host';
import { migrateFiles } from '../../../electron/core/history-db/migrate-files';
import { CRASH_PROFILE, cycleAt, cycleReadings } from './history-db-crash-cycles';

const [mode, folder, from, profile] = process.argv.slice(2);
if ((mode !== 'write' && mode !== 'migrate') || !folder || from === undefined) throw new Error('usage: history-db-crash-child.ts write <folder> <first cycle> | migrate <folder> <now> <profile>');
const say = (line: string) => process.stdout.write(`${line}\n`);
const logger: Logger = { info: () => undefined, warn: (message) => say(`warn ${message}`), error: (message) => say(`error ${message}`) };

if (mode === 'write') {
  let at = cycleAt(Number(from));
  const host = createHistoryHost({ folder, now: () => at, logger, tell: () => () => undefined, queries: new Map() });
  for (let i = Number(from); ; i += 1) {
    at = cycleAt(i);
    const reply = await host.handle({ id: i, op: 'record', args: { profileId: CRASH_PROFILE, readings: cycleReadings(i) } });
    if (!reply.ok) throw new Error(reply.error);
    say(`ack ${i}`);
  }
} else {
  const now = Number(from);
  const host = createHistoryHost({
    folder,
    now: () => now,
    logger,
    tell: () => () => undefined,
    queries: new Map(),
    migrate: (database, profileId) =>
      migrateFiles({
        database,
        folder,
        profileId,
        now: () => now,
        logger,
        // Said between two files' transactions, and held there a moment: the test's kill lands between them.
        tell: () => () => {
          say('set-aside');
          const until = Date.now() + 300;
          while (Date.now() < until);
        },
      }),
  });
  say('migrating');
  const reply = await host.handle({ id: 1, op: 'migrate', args: { profileId: profile ?? '' } });
  if (!reply.ok) throw new Error(reply.error);
  say(`done ${JSON.stringify(reply.result)}`);
  await host.handle({ id: 2, op: 'close', args: {} });
}
