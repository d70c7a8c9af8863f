import { describe, expect, it } from 'vitest';
import { createLastResult } from '../../../../electron/core/history/last-result';

/** A figure over one input, answered when the test says: what a worker's query looks like from main. */
function figure() {
  let input = 1;
  const asked: { input: number; answer: (value: string) => void; fail: (err: Error) => void }[] = [];
  const events: string[] = [];
  const last = createLastResult({
    inputs: () => input,
    holds: (kept, now) => kept === now,
    compute: (n) => new Promise<string>((answer, fail) => asked.push({ input: n, answer, fail })),
    initial: 'none yet',
    onFresh: () => events.push('fresh'),
    onError: (err) => events.push(`error: ${(err as Error).message}`),
  });
  return { last, asked, events, set: (n: number) => (input = n) };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the last result of a figure the history answers', () => {
  it('is read at once as it last came; a read that finds it stale asks once and says when the new one landed', async () => {
    const { last, asked, events, set } = figure();
    expect(last.current()).toBe('none yet');
    expect(last.current()).toBe('none yet');
    expect(asked).toHaveLength(1);
    asked[0]!.answer('from 1');
    await settle();
    expect(events).toEqual(['fresh']);
    expect(last.current()).toBe('from 1');
    set(2);
    expect(last.current()).toBe('from 1');
    asked[1]!.answer('from 2');
    await settle();
    expect(last.current()).toBe('from 2');
    expect(asked).toHaveLength(2);
  });

  it('is worked out again by refresh, which settles only once the new one is kept (what the poll cycle awaits)', async () => {
    const { last, asked, events, set } = figure();
    let settled = false;
    const refreshed = last.refresh().then(() => (settled = true));
    await settle();
    expect(settled).toBe(false);
    asked[0]!.answer('from 1');
    await refreshed;
    expect(last.current()).toBe('from 1');
    await last.refresh();
    expect(asked).toHaveLength(1);
    set(2);
    const again = last.refresh();
    asked[1]!.answer('from 2');
    await again;
    expect(last.current()).toBe('from 2');
    // Asked for by the cycle, not by a stale read: the cycle derives the views itself.
    expect(events).toEqual([]);
  });

  it('keeps the last good result when one fails, and asks the same again only when refresh says', async () => {
    const { last, asked, events, set } = figure();
    const first = last.refresh();
    asked[0]!.answer('from 1');
    await first;
    set(2);
    last.current();
    asked[1]!.fail(new Error('did not answer'));
    await settle();
    expect(events).toEqual(['error: did not answer']);
    expect(last.current()).toBe('from 1');
    expect(asked).toHaveLength(2);
    const retried = last.refresh();
    expect(asked).toHaveLength(3);
    asked[2]!.answer('from 2');
    await retried;
    expect(last.current()).toBe('from 2');
  });

  it('never lets an older answer that lands late replace a newer one', async () => {
    const { last, asked, set } = figure();
    const older = last.refresh();
    set(2);
    const newer = last.refresh();
    asked[1]!.answer('from 2');
    await newer;
    asked[0]!.answer('from 1');
    await older;
    expect(last.current()).toBe('from 2');
  });
});
