import { describe, expect, it } from 'vitest';
import { batchZoneIds, settleWithLimit } from '../../../../electron/core/polling/zone-batches';

describe('batchZoneIds', () => {
  it('puts at most 10 ids in a call, each id once, in order', () => {
    const ids = Array.from({ length: 23 }, (_, i) => `Z${i}`);
    const batches = batchZoneIds([...ids, 'Z0']);
    expect(batches.map((b) => b.length)).toEqual([10, 10, 3]);
    expect(batches.flat()).toEqual(ids);
  });

  it('keeps every call within 1024 characters joined', () => {
    // Ids longer than the service allows, to exercise the character bound on its own.
    const ids = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(200, 'x'));
    const batches = batchZoneIds(ids);
    expect(batches.every((b) => b.join(',').length <= 1024)).toBe(true);
    expect(batches.map((b) => b.length)).toEqual([5, 5]);
  });
});

describe('settleWithLimit', () => {
  it('runs at most 4 at once and settles every item in order', async () => {
    let running = 0;
    let peak = 0;
    const results = await settleWithLimit([1, 2, 3, 4, 5, 6, 7, 8, 9], async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      if (n === 5) throw new Error('five');
      return n * 2;
    });
    expect(peak).toBe(4);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([2, 4, 6, 8, 'failed', 12, 14, 16, 18]);
  });
});
