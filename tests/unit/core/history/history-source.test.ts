import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistorySource, type HistorySource } from '../../../../electron/core/history/history-source';
import type { HistoryChannel } from '../../../../electron/core/history-worker/protocol';
import { createLedger } from '../../../../electron/core/ledger/ledger-store';
import { calendarOf } from '../../../../electron/core/ledger/ledger-views';
import type { NoticeInput } from '../../../../electron/core/notices/app-notices';
import { confStoreFactory } from '../../../../electron/core/storage/persistence';
import { FIXTURE_DIR, FIXTURE_NOW, FIXTURE_PROFILE } from '../history-db/json-history-fixture';

// docs/architecture.md › The history database: an account's JSON history moves in at its first
// request and the move is said once; a move that fails keeps the files and says so in words.

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let dir: string;
let expectedDir: string;
let raised: NoticeInput[];
let sources: HistorySource[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-source-'));
  expectedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-source-expected-'));
  fs.cpSync(FIXTURE_DIR, dir, { recursive: true });
  fs.cpSync(FIXTURE_DIR, expectedDir, { recursive: true });
  raised = [];
  sources = [];
});
afterEach(async () => {
  await Promise.all(sources.map((source) => source.close()));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(expectedDir, { recursive: true, force: true });
});

function source(open?: () => HistoryChannel): HistorySource {
  const made = openHistorySource({
    folder: dir,
    now: () => FIXTURE_NOW,
    logger: silent,
    tell: () => () => undefined,
    raise: (notice) => void raised.push(notice),
    ...(open ? { open } : {}),
  });
  sources.push(made);
  return made;
}

/** The calendar the JSON stores gave from the same files (a copy: they set the damaged month aside too). */
function calendarOfFiles() {
  const ledger = createLedger({ profileId: FIXTURE_PROFILE, memory: false, factory: confStoreFactory(expectedDir), now: () => FIXTURE_NOW, logger: silent, tell: () => () => undefined });
  return calendarOf(ledger.months(), ledger.lastReadingAt());
}

const titles = () => raised.map((notice) => notice.title);

describe('the history source', () => {
  it('moves an account\'s files at its first request, says so once, and answers the days they held', async () => {
    const first = source();
    const channel = first.forAccount(FIXTURE_PROFILE, false);
    const lastReadingAt = await channel.call('lastReadingAt', { profileId: FIXTURE_PROFILE });
    const calendar = await channel.call('query', { profileId: FIXTURE_PROFILE, name: 'calendar', args: { lastReadingAt } });
    expect(calendar).toEqual(calendarOfFiles());
    expect((calendar as { days: unknown[] }).days.length).toBeGreaterThan(60);
    first.forAccount(FIXTURE_PROFILE, false);
    await channel.call('lastReadingAt', { profileId: FIXTURE_PROFILE });
    expect(titles()).toEqual(['The daily history moved into its database']);
    expect(fs.readdirSync(dir).some((file) => file === 'profile-p1-ledger.json')).toBe(false);

    await first.close();
    const second = source();
    const again = second.forAccount(FIXTURE_PROFILE, false);
    expect(await again.call('query', { profileId: FIXTURE_PROFILE, name: 'calendar', args: { lastReadingAt } })).toEqual(calendarOfFiles());
    expect(titles()).toEqual(['The daily history moved into its database']);
  });

  it('keeps the demo apart: its history is not the data folder\'s and moves nothing', async () => {
    const demo = source().forAccount(FIXTURE_PROFILE, true);
    const calendar = (await demo.call('query', { profileId: FIXTURE_PROFILE, name: 'calendar', args: { lastReadingAt: null } })) as { days: unknown[] };
    expect(calendar.days).toEqual([]);
    expect(raised).toEqual([]);
    expect(fs.readdirSync(dir)).toContain('profile-p1-ledger.json');
  });

  it('says in words that a failed move kept the files, and the account still answers', async () => {
    const failing: HistoryChannel = {
      call: async (op) => {
        if (op === 'migrate') throw new Error('disk I/O error');
        return null;
      },
      close: async () => undefined,
    };
    const channel = source(() => failing).forAccount(FIXTURE_PROFILE, false);
    expect(await channel.call('lastReadingAt', { profileId: FIXTURE_PROFILE })).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(raised).toEqual([expect.objectContaining({ key: `history-not-moved:${FIXTURE_PROFILE}`, title: 'The daily history could not be moved' })]);
    expect(raised[0]!.body).toContain('The files are kept as they were');
    expect(fs.readdirSync(dir)).toContain('profile-p1-ledger.json');
  });
});
