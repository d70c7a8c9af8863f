import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

// The history worker as packaged (docs/architecture.md › The history database): its bundle beside
// main's index.js, and better-sqlite3's native addon outside the asar archive, where the OS can load it.

export const PACKAGED_WORKER = 'out/main/history-worker.js';
export const SQLITE_ADDON = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';

/**
 * Starts the packaged worker bundle (extracted from app.asar into `appRoot`, the addon among the
 * unpacked files) in a worker thread and asks it for a calendar: it opens a database in a fresh
 * folder through the native module and answers. Returns the problems found.
 */
export async function runPackagedWorker(appRoot: string, resources: string): Promise<string[]> {
  const problems: string[] = [];
  if (!existsSync(join(appRoot, PACKAGED_WORKER))) return [`${PACKAGED_WORKER} is not in the package: main could not start the history worker`];
  if (!existsSync(join(resources, 'app.asar.unpacked', SQLITE_ADDON))) problems.push(`${SQLITE_ADDON} is not in app.asar.unpacked: the OS cannot load a native addon from inside the archive`);
  const folder = await mkdtemp(join(tmpdir(), 'zw-package-history-'));
  const worker = new Worker(join(appRoot, PACKAGED_WORKER), { workerData: { folder } });
  try {
    const reply = await new Promise<{ ok: boolean; error?: string; result?: unknown }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer within 20 s')), 20_000);
      worker.on('error', (err) => reject(err));
      worker.on('message', (message: { reply?: { ok: boolean; error?: string; result?: unknown } }) => {
        if (!message.reply) return;
        clearTimeout(timer);
        resolve(message.reply);
      });
      worker.postMessage({ id: 1, op: 'query', args: { profileId: 'package-check', name: 'calendar' } });
    });
    if (!reply.ok) problems.push(`the packaged history worker could not answer: ${reply.error}`);
    else if (!existsSync(join(folder, 'history.sqlite'))) problems.push('the packaged history worker answered without opening its database');
  } catch (err) {
    problems.push(`the packaged history worker failed: ${(err as Error).message}`);
  } finally {
    await worker.terminate();
    await rm(folder, { recursive: true, force: true });
  }
  return problems;
}
