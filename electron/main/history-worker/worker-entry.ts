import { parentPort, workerData } from 'node:worker_threads';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createHistoryHost } from '../../core/history-worker/history-host';
import { type HistoryEvent, isHistoryRequest } from '../../core/history-worker/protocol';
import { type PackedReadings, unpackReadings } from '../../core/history-worker/packed-readings';
import { HISTORY_QUERIES } from '../../core/history-worker/worker-queries';
import type { Logger } from '../../core/ports';
import type { SetAsideTeller } from '../../core/notices/set-aside-notice';
import { migrateFiles } from '../../core/history-db/migrate-files';

// The history worker thread (docs/architecture.md › The history database): the database, its
// writes and its queries run here, so the main process's event loop only posts messages.

/** After this long without a request the log is checkpointed into the database. */
const IDLE_CHECKPOINT_MS = 30_000;

const port = parentPort;
if (!port) throw new Error('history-worker: started outside a worker thread');
/** `clockOffsetMs`: the bench's and tests' history dated away from today (0 in the app). */
const { folder, clockOffsetMs = 0 } = workerData as { folder: string; clockOffsetMs?: number };
const now = () => Date.now() + clockOffsetMs;

const emit = (event: HistoryEvent) => port.postMessage({ event });
/** Log fields as plain values: an Error does not cross a thread whole. */
const plain = (data?: Record<string, unknown>) => (data === undefined ? undefined : Object.fromEntries(Object.entries(data).map(([key, value]) => [key, value instanceof Error ? `${value.name}: ${value.message}` : value])));
const logger: Logger = {
  info: (message, data) => emit({ kind: 'log', level: 'info', message, data: plain(data) }),
  warn: (message, data) => emit({ kind: 'log', level: 'warn', message, data: plain(data) }),
  error: (message, data) => emit({ kind: 'log', level: 'error', message, data: plain(data) }),
};

/** `gc` where the thread may collect on request (the bench measures after one). */
function heapUsed(gc: boolean): number {
  if (gc) {
    v8.setFlagsFromString('--expose-gc');
    (vm.runInNewContext('gc') as () => void)();
  }
  return process.memoryUsage().heapUsed;
}

const tell: SetAsideTeller = (meaning) => (event) => emit({ kind: 'set-aside', meaning, event });
const host = createHistoryHost({
  folder,
  now,
  logger,
  tell,
  queries: HISTORY_QUERIES,
  migrate: (database, profileId) => migrateFiles({ database, folder, profileId, now, logger, tell }),
  heapUsed,
});

let idle: ReturnType<typeof setTimeout> | null = null;
let checked = false;

port.on('message', (message: unknown) => {
  if (!isHistoryRequest(message)) return;
  if (message.op === 'record' && 'packed' in message.args) {
    const { profileId, packed } = message.args as unknown as { profileId: string; packed: PackedReadings };
    message.args = { profileId, readings: unpackReadings(packed) };
  }
  if (idle !== null) clearTimeout(idle);
  void host.handle(message).then((reply) => {
    port.postMessage({ reply });
    if (message.op === 'close') return;
    // The integrity check waits for History's first answer, never delaying it.
    if (!checked && message.op === 'query' && reply.ok) {
      checked = true;
      setImmediate(() => void host.handle({ id: -1, op: 'check', args: {} }));
    }
    idle = setTimeout(() => void host.handle({ id: -2, op: 'checkpoint', args: { mode: 'PASSIVE' } }), IDLE_CHECKPOINT_MS);
    idle.unref();
  });
});
