// The simulator's faults (docs/development.md › The simulator): the network, the disk and the
// clock as a seed breaks them, each put in at a step the seed picks and written to the trace, and
// the measures the fault invariants read (how long each request was left open, what the process
// threw that nobody caught).
import type { Clock } from '../../electron/core/ports';
import type { DocumentStoreFactory } from '../../electron/core/storage/persistence';
import type { KeyValueStore } from '../../electron/core/ports';
import type { SimulatedClock } from '../../electron/web/simulated-clock';
import type { Trace } from './sim-trace';

/**
 * What one request of a host meets: never sent, held a while, answered wrongly, never answered, or
 * carried out by the service with its answer lost on the way back (`lost`: the connection drops).
 */
export type NetFaultKind = 'drop' | 'slow' | '429' | '500' | '502' | '503' | 'garbage' | 'hang' | 'lost';
export const NET_FAULT_KINDS: readonly NetFaultKind[] = ['drop', 'slow', '429', '500', '502', '503', 'garbage', 'hang', 'lost'];

/** How the disk refuses: a full disk, a failing one (each on every `set`), or a folder sync that throws. */
export type DiskFaultKind = 'ENOSPC' | 'EIO' | 'sync';

/**
 * The request deadline the app promises (docs/architecture.md › Requests): 15 s for one attempt,
 * headers and body, once sent. Written here rather than read from the app, so that a planted
 * defect that lengthens the app's is measured against the promise (fault-plants.test.ts).
 */
export const REQUEST_DEADLINE_MS = 15_000;

/** A request as the simulator measures it, in the machine's monotonic time (a sleep does not count). */
type OpenRequest = { line: string; started: number; open: boolean };

/**
 * The machine's clock as the core sees it: the wall time it reads (`now`) can jump (`skew`) while
 * its timers keep counting the time the machine was awake; a sleep moves the wall on and holds
 * every timer back by as long (as a suspended machine's monotonic clock does).
 */
export type MachineClock = Clock & {
  /** Time the machine was awake since the world began: what timers and deadlines count. */
  monotonic(): number;
  /** The wall clock jumps by `ms` (negative: back) and stays so until corrected. */
  jump(ms: number): void;
  /** The wall clock is right again. */
  correct(): void;
  /** The machine sleeps for `ms`: no timer of the core fires meanwhile, the world goes on. */
  sleep(ms: number): void;
  skew(): number;
};

export function machineClock(world: SimulatedClock): MachineClock {
  let skew = 0;
  /** How far the machine's timers are behind the world's time: the time it slept. */
  let asleep = 0;
  type Pending = { fn: () => void; due: number; handle: unknown };
  const timers = new Map<number, Pending>();
  let seq = 0;
  const monotonic = () => world.now() - asleep;
  const arm = (id: number, pending: Pending) => {
    pending.handle = world.setTimeout(() => {
      timers.delete(id);
      pending.fn();
    }, pending.due - monotonic());
  };
  return {
    now: () => world.now() + skew,
    monotonic,
    setTimeout(fn, ms) {
      const id = ++seq;
      const pending: Pending = { fn, due: monotonic() + Math.max(0, ms), handle: null };
      timers.set(id, pending);
      arm(id, pending);
      return id;
    },
    clearTimeout(id) {
      const pending = timers.get(id as number);
      if (!pending) return;
      world.clearTimeout(pending.handle);
      timers.delete(id as number);
    },
    jump: (ms) => void (skew += ms),
    correct: () => void (skew = 0),
    skew: () => skew,
    sleep(ms) {
      asleep += ms;
      // Every timer counts from the time it was set, in awake time: each is due that much later in the world's.
      for (const [id, pending] of timers) {
        world.clearTimeout(pending.handle);
        arm(id, pending);
      }
    },
  };
}

