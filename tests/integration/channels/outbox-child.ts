// A child process playing the app's alert side for the SIGKILL test and `npm run bench -- outbox`:
// the outbox as the core builds it (createAlertChannels) over a data folder, fed alerts through the
// same routing a poll cycle's notification takes, until it is killed. Argument: a JSON ChildPlan.
// Lines on stdout: `fed <n> <enqueue ms total>` after each alert is written ahead, `idle` once fed
// and every outbox is empty.
import fs from 'node:fs';
import type { ChannelDraft } from '../../../shared/channels';
import type { NotificationRecord } from '../../../shared/notification';
import { createAlertChannels } from '../../../electron/core/outbox/alert-channels';
import { systemClock, type SecretBackend } from '../../../electron/core/ports';
import { createSecretStore } from '../../../electron/core/secrets/secret-store';
import { confStoreFactory } from '../../../electron/core/storage/persistence';

export type ChildPlan = {
  dir: string;
  /** The keychain stand-in: a file outside the data folder, as the OS keychain is. */
  keychainFile: string;
  /** The channels to add on the first run (none are added when some exist). */
  drafts: ChannelDraft[];
  count: number;
  /** Pause between two alerts, ms. */
  everyMs: number;
  firstDelayMs: number;
};

/** A keychain in a JSON file, so a restarted child finds the secrets its killed predecessor stored. */
function fileKeychain(file: string): SecretBackend {
  const read = (): Record<string, string> => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>) : {});
  const write = (all: Record<string, string>) => fs.writeFileSync(file, JSON.stringify(all));
  return {
    kind: 'keychain',
    available: async () => true,
    read: async (name) => read()[name] ?? null,
    write: async (name, secret) => write({ ...read(), [name]: secret }),
    remove: async (name) => {
      const all = read();
      delete all[name];
      write(all);
    },
  };
}

/** Alert `n` as one poll cycle's notification of the spendToday rule. */
export function benchRecord(n: number): NotificationRecord {
  const at = new Date().toISOString();
  const event = { id: `bench-${n}`, rule: 'spendToday' as const, key: `spendToday:${n}`, severity: 'warning' as const, title: `Spend today passed $${n}.00`, body: `Spend today $${n}.40 on 3 zones; top: scraper_${n % 7} $${n % 50}.00`, at, target: { view: 'overview' as const }, zoneId: `zone_${n % 7}` };
  return { id: `record-${n}`, at, title: event.title, body: event.body, severity: 'warning', events: [event], shown: true, suppressedBy: null, test: false, target: { view: 'overview' } };
}

async function run(plan: ChildPlan): Promise<void> {
  const progressFile = `${plan.dir}/../child-progress.json`;
  const fed = fs.existsSync(progressFile) ? (JSON.parse(fs.readFileSync(progressFile, 'utf8')) as { fed: number }).fed : 0;
  const factory = confStoreFactory(plan.dir);
  let routing = { routes: {}, urgent: [] as never[] } as { routes: Record<string, { desktop: boolean; channels: string[] }>; urgent: never[] };
  const silent = () => undefined;
  const channels = createAlertChannels({
    factory,
    onSetAside: silent,
    secrets: createSecretStore({ keychain: fileKeychain(plan.keychainFile) }),
    redaction: { add: silent },
    settings: () => ({ routing: routing as never, quietHours: { enabled: false, start: '22:00', end: '07:00' } }),
    clock: systemClock,
    random: Math.random,
    fetch: globalThis.fetch,
    logger: { info: silent, warn: silent, error: (message, data) => process.stderr.write(`${message} ${JSON.stringify(data)}\n`) },
    publish: { channels: silent, deliveries: silent },
    policy: { firstDelayMs: plan.firstDelayMs, maxDelayMs: 30_000, lifetimeMs: 24 * 3_600_000 },
    timeoutMs: 5_000,
  });
  if (channels.book.list().length === 0) for (const draft of plan.drafts) await channels.book.add(draft);
  routing = { routes: { spendToday: { desktop: false, channels: channels.book.list().map((channel) => channel.id) } }, urgent: [] };
  let enqueueMs = 0;
  for (let n = fed; n < plan.count; n++) {
    const started = performance.now();
    channels.routeNotification(benchRecord(n), 'Bench account', (zoneId) => zoneId);
    // The write-ahead is synchronous within the routing call; its promise settles on the next turns.
    enqueueMs += performance.now() - started;
    fs.writeFileSync(progressFile, JSON.stringify({ fed: n + 1 }));
    process.stdout.write(`fed ${n + 1} ${enqueueMs.toFixed(3)}\n`);
    await new Promise((resolve) => setTimeout(resolve, plan.everyMs));
  }
  for (;;) {
    const views = await channels.outbox.views();
    if (views.every((view) => view.waiting === 0)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.stdout.write('idle\n');
}

const arg = process.argv[2];
if (arg !== undefined) {
  run(JSON.parse(arg) as ChildPlan).catch((err: unknown) => {
    process.stderr.write(`outbox child: ${String(err)}\n`);
    process.exit(1);
  });
}
