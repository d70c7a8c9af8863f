import type { AnomalyInjection } from './injected-anomalies';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createGuardedServer, stderrFaultLog, type FaultLog } from '../server-guard/guarded-server';
import { createApp } from './http-app';
import {
  DEFAULT_HISTORY_MONTHS,
  DEFAULT_SEED,
  DEFAULT_USERS,
  DEFAULT_ZONES,
  type SeededFacts,
} from './seed-data';
import { ServiceHost, type ServiceControl } from './service-host';
import { newRandomKey, wallClock } from './wall-clock';

export interface StartServiceOptions {
  /** 0 (the default) picks any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** PRNG seed of the account; same seed, same data. Default 1. */
  seed?: number;
  /** The admin's API key; random when absent. */
  apiKey?: string;
  /** Simulated seconds per real second while `autoTick` runs. Default 1. */
  timeScale?: number;
  /** ISO 8601 start of the simulated clock. Default: the real time now. */
  now?: string;
  zones?: number;
  users?: number;
  /** Months of billing history. Default 24. */
  history?: number;
  /** Whole UTC days of per-zone, per-day record before today (at least the month so far). Default 0. */
  pastDays?: number;
  /** Anomalies of known size and cause to put in the per-day record (docs/service.md › Injected anomalies). Default none. */
  anomalies?: AnomalyInjection;
  /** Simulated minutes the service runs before `now`, taking a reading every 5 minutes (`control.pastReadings()`). Default 0. */
  warmUpMinutes?: number;
  /** Serve `/_control` (admin key). Default false. */
  control?: boolean;
  /** Whether the simulated clock follows real time × `timeScale`. Default true. */
  autoTick?: boolean;
  /** Where requests it could not answer are reported; stderr by default. */
  log?: FaultLog;
}

export interface ServiceKeys {
  admin: string;
  collaborator: string;
  billing_admin: string;
}

export interface RunningService {
  /** Base URL without `/v1` and without a trailing slash, e.g. `http://127.0.0.1:8787`. */
  url: string;
  keys: ServiceKeys;
  /** Stops listening, drops open connections and stops the clock. Safe to call twice. */
  close(): Promise<void>;
  /** The `/_control` levers, in process (available whether or not `control` is set). */
  control: ServiceControl;
  /** Seeded ids a test can rely on (the same as `control.seeded`). */
  seeded: SeededFacts;
}

/**
 * The demo starts with this many past days of per-day record and this many minutes of readings,
 * which its ledger and its charts show at once (docs/desktop.md › History).
 */
export const DEMO_PAST_DAYS = 90;
export const DEMO_WARM_UP_MINUTES = 12 * 60;

/** How often the simulated clock catches up with real time when nobody asks. */
const TICK_MS = 1000;

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the local reference service (docs/service.md › Running it) and resolves once it listens.
 * Nothing runs at import: the demo mode starts it in process and `close()` leaves no timer behind.
 */
export async function startService(options: StartServiceOptions = {}): Promise<RunningService> {
  const hostName = options.host ?? '127.0.0.1';
  const start = options.now === undefined ? wallClock.now() : Date.parse(options.now);
  if (Number.isNaN(start)) throw new RangeError('now must be an ISO 8601 time');
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale >= 0) || !Number.isFinite(timeScale)) throw new RangeError('timeScale must be a number ≥ 0');

  const keys = new Map<number, string>();
  const keyFor = (index: number) => {
    let key = keys.get(index);
    if (key === undefined) {
      key = newRandomKey();
      keys.set(index, key);
    }
    return key;
  };
  const host = new ServiceHost({
    seed: {
      seed: options.seed ?? DEFAULT_SEED,
      zones: options.zones ?? DEFAULT_ZONES,
      users: options.users ?? DEFAULT_USERS,
      history: options.history ?? DEFAULT_HISTORY_MONTHS,
      pastDays: options.pastDays ?? 0,
      ...(options.anomalies ? { anomalies: options.anomalies } : {}),
      keyFor: (index) => (index === 0 && options.apiKey !== undefined ? options.apiKey : keyFor(index)),
    },
    start,
    timeScale,
    warmUpMinutes: options.warmUpMinutes ?? 0,
  });

  let closing = false;
  const sleepers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (closing) return resolve();
      const sleeper = {
        timer: wallClock.setTimeout(() => {
          sleepers.delete(sleeper);
          resolve();
        }, ms),
        resolve,
      };
      sleepers.add(sleeper);
    });

  let url = '';
  const app = createApp({ host, baseUrl: () => url, control: options.control ?? false, sleep });
  const server = createGuardedServer({
    name: 'service',
    log: options.log ?? stderrFaultLog,
    onRequest: getRequestListener(app.fetch, { hostname: hostName }),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, hostName, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  url = `http://${urlHost(hostName)}:${address.port}`;

  let ticker: NodeJS.Timeout | undefined;
  if (options.autoTick ?? true) {
    host.runInRealTime();
    ticker = wallClock.setInterval(() => host.sync(), TICK_MS);
    ticker.unref();
  }

  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= new Promise<void>((resolve) => {
      closing = true;
      if (ticker) wallClock.clearInterval(ticker);
      for (const sleeper of sleepers) {
        wallClock.clearTimeout(sleeper.timer);
        sleeper.resolve();
      }
      sleepers.clear();
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closed;
  };

  const { admin, collaborator, billing_admin } = host.seeded.keyUserIndex;
  const userKey = (index: number) => host.state.users[index]!.api_key;
  return {
    url,
    keys: { admin: userKey(admin), collaborator: userKey(collaborator), billing_admin: userKey(billing_admin) },
    close,
    control: host,
    seeded: host.seeded,
  };
}