export type SimFaults = {
  readonly clock: MachineClock;
  /** The world's fetch as the machine's network carries it: faults put in, each request measured. */
  fetch(inner: typeof globalThis.fetch): typeof globalThis.fetch;
  /** The data folder's stores as the machine's disk keeps them. */
  storeFactory(inner: DocumentStoreFactory): DocumentStoreFactory;
  /** The `nth` next request to `host` (0: the next) meets `kind`; `seconds` for a slow one, the Retry-After of a 429. */
  arm(host: string, nth: number, kind: NetFaultKind, seconds: number): void;
  /** `host` answers nothing for `seconds` of awake time. */
  down(host: string, seconds: number): void;
  /** `host` answers again, and every fault put in for it is taken back. */
  calm(host: string): void;
  /** The disk refuses from its `after`-th next write on (0: at once), until `heal`. */
  diskFails(kind: DiskFaultKind, after: number): void;
  heal(): void;
  diskFailing(): DiskFaultKind | null;
  /** Requests the service carried out whose answer never reached the app (`lost`), oldest first. */
  lost(): readonly { host: string; method: string; path: string }[];
  /** The files whose writes the disk refused so far, by name, oldest first. */
  refused(): readonly string[];
  /** The process died: its requests go with it. */
  crashed(): void;
  /** Every broken promise of the run so far: requests left open past their deadline, errors nobody caught. */
  violations(): readonly string[];
  /** Stops listening to the process (restores its own listeners). */
  close(): void;
};

const garbage = ['<html><body>502 Bad Gateway</body></html>', '{"status":"ok","zones":[{"zone_id":', 'null', '{"status":"ok"}'];

function errorAnswer(status: number, seconds: number): Response {
  const code = status === 429 ? 'rate_limited' : status === 503 ? 'service_unavailable' : 'internal_error';
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (status === 429) headers['Retry-After'] = String(seconds);
  return new Response(JSON.stringify({ status: 'error', error: { code, message: 'The service had a problem (simulated fault).' } }), { status, headers });
}

function abortError(): DOMException {
  return new DOMException('This operation was aborted', 'AbortError');
}

