// The crash test's side of crash-child.ts: starts the app as a process of its own on a data folder,
// calls its channels, and kills it with SIGKILL. Every process it starts is killed when the test
// ends, passes or fails (`killAll`).
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { build } from 'vite';
import { ACCOUNT_CHANNELS, type Channel, type ChannelInput, type ChannelOutput, type Result } from '../../../shared/ipc';
import type { Notifier } from '../../../electron/core/ports';
import type { AccountInput } from '../core/core-host';

export type CrashApp = {
  pid: number;
  /** Calls a channel as the window does (account channels get the account's id); rejects if the app dies first. */
  call<C extends Channel>(channel: C, input?: AccountInput<C> | ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  /** The account the calls name; set once `key:set` made it. */
  profileId: string;
  /** What it showed as notifications, in order. */
  notifications: Shown[];
  /** The last lines the app logged (warnings and errors), for a failure's message. */
  log(): string[];
  /** SIGKILL, at once: no handler of the app runs. */
  kill(): void;
  /** Resolves when the process is gone. */
  exited: Promise<void>;
};

export type Shown = Parameters<Notifier['show']>[0];

const running = new Set<ChildProcess>();

/** Kills every app process still running (the test's last word, whatever happened). */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}
// A worker that dies without its hooks must not leave apps behind either.
process.once('exit', killAll);

const requireHere = createRequire(import.meta.url);

/**
 * Bundles crash-child.ts and the core with it into one file in `outDir`: it starts in a third of
 * the time tsx takes to load the core's modules one by one, and the test starts it dozens of times.
 */
export async function bundleCrashApp(outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: path.join(import.meta.dirname, 'crash-child.ts'),
      outDir,
      emptyOutDir: false,
      minify: false,
      target: 'node20',
      // The history database's native module is loaded from node_modules, where its addon was built.
      rollupOptions: { external: ['better-sqlite3'], output: { format: 'es', entryFileNames: 'crash-app.mjs', paths: { 'better-sqlite3': pathToFileURL(requireHere.resolve('better-sqlite3')).href } } },
    },
    ssr: { noExternal: true, target: 'node' },
  });
  return path.join(outDir, 'crash-app.mjs');
}

export async function startCrashApp(options: { bundle: string; dir: string; now: number; randomSeed: number; profileId: string }): Promise<CrashApp> {
  // Node itself, so the pid is the app's and SIGKILL reaches it, not a wrapper.
  const child = spawn(process.execPath, [options.bundle], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '', ZW_CRASH_DIR: options.dir, ZW_CRASH_NOW: String(options.now), ZW_CRASH_RANDOM_SEED: String(options.randomSeed) },
  });
  running.add(child);
  const pending = new Map<number, { resolve: (result: Result<unknown>) => void; reject: (error: Error) => void }>();
  const notifications: Shown[] = [];
  const logLines: string[] = [];
  let nextId = 1;
  let gone: Error | null = null;
  let started: () => void = () => undefined;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));

  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      gone = new Error(`the app exited (code ${code}, signal ${signal})`);
      for (const { reject } of pending.values()) reject(gone);
      pending.clear();
      resolve();
    });
  });
  child.stdin!.on('error', () => undefined);
  createInterface({ input: child.stderr! }).on('line', (line) => {
    logLines.push(line);
    if (logLines.length > 40) logLines.shift();
  });
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('ZW_CRASH ')) return;
    const message = JSON.parse(line.slice('ZW_CRASH '.length)) as { started?: true; id?: number; result?: Result<unknown>; notification?: Shown };
    if (message.started) started();
    if (message.notification) notifications.push(message.notification);
    if (message.id !== undefined) {
      pending.get(message.id)?.resolve(message.result!);
      pending.delete(message.id);
    }
  });

  const app: CrashApp = {
    pid: child.pid!,
    profileId: options.profileId,
    notifications,
    log: () => [...logLines],
    call(channel, input) {
      if (gone) return Promise.reject(gone);
      const id = nextId++;
      const scoped = (ACCOUNT_CHANNELS as readonly string[]).includes(channel);
      const message = { id, channel, input: scoped ? { ...(input ?? {}), profileId: app.profileId } : input };
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (result: Result<unknown>) => void, reject });
        child.stdin!.write(`${JSON.stringify(message)}\n`);
      });
    },
    kill: () => void child.kill('SIGKILL'),
    exited,
  };
  await Promise.race([startedPromise, exited.then(() => Promise.reject(new Error(`the app did not start:\n${logLines.join('\n')}`)))]);
  return app;
}
