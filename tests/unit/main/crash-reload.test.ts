import { describe, it, expect } from 'vitest';
import { MAX_RELOADS, shouldReloadAfterCrash } from '../../../electron/main/crash-reload';

const now = 1_000_000;

describe('shouldReloadAfterCrash', () => {
  it('reloads a renderer that crashed', () => {
    expect(shouldReloadAfterCrash('crashed', [], now)).toBe(true);
    expect(shouldReloadAfterCrash('oom', [now - 120_000, now - 90_000, now - 61_000], now)).toBe(true);
  });

  it('does not reload after a clean exit', () => {
    expect(shouldReloadAfterCrash('clean-exit', [], now)).toBe(false);
  });

  it('gives up on a renderer that crashed again and again within a minute', () => {
    const recent = Array.from({ length: MAX_RELOADS }, (_, i) => now - i * 1000);
    expect(shouldReloadAfterCrash('crashed', recent, now)).toBe(false);
  });
});
