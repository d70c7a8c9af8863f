import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createAppCore, type AppCore } from '../core/app-core';
import { confStoreFactory } from '../core/storage/persistence';
import { mulberry32 } from '../service/prng';
import { demoPast } from '../service/demo-past';
import { DEMO_PAST_DAYS, DEMO_WARM_UP_MINUTES, startService, type RunningService, type StartServiceOptions } from '../service/start-service';
import { startBridge, type Bridge } from './bridge-server';
import { bridgePorts, type BridgeRecord } from './web-ports';
import { shiftedClock } from './shifted-clock';
import { simulatedClock, type SimulatedClock } from './simulated-clock';

export type PreviewOptions = {
  /** Start at the first-run screen instead of the demo account. */
  firstRun?: boolean;
  /**
   * The local service's options. `now` pins the moment its clock starts at (screenshots, the e2e runs
   * at fixed dates): the core's clock starts there too and runs on in real time (or on simulated
   * time, below), and `stack.pinnedStart` tells the page's clock to start there as well.
   */
  service?: StartServiceOptions;
  /**
   * The core runs on the service's simulated time (`stack.clock`) instead of the wall clock, with
   * a seeded jitter, and the service's clock stands still (`autoTick` off unless `service` says
   * otherwise) until `stack.clock.advance` moves it and fires the core's timers that fell due.
   * For runs that must come out the same each time (the screenshots). Default false.
   */
  simulatedTime?: boolean;
  /** Where the renderer's web build is; default out/web. */
  webRoot?: string;
  port?: number;
  verbose?: boolean;
};

export type PreviewStack = {
  /** The page to open (the bridge token is in its fragment). */
  url: string;
  service: RunningService;
  core: AppCore;
  bridge: Bridge;
  record: BridgeRecord;
  /** The core's clock with `simulatedTime`; null when the core runs on real time. */
  clock: SimulatedClock | null;
  /** The moment the service's and the core's clocks started at when `service.now` pinned it; null on the wall clock. */
  pinnedStart: string | null;
  /** The time on the stack's clock (the core's and the service's), ms since the epoch. */
  now(): number;
  /** The line `npm run preview:web` prints once ready. */
  readyLine(): string;
  stop(): Promise<void>;
};

/**
 * The local service, the real core on conf stores in a temporary folder, and the bridge serving
 * the renderer's web build: what `npm run preview:web`, the e2e suite and the screenshots share.
 */
export async function startPreviewStack(options: PreviewOptions = {}): Promise<PreviewStack> {
  const simulated = options.simulatedTime ?? false;
  const service = await startService({ control: true, pastDays: DEMO_PAST_DAYS, warmUpMinutes: DEMO_WARM_UP_MINUTES, ...(simulated ? { autoTick: false } : {}), ...options.service });
  const clock = simulated ? simulatedClock(service.control) : null;
  const pinnedStart = options.service?.now ?? null;
  // A pinned start without simulated time: the core's clock reads what the service's does.
  const coreClock = clock ?? (pinnedStart === null ? null : shiftedClock(Date.parse(service.control.now())));
  const dataDir = await mkdtemp(join(tmpdir(), 'zonewatch-preview-'));
  let bridge: Bridge | null = null;
  const { ports, record } = bridgePorts((event, payload) => bridge?.send(event, payload), options.verbose);
  const core = createAppCore({
    ...ports,
    storeFactory: confStoreFactory(dataDir),
    ...(clock ? { clock, random: mulberry32(1) } : coreClock ? { clock: coreClock } : {}),
    // The demo account is the service started above, so a tool can check the same one.
    demoService: { start: async () => ({ url: service.url, apiKey: service.keys.admin, close: async () => undefined, past: () => demoPast(service.control) }) },
  });
  try {
    bridge = await startBridge({ core, webRoot: options.webRoot ?? resolve('out/web'), port: options.port ?? 0, logger: ports.logger });
    await core.start();
    core.setWindowOpen(true);
    if (!options.firstRun) {
      const res = await core.invoke('demo:start', undefined);
      if (!res.ok) throw new Error(`the demo account did not start: ${res.error.message}`);
    }
  } catch (err) {
    await bridge?.close();
    await core.stop();
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const started = bridge;
  let stopped: Promise<void> | undefined;
  return {
    url: started.url,
    service,
    core,
    bridge: started,
    record,
    clock,
    pinnedStart,
    now: () => coreClock?.now() ?? Date.now(),
    readyLine: () => JSON.stringify({ url: started.url, service: { url: service.url, keys: service.keys } }),
    stop() {
      stopped ??= (async () => {
        await started.close();
        await core.stop();
        await service.close();
        await rm(dataDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
