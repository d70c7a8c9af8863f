// `npm start` where Electron cannot run (scripts/start.mjs): Zonewatch itself in the browser shell.
// Unlike `npm run preview:web` this is the user's app, not a throw-away preview: the desktop app's
// user-data folder, the keychain where a Secret Service answers (memory otherwise, which the
// Settings screen says), the first-run screen, no `/_control` routes, the wall clock.
// Flags: [--port <n>] [--web-root <dir>] [--verbose]
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createAppCore } from '../core/app-core';
import { createKeytarBackend } from '../core/secrets/keytar-backend';
import { createMemoryBackend } from '../core/secrets/memory-backend';
import { confStoreFactory } from '../core/storage/persistence';
import { demoPast } from '../service/demo-past';
import { DEMO_PAST_DAYS, DEMO_WARM_UP_MINUTES, startService } from '../service/start-service';
import { startBridge, type Bridge } from './bridge-server';
import { desktopUserDataDir } from './user-data-dir';
import { bridgePorts } from './web-ports';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'web-root': { type: 'string', default: 'out/web' },
    verbose: { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`zonewatch: --port must be a whole number from 0 to 65535, not "${values.port}"\n`);
  process.exit(2);
}

const userData = desktopUserDataDir({ platform: process.platform, home: homedir(), env: process.env });
let bridge: Bridge | null = null;
const { ports } = bridgePorts((event, payload) => bridge?.send(event, payload), values.verbose);
const core = createAppCore({
  ...ports,
  secretBackends: { keychain: createKeytarBackend(), safeStorage: null, memory: createMemoryBackend() },
  storeFactory: confStoreFactory(userData),
  // The demo account is a local service started on demand, as in the desktop app (no control routes).
  demoService: {
    start: async () => {
      const service = await startService({ host: '127.0.0.1', port: 0, pastDays: DEMO_PAST_DAYS, warmUpMinutes: DEMO_WARM_UP_MINUTES, log: ports.logger });
      return { url: service.url, apiKey: service.keys.admin, close: () => service.close(), past: () => demoPast(service.control) };
    },
  },
});

// Through the redacting logger, as everything else the real app logs.
bridge = await startBridge({ core, webRoot: resolve(values['web-root']), port, logger: ports.logger });
await core.start();
core.setWindowOpen(true);
process.stdout.write(`Zonewatch is running in your browser at ${bridge.url}\n(settings and account in ${userData}; Ctrl+C quits)\n`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stderr.write(`zonewatch: ${signal}, stopping\n`);
  const done = Promise.allSettled([bridge?.close(), core.stop()]);
  void done.then((results) => process.exit(results.some((r) => r.status === 'rejected') ? 1 : 0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
