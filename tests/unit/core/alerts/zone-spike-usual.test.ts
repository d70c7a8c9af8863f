import { describe, expect, it } from 'vitest';
import { initialEvaluationState } from '../../../../electron/core/alerts/alert-input';
import { emptyAlertMemory } from '../../../../electron/core/alerts/alert-memory';
import { zoneSpikeConditions } from '../../../../electron/core/alerts/rules/zone-spike';
import type { UsualDailySpend } from '../../../../electron/core/ledger/usual-daily-spend';
import { alertInput, historyPoint, MINUTE, only, snapshot, status, zone } from './alert-scenario';

// docs/architecture.md › Usual daily spend: while the last 48 hours hold less than an hour of a
// zone's history (a first start, a restart that lost its intraday file), the per-zone spike rule
// measures the zone against its usual daily spend instead of waiting an hour.

const START = Date.parse('2026-11-18T12:00:00Z');
const settings = only({ zoneSpike: {} });

/** Fifteen minutes of zone A spending 300 ¢ an hour, read every 2 minutes: all the history there is. */
function fifteenMinutes(usual: ((zoneId: string) => UsualDailySpend | null) | undefined) {
  const points = [];
  let snap = snapshot(START, { zones: [zone('A', { spend_this_month_cents: 10_000 })] });
  for (let minute = 0; minute <= 16; minute += 2) {
    const at = START + minute * MINUTE;
    snap = snapshot(at, { zones: [zone('A', { spend_this_month_cents: 10_000 + (300 * minute) / 60 })] });
    points.push(historyPoint(snap, at));
  }
  const now = START + 16 * MINUTE;
  const input = { ...alertInput({ snapshot: snap, history: points, status: status(now), billing: null }, now), usualDailySpend: usual };
  const [condition] = zoneSpikeConditions({ previous: initialEvaluationState(), input, settings, memory: emptyAlertMemory(), now });
  return condition!;
}

const usual = (centsPerDay: number) => () => ({ cents: centsPerDay, basis: 'ledger' as const, days: 14, estimated: false });

describe('the per-zone spike rule without an hour of recent history', () => {
  it('cannot judge the zone from fifteen minutes alone', () => {
    expect(fifteenMinutes(undefined).state).toBe('between');
    expect(fifteenMinutes(() => null).state).toBe('between');
  });

  it('fires against the zone’s usual daily spend: 300 ¢/h is over 3× its usual 50 ¢/h', () => {
    const condition = fifteenMinutes(usual(1_200));
    expect(condition.state).toBe('on');
    expect(condition.fire('k').body).toContain('6.0× its usual $0.50/h');
  });

  it('stays quiet, and re-arms, for a zone that usually spends more than that', () => {
    expect(fifteenMinutes(usual(4_800)).state).toBe('off');
  });
});
