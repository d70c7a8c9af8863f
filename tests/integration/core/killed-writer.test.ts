import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { confStoreFactory, openDocument } from '../../../electron/core/storage/persistence';
import { createTestCore } from './core-host';
import { WRITER_STORE, WriterValue } from './store-writer';

// docs/architecture.md › Offline: a writer killed mid-write leaves atomically's temporary file; the
// app's start removes it (its own stores' only) and the store reads as its last whole write.

const root = path.resolve(import.meta.dirname, '../../..');
const writerScript = path.join(import.meta.dirname, 'store-writer.ts');
const temps = (dir: string) => fs.readdirSync(dir).filter((name) => name.includes('.json.tmp-'));

/** Starts the writer on `dir`, kills it with SIGKILL once `when` says so, and waits for it to be gone. */
async function killWriter(dir: string, when: () => boolean): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, dir], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const deadline = Date.now() + 20_000;
  while (!when() && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

describe('a writer killed mid-write', () => {
  it('leaves no temporary file after the app starts again, and the store reads as a whole write', async () => {
    const { dir } = createTestCore();
    fs.writeFileSync(path.join(dir, 'notes.json.tmp-1764301234a1b2c3'), 'a file of the user, not the app');
    // Killed while the temporary file is there (mid-write), several times over: each leaves one behind.
    for (let kill = 0; kill < 4; kill++) {
      const before = new Set(temps(dir));
      // Once a whole write is there: on a loaded machine the first kill could otherwise come mid-first-write.
      await killWriter(dir, () => fs.existsSync(path.join(dir, `${WRITER_STORE}.json`)) && temps(dir).some((name) => name.startsWith(WRITER_STORE) && !before.has(name)));
    }
    expect(temps(dir).filter((name) => name.startsWith(WRITER_STORE)).length).toBeGreaterThanOrEqual(1);

    // The app starts again on the same folder.
    createTestCore({}, dir);
    expect(temps(dir)).toEqual(['notes.json.tmp-1764301234a1b2c3']);
    const setAside: unknown[] = [];
    const doc = openDocument(confStoreFactory(dir), WRITER_STORE, WriterValue, { round: -1, filler: [] }, undefined, { now: () => Date.now(), onSetAside: (event) => setAside.push(event) });
    expect(doc.get().round).toBeGreaterThanOrEqual(0);
    expect(doc.get().filler).toHaveLength(10_000);
    expect(setAside).toEqual([]);
  }, 120_000);
});
