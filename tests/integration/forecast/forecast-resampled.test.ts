import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../electron/service/prng';
import { byMonth, errorGoalResampled, replayForecasts } from './forecast-replay';
import { roughAccountDays } from './rough-traffic';

// docs/architecture.md › Month-end forecast, Measured: `npm run bench -- forecast` says how often the
// error goal holds when the replayed months are drawn again with replacement. One account of the
// second generator, replayed by the app's own forecast; the yardsticks are the replay's own.

const MONTHS = Array.from({ length: 12 }, (_, i) => Date.UTC(2026, 2 + i, 1));
const outcomes = replayForecasts(roughAccountDays(71, 0, Date.UTC(2025, 5, 1), Date.UTC(2027, 2, 1)), MONTHS);

describe('the forecast error goal over resampled months', () => {
  it('groups a replay month by month, every day of each', () => {
    const months = byMonth(outcomes);
    expect(months.map((m) => m[0]!.month)).toEqual(MONTHS);
    for (const month of months) expect(month.map((o) => o.dom)).toEqual(Array.from({ length: month[0]!.last }, (_, i) => i + 1));
  });

  it('holds in every draw for a forecast that knew the total, and in none for one that is the pace', () => {
    const knew = outcomes.map((o) => ({ ...o, expected: o.truth }));
    const pace = outcomes.map((o) => ({ ...o, expected: o.pace }));
    expect(errorGoalResampled(byMonth(knew), 50, mulberry32(1))).toBe(1);
    expect(errorGoalResampled(byMonth(pace), 50, mulberry32(1))).toBe(0);
  });
});
