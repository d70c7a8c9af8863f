import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecentChoices, RecentChoicesDoc } from '../../../../electron/core/palette/recent-choices';
import { confStoreFactory, openDocument } from '../../../../electron/core/storage/persistence';
import { PALETTE_RECENT_MAX } from '../../../../shared/palette';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function open(dir: string, watched: Set<string>) {
  return createRecentChoices(openDocument(confStoreFactory(dir), 'palette-recent', RecentChoicesDoc, () => ({ choices: [] }), undefined, { now: () => Date.now(), onSetAside: () => undefined }), () => watched);
}

describe("the palette's recent choices", () => {
  it('put the last choice first, once, keep at most eight, and are still there after a restart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-recent-'));
    dirs.push(dir);
    const watched = new Set(['p1', 'p2']);
    const recent = open(dir, watched);
    for (let i = 0; i < 10; i += 1) recent.remember({ id: `zone:p1:Z${i}`, profileId: 'p1' });
    recent.remember({ id: 'app:refreshAll', profileId: null });
    recent.remember({ id: 'zone:p1:Z9', profileId: 'p1' });
    const again = open(dir, watched).list();
    expect(again.map((c) => c.id)).toEqual(['zone:p1:Z9', 'app:refreshAll', 'zone:p1:Z8', 'zone:p1:Z7', 'zone:p1:Z6', 'zone:p1:Z5', 'zone:p1:Z4', 'zone:p1:Z3']);
    expect(again).toHaveLength(PALETTE_RECENT_MAX);
  });

  it('forget a removed account’s choices, on disk too', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-recent-'));
    dirs.push(dir);
    const watched = new Set(['p1', 'p2']);
    const recent = open(dir, watched);
    recent.remember({ id: 'zone:p2:B1', profileId: 'p2' });
    recent.remember({ id: 'zone:p1:A1', profileId: 'p1' });
    recent.remember({ id: 'app:settings', profileId: null });
    watched.delete('p2');
    expect(recent.list().map((c) => c.id)).toEqual(['app:settings', 'zone:p1:A1']);
    // Even were p2 added back under the same id, what it chose before its removal is gone.
    watched.add('p2');
    expect(open(dir, watched).list().map((c) => c.id)).toEqual(['app:settings', 'zone:p1:A1']);
  });
});
