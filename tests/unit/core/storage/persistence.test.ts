import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { confStoreFactory, eraseDocument, openDocument, setAsidePath } from '../../../../electron/core/storage/persistence';
import { createLogger, createMemorySink } from '../../../../electron/core/diagnostics/logger';
import { DocumentWriteError } from '../../../../electron/core/storage/write-failure';
import { failingDisk } from '../../../integration/core/failing-disk';

const Counter = z.object({ count: z.number().int(), label: z.string() });
const initial = { count: 0, label: 'fresh' };
const at = new Date('2026-11-05T10:20:30.000Z');
const clock = { now: () => at.getTime(), onSetAside: () => undefined };

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-persist-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function open(sink = createMemorySink()) {
  return openDocument(confStoreFactory(dir), 'counter', Counter, initial, createLogger({ sink }), clock);
}

const file = () => path.join(dir, 'counter.json');

describe('openDocument', () => {
  it('writes a compact document without indentation, and reads it back like any other', () => {
    const doc = openDocument(confStoreFactory(dir), 'counter', Counter, initial, undefined, { ...clock, compact: true });
    doc.set({ count: 5, label: 'five' });
    expect(fs.readFileSync(file(), 'utf8')).toBe('{"data":{"count":5,"label":"five"}}');
    expect(open().get()).toEqual({ count: 5, label: 'five' });
  });

  it('tells its owner when it set a file aside, for a truncated file and for one that breaks the schema', () => {
    const told: unknown[] = [];
    const openTelling = () => openDocument(confStoreFactory(dir), 'counter', Counter, initial, undefined, { now: clock.now, onSetAside: (event) => told.push(event) });
    fs.writeFileSync(file(), '{"data":{"cou');
    expect(openTelling().get()).toEqual(initial);
    fs.writeFileSync(file(), JSON.stringify({ data: { count: 'many' } }));
    expect(openTelling().get()).toEqual(initial);
    expect(told).toEqual([
      { name: 'counter', file: 'counter.json', setAside: path.basename(setAsidePath(file(), at)), reason: 'not valid JSON', at: at.toISOString() },
      { name: 'counter', file: 'counter.json', setAside: path.basename(setAsidePath(file(), at)), reason: expect.stringMatching(/does not match its schema/), at: at.toISOString() },
    ]);
    openTelling().set({ count: 1, label: 'one' });
    expect(told).toHaveLength(2);
  });

  it('starts from the initial value when no file exists', () => {
    expect(open().get()).toEqual(initial);
  });

  it('round-trips a value through the file', () => {
    open().set({ count: 7, label: 'seven' });
    expect(open().get()).toEqual({ count: 7, label: 'seven' });
  });

  // Another user of the machine reads none of it (docs/architecture.md › Threat model).
  it.skipIf(process.platform === 'win32')('writes its file readable and writable by the user alone', () => {
    open().set({ count: 1, label: 'one' });
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
  });

  it('updates from the current value', () => {
    const doc = open();
    doc.update((c) => ({ ...c, count: c.count + 1 }));
    doc.update((c) => ({ ...c, count: c.count + 1 }));
    expect(open().get().count).toBe(2);
  });

  it('sets a truncated file aside with its old contents and rebuilds from the initial value', () => {
    open().set({ count: 3, label: 'three' });
    const truncated = fs.readFileSync(file(), 'utf8').slice(0, 15);
    fs.writeFileSync(file(), truncated);

    const sink = createMemorySink();
    const doc = open(sink);
    expect(doc.get()).toEqual(initial);
    expect(fs.readFileSync(setAsidePath(file(), at), 'utf8')).toBe(truncated);
    expect(sink.lines.join('\n')).toMatch(/set a damaged file aside/);

    doc.set({ count: 4, label: 'four' });
    expect(open().get()).toEqual({ count: 4, label: 'four' });
  });

  it('sets a schema-violating file aside with its old contents and rebuilds', () => {
    const violating = JSON.stringify({ data: { count: 'many', label: 1 } });
    fs.writeFileSync(file(), violating);

    const doc = open();
    expect(doc.get()).toEqual(initial);
    expect(fs.readFileSync(setAsidePath(file(), at), 'utf8')).toBe(violating);
    doc.set({ count: 1, label: 'one' });
    expect(open().get()).toEqual({ count: 1, label: 'one' });
  });

  it('names the set-aside file after the original and an ISO time without colons', () => {
    expect(path.basename(setAsidePath(file(), at))).toBe('counter.json.corrupt-2026-11-05T10-20-30.000Z');
  });

  it('refuses to write a value its schema rejects, leaving the file as it was', () => {
    const doc = open();
    doc.set({ count: 1, label: 'one' });
    expect(() => doc.set({ count: 1.5, label: 'x' })).toThrow(/refusing to write counter/);
    expect(open().get()).toEqual({ count: 1, label: 'one' });
  });

  it('erases the file and its set-aside copies', () => {
    fs.writeFileSync(file(), '{"data": ');
    const doc = open();
    doc.set({ count: 2, label: 'two' });
    doc.erase();
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(doc.get()).toEqual(initial);
  });

  it('erases a document by name even when its file does not parse', () => {
    fs.writeFileSync(file(), 'not json');
    eraseDocument(confStoreFactory(dir), 'counter');
    expect(fs.existsSync(file())).toBe(false);
  });

  it('finds the file to set aside from the error when the factory cannot say where it lives', () => {
    fs.writeFileSync(file(), '{');
    const factory = confStoreFactory(dir);
    const bare = (name: string) => factory(name);
    const doc = openDocument(bare, 'counter', Counter, initial, undefined, clock);
    expect(doc.get()).toEqual(initial);
    expect(fs.readFileSync(setAsidePath(file(), at), 'utf8')).toBe('{');
  });
});

