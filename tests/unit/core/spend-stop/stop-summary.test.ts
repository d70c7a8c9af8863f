import { describe, expect, it } from 'vitest';
import type { SpendStopOutcome } from '../../../../shared/spend-stop';
import { spendStopSummary } from '../../../../electron/core/spend-stop/stop-summary';

const o = (name: string, result: SpendStopOutcome['result']): SpendStopOutcome => ({ zoneId: name.slice(0, 8), name, spendTodayCents: 0, result, reason: null });

describe('spendStopSummary', () => {
  it('says how many zones were disabled and names those still running', () => {
    const text = spendStopSummary('stop', [o('a', 'disabled'), o('b', 'disabled'), o('c', 'skipped'), o('scraper', 'failed'), o('eu', 'not_allowed')]);
    expect(text).toBe('Disabled 2 zones. 1 zone already off. 2 zones still running: scraper, eu.');
  });

  it('cuts a long list of running zones short', () => {
    const text = spendStopSummary('retry', ['a', 'b', 'c', 'd', 'e'].map((n) => o(n, 'failed')));
    expect(text).toBe('Disabled 0 zones. 5 zones still running: a, b, c and 2 more.');
  });

  it('says what a restore turned back on and what it left alone', () => {
    expect(spendStopSummary('restore', [o('a', 'enabled'), o('b', 'skipped'), o('c', 'gone'), o('d', 'failed')])).toBe(
      'Turned 1 zone back on. 1 zone already back on, left as they are. 1 zone no longer there. 1 zone could not be turned back on and is still off.',
    );
  });

  it('says plainly when nothing was running', () => {
    expect(spendStopSummary('stop', [])).toBe('No zone was running, so nothing was stopped.');
  });
});