/** The faults of one world; `trace` gets a line for each one put in and each one that struck. */
export function createSimFaults(world: SimulatedClock, trace: Trace): SimFaults {
  const clock = machineClock(world);
  const armed = new Map<string, Map<number, { kind: NetFaultKind; seconds: number }>>();
  const counts = new Map<string, number>();
  const downUntil = new Map<string, number>();
  const open: OpenRequest[] = [];
  const broken: string[] = [];
  let disk: { kind: DiskFaultKind; after: number } | null = null;
  const refusedFiles: string[] = [];
  const lostAnswers: { host: string; method: string; path: string }[] = [];
  /** The file last written: the one a failed folder sync was making durable. */
  let lastWritten = '';

  // Watches the process while the world lives: an error nobody caught is a violation of the run,
  // not of the test runner (the runner's own listeners are put back by `close`).
  const kept = { rejection: process.listeners('unhandledRejection'), exception: process.listeners('uncaughtException') };
  const onRejection = (reason: unknown) => void broken.push(`an unhandled rejection: ${reason instanceof Error ? reason.stack ?? reason.message : String(reason)}`);
  const onException = (error: Error) => void broken.push(`an uncaught exception: ${error.stack ?? error.message}`);
  process.removeAllListeners('unhandledRejection').on('unhandledRejection', onRejection);
  process.removeAllListeners('uncaughtException').on('uncaughtException', onException);

  /** Waits `ms` of awake time, or rejects as soon as the request is aborted. */
  const hold = (ms: number, signal: AbortSignal | null | undefined) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      const timer = clock.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clock.clearTimeout(timer);
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  /** A request is open until it is answered or the app gives up on it (aborts it). */
  const measure = (line: string, signal: AbortSignal | null | undefined): OpenRequest => {
    const request: OpenRequest = { line, started: clock.monotonic(), open: true };
    open.push(request);
    signal?.addEventListener('abort', () => void (request.open = false), { once: true });
    // Looked at once its deadline (and a second) has passed in awake time: still open is a broken promise.
    world.setTimeout(function look() {
      if (!request.open) return;
      const held = clock.monotonic() - request.started;
      if (held <= REQUEST_DEADLINE_MS) return void world.setTimeout(look, REQUEST_DEADLINE_MS + 1000 - held);
      request.open = false;
      broken.push(`a request outlived its ${REQUEST_DEADLINE_MS} ms deadline: ${line}, still open after ${held} ms`);
    }, REQUEST_DEADLINE_MS + 1000);
    return request;
  };

  return {
    clock,
    fetch: (inner) => async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const host = url.host;
      const n = counts.get(host) ?? 0;
      counts.set(host, n + 1);
      const fault = armed.get(host)?.get(n);
      armed.get(host)?.delete(n);
      const down = (downUntil.get(host) ?? -Infinity) > clock.monotonic();
      const line = `${host} ${init?.method ?? 'GET'} ${url.pathname}`;
      const signal = init?.signal;
      const request = measure(line, signal);
      try {
        if (down || fault?.kind === 'hang') {
          trace.push('fault', `${line}: ${down ? 'the host is down' : 'no answer'}, the request hangs`);
          await new Promise<never>((_resolve, reject) => {
            if (signal?.aborted) return reject(abortError());
            signal?.addEventListener('abort', () => reject(abortError()), { once: true });
          });
        }
        if (fault) trace.push('fault', `${line}: ${fault.kind}${fault.kind === 'slow' || fault.kind === '429' ? ` (${fault.seconds} s)` : ''}`);
        switch (fault?.kind) {
          case 'drop':
            throw new TypeError('fetch failed');
          case 'slow':
            await hold(fault.seconds * 1000, signal);
            return await inner(input, init);
          case '429':
          case '500':
          case '502':
          case '503':
            return errorAnswer(Number(fault.kind), fault.seconds);
          case 'lost': {
            const answer = await inner(input, init);
            lostAnswers.push({ host, method: init?.method ?? 'GET', path: url.pathname });
            trace.push('fault', `${line}: the service answered ${answer.status}, the answer is lost on the way back`);
            throw new TypeError('fetch failed');
          }
          case 'garbage':
            return new Response(garbage[fault.seconds % garbage.length], { status: 200, headers: { 'Content-Type': 'application/json' } });
          default:
            return await inner(input, init);
        }
      } finally {
        request.open = false;
        open.splice(open.indexOf(request), 1);
      }
    },
    storeFactory(inner) {
      const fail = (file: string): void => {
        lastWritten = file;
        if (!disk || disk.kind === 'sync') return;
        if (disk.after > 0) return void (disk.after -= 1);
        refusedFiles.push(file);
        trace.push('fault', `the disk refuses a write of ${file}: ${disk.kind}`);
        throw Object.assign(new Error(`${disk.kind}: ${disk.kind === 'ENOSPC' ? 'no space left on device' : 'i/o error'}, write`), { code: disk.kind });
      };
      const wrapStore = (store: KeyValueStore): KeyValueStore => ({
        get path() {
          return store.path;
        },
        get: (key) => store.get(key),
        set: (key, value) => {
          fail(store.path.split('/').pop() ?? store.path);
          store.set(key, value);
        },
        delete: (key) => store.delete(key),
        clear: () => store.clear(),
      });
      const factory = (name: string, options?: { compact?: boolean }) => wrapStore(options ? inner(name, options) : inner(name));
      return Object.assign(factory, {
        ...(inner.pathOf ? { pathOf: inner.pathOf } : {}),
        syncFolder: (dir: string) => {
          if (disk?.kind === 'sync') {
            if (disk.after > 0) return void (disk.after -= 1);
            refusedFiles.push(lastWritten);
            trace.push('fault', `the data folder will not sync after a write of ${lastWritten}: EIO`);
            throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
          }
          inner.syncFolder?.(dir);
        },
      });
    },
    arm(host, nth, kind, seconds) {
      const at = (counts.get(host) ?? 0) + nth;
      if (!armed.has(host)) armed.set(host, new Map());
      armed.get(host)!.set(at, { kind, seconds });
      trace.push('fault', `put in: request ${nth + 1} from now to ${host} meets ${kind}`);
    },
    down(host, seconds) {
      downUntil.set(host, clock.monotonic() + seconds * 1000);
      trace.push('fault', `put in: ${host} answers nothing for ${seconds} s`);
    },
    calm(host) {
      armed.delete(host);
      downUntil.delete(host);
    },
    diskFails(kind, after) {
      disk = { kind, after };
      trace.push('fault', `put in: the disk refuses from its write ${after + 1} from now: ${kind}`);
    },
    heal() {
      if (disk) trace.push('fault', 'the disk takes writes again');
      disk = null;
    },
    diskFailing: () => disk?.kind ?? null,
    refused: () => refusedFiles,
    lost: () => lostAnswers,
    crashed() {
      for (const request of open) request.open = false;
      open.length = 0;
    },
    violations: () => broken,
    close() {
      process.removeListener('unhandledRejection', onRejection);
      process.removeListener('uncaughtException', onException);
      for (const listener of kept.rejection) process.on('unhandledRejection', listener);
      for (const listener of kept.exception) process.on('uncaughtException', listener);
    },
  };
}
