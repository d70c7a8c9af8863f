import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isOwnStoreName, removeLeftoverTempFiles, setAsideFiles } from '../../../../electron/core/storage/store-folder';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-folder-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const touch = (...names: string[]) => names.forEach((name) => fs.writeFileSync(path.join(dir, name), '{"data":'));

describe('the app data folder at start', () => {
  it('loses the temporary files an interrupted write left of the app’s own stores, and nothing else', () => {
    const own = ['settings.json.tmp-1764301234a1b2c3', 'profile-3f2a-snapshot.json.tmp-1764301234ffffff', 'profile-p1-ledger-2026-10.json.tmp-0000000000000000', 'secrets.json.tmp-1764301234abcdef'];
    const others = [
      'settings.json',
      'profile-3f2a-snapshot.json',
      // A user's files, or names that only look alike: never the app's to remove.
      'notes.json.tmp-1764301234a1b2c3',
      'settings.json.tmp-draft',
      'settings.json.tmp-1764301234A1B2C3',
      'settings.json.corrupt-2026-11-05T10-20-30.000Z',
      'my profile.json.tmp-1764301234a1b2c3',
    ];
    touch(...own, ...others);
    expect(removeLeftoverTempFiles(dir).sort()).toEqual([...own].sort());
    expect(fs.readdirSync(dir).sort()).toEqual([...others].sort());
  });

  it('knows its own store names: app-wide ones and each account’s', () => {
    expect(['settings', 'snooze', 'notices', 'window-state', 'secrets', 'profile-abc-caps', 'profile-0b9e-ledger-2026-11'].every(isOwnStoreName)).toBe(true);
    expect(['setting', 'profile-', 'profile-abc', 'profile-a/b-caps', 'notes'].some(isOwnStoreName)).toBe(false);
  });

  it('lists the set-aside copies of its own stores with their sizes', () => {
    touch('settings.json.corrupt-2026-11-05T10-20-30.000Z', 'profile-p1-caps.json.corrupt-2026-11-06T08-00-00.000Z', 'notes.json.corrupt-2026-01-01T00-00-00.000Z', 'settings.json');
    expect(setAsideFiles(dir)).toEqual([
      { file: 'profile-p1-caps.json.corrupt-2026-11-06T08-00-00.000Z', bytes: 8 },
      { file: 'settings.json.corrupt-2026-11-05T10-20-30.000Z', bytes: 8 },
    ]);
    expect(setAsideFiles(null)).toEqual([]);
  });
});
