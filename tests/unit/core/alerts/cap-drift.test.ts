import { describe, expect, it } from 'vitest';
import { acknowledgeZone } from '../../../../electron/core/alerts/rules/zone-state';
import { AlertRunner, MINUTE, only, snapshot, zone } from './alert-scenario';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const CAP = { type: 'dollars_per_day', threshold: 40, action: 'disable_zone' };

describe('cap drift (opt-in)', () => {
  it('names a zone found later without a cap, and a cap changed or removed elsewhere, once each', () => {
    const runner = new AlertRunner(only({ capDrift: {} }));
    runner.run(T0, snapshot(T0, { zones: [zone('A', { alert: CAP }), zone('B', { alert: null })] }));
    expect(runner.events).toEqual([]);
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { alert: CAP }), zone('B'), zone('C', { alert: null }), zone('D', { alert: CAP })] }));
    expect(runner.events.map((e) => [e.title, e.target])).toEqual([['New zone Zone C has no cap', { view: 'caps' }]]);
    runner.run(T0 + 2 * MINUTE, snapshot(T0 + 2 * MINUTE, { zones: [zone('A', { alert: { ...CAP, threshold: 400 } }), zone('B'), zone('C'), zone('D', { alert: null })] }));
    runner.run(T0 + 3 * MINUTE, snapshot(T0 + 3 * MINUTE, { zones: [zone('A', { alert: { ...CAP, threshold: 400 } }), zone('B'), zone('C'), zone('D', { alert: null })] }));
    expect(runner.events.slice(1).map((e) => e.title).sort()).toEqual(["Zone A's cap changed to $400/day", "Zone D's cap was removed"]);
  });

  it('says nothing of a cap Zonewatch set itself, nor when the rule is off', () => {
    const runner = new AlertRunner(only({ capDrift: {} }));
    runner.run(T0, snapshot(T0, { zones: [zone('A', { alert: null })] }));
    const capped = zone('A', { alert: CAP });
    runner.memory = acknowledgeZone(runner.memory, capped);
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [capped] }));
    expect(runner.events).toEqual([]);
    const off = new AlertRunner(only({}));
    off.run(T0, snapshot(T0, { zones: [zone('A', { alert: CAP })] }));
    off.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { alert: null }), zone('N', { alert: null })] }));
    expect(off.events).toEqual([]);
  });
});