describe('a durable document', () => {
  /** Every fsync while `write` runs: whether it was of the folder, and what the file held then. */
  function fsyncsDuring(write: () => void): { folder: boolean; holds: string }[] {
    const seen: { folder: boolean; holds: string }[] = [];
    const real = fs.fsyncSync.bind(fs);
    const spy = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      seen.push({ folder: fs.fstatSync(fd).isDirectory(), holds: fs.existsSync(file()) ? fs.readFileSync(file(), 'utf8') : '' });
      real(fd);
    });
    try {
      write();
    } finally {
      spy.mockRestore();
    }
    return seen;
  }

  it('syncs the folder once the file holds the new value, so a power cut cannot bring back the one before', () => {
    const doc = openDocument(confStoreFactory(dir), 'counter', Counter, initial, undefined, { ...clock, durable: true });
    doc.set({ count: 1, label: 'one' });
    const folderSyncs = fsyncsDuring(() => doc.set({ count: 2, label: 'two' })).filter((sync) => sync.folder);
    expect(folderSyncs).toHaveLength(1);
    expect(JSON.parse(folderSyncs[0]!.holds)).toEqual({ data: { count: 2, label: 'two' } });
  });

  it('is an option: a cache is written without syncing the folder', () => {
    const doc = open();
    expect(fsyncsDuring(() => doc.set({ count: 2, label: 'two' })).filter((sync) => sync.folder)).toEqual([]);
  });

  // docs/architecture.md › Offline: a durable write that fails is never reported done.
  for (const code of ['ENOSPC', 'EIO'] as const) {
    it(`rejects a write the disk refuses (${code}) and keeps the value its file holds, also for the next whole-document write`, () => {
      const disk = failingDisk(dir);
      const doc = openDocument(disk.factory, 'counter', Counter, initial, undefined, { ...clock, durable: true });
      doc.set({ count: 1, label: 'one' });
      disk.fail(code);
      expect(() => doc.update((c) => ({ ...c, count: 2 }))).toThrow(DocumentWriteError);
      expect(doc.get()).toEqual({ count: 1, label: 'one' });
      disk.heal();
      doc.update((c) => ({ ...c, label: 'healed' }));
      expect(JSON.parse(fs.readFileSync(file(), 'utf8'))).toEqual({ data: { count: 1, label: 'healed' } });
    });
  }

  it('counts a folder sync that fails as a failed write, through the factory’s own sync', () => {
    const disk = failingDisk(dir);
    const doc = openDocument(disk.factory, 'counter', Counter, initial, undefined, { ...clock, durable: true });
    disk.failSync('EIO');
    let thrown: unknown;
    try {
      doc.set({ count: 3, label: 'three' });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DocumentWriteError);
    expect((thrown as DocumentWriteError).code).toBe('EIO');
    expect(disk.refused).toEqual(['(folder sync)']);
    expect(doc.get()).toEqual(initial);
  });

  it('puts the file back as it was when only the folder sync failed, so a restart reads what the caller was told', () => {
    const disk = failingDisk(dir);
    const doc = openDocument(disk.factory, 'counter', Counter, initial, undefined, { ...clock, durable: true });
    doc.set({ count: 1, label: 'one' });
    disk.failSync('EIO');
    expect(() => doc.set({ count: 2, label: 'two' })).toThrow(DocumentWriteError);
    disk.heal();
    const reopened = openDocument(disk.factory, 'counter', Counter, initial, undefined, { ...clock, durable: true });
    expect(reopened.get()).toEqual({ count: 1, label: 'one' });
  });

  it('leaves a cache’s failed write logged and kept for the session, as before', () => {
    const disk = failingDisk(dir);
    const doc = openDocument(disk.factory, 'counter', Counter, initial, undefined, clock);
    disk.fail('ENOSPC');
    doc.set({ count: 4, label: 'four' });
    expect(doc.get()).toEqual({ count: 4, label: 'four' });
  });
});

describe('set-aside copies', () => {
  it('keeps the newest three of a store, and never another store’s', () => {
    let now = at.getTime();
    fs.writeFileSync(path.join(dir, 'other.json.corrupt-2020-01-01T00-00-00.000Z'), 'x');
    for (let i = 0; i < 5; i++) {
      fs.writeFileSync(file(), `{"data": ${i}`);
      now += 60_000;
      openDocument(confStoreFactory(dir), 'counter', Counter, initial, undefined, { now: () => now, onSetAside: () => undefined });
    }
    expect(fs.readdirSync(dir).filter((name) => name.includes('.corrupt-')).sort()).toEqual([
      'counter.json.corrupt-2026-11-05T10-23-30.000Z',
      'counter.json.corrupt-2026-11-05T10-24-30.000Z',
      'counter.json.corrupt-2026-11-05T10-25-30.000Z',
      'other.json.corrupt-2020-01-01T00-00-00.000Z',
    ]);
    expect(fs.readFileSync(path.join(dir, 'counter.json.corrupt-2026-11-05T10-25-30.000Z'), 'utf8')).toBe('{"data": 4');
  });
});
