import { describe, expect, it } from 'vitest';
import { countNotYetKnown, notYetKnownMessage, parsePinnedIds, zoneIdsToPoll } from '../../../../electron/core/polling/zone-discovery';

describe('parsePinnedIds', () => {
  it('reads ids separated by commas, blanks and new lines, and says which are not ids', () => {
    const result = parsePinnedIds('AB12, CD34\nEF56  AB12 ; toolong123 bad/id', ['EF56']);
    expect(result.added).toEqual(['AB12', 'CD34']);
    expect(result.alreadyKnown).toEqual(['EF56']);
    expect(result.invalid.map((i) => i.value)).toEqual(['toolong123', 'bad/id']);
    expect(result.invalid[0]?.reason).toContain('8 characters');
  });
});

describe('zoneIdsToPoll', () => {
  it('polls discovered and pinned ids once each, minus those reported gone', () => {
    expect(zoneIdsToPoll({ discoveredIds: ['A', 'B', 'C'], pinnedIds: ['C', 'D'], removedIds: ['B'] })).toEqual(['A', 'C', 'D']);
  });
});

describe('zones not yet known', () => {
  it('counts the zones the key sees beyond those the client fetched', () => {
    expect(countNotYetKnown(27, 25)).toBe(2);
    expect(countNotYetKnown(3, 5)).toBe(0);
    expect(countNotYetKnown(null, 5)).toBe(0);
    expect(notYetKnownMessage(2)).toBe('2 zones are not yet known to Zonewatch. Add their ids to watch them.');
    expect(notYetKnownMessage(0)).toBeNull();
  });
});
