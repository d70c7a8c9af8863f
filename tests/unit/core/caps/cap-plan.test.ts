import { describe, expect, it } from 'vitest';
import { alertNow, capUsed, capWarning, currentCap, planCaps, ruleAlert } from '../../../../electron/core/caps/cap-plan';
import { applyDecision, CHANGED_SINCE_PREVIEW_REASON, capsSummary, recordAfterApply, recordAfterUndo, undoDecision } from '../../../../electron/core/caps/caps-record';
import { applyCheck } from '../../../../electron/core/caps/fresh-check';
import { Zone } from '../../../../shared/api/zone';
import type { CapOutcome, CapRecordZone } from '../../../../shared/caps';
import { emptySnapshot, type Snapshot } from '../../../../shared/snapshot';
import { sampleZone } from '../../../fixtures/api-samples';

const zone = (id: string, patch: Record<string, unknown> = {}) => Zone.parse({ ...sampleZone(id), ...patch });
function snapshot(zones: Zone[], role: 'admin' | 'billing_admin' = 'admin'): Snapshot {
  const empty = emptySnapshot();
  return { ...empty, zones: Object.fromEntries(zones.map((z) => [z.zone_id, { zone: z, fetchedAt: '2026-11-22T10:00:00Z' }])), discovery: { ...empty.discovery, role } };
}
const DAILY = { type: 'dollars_per_day', threshold: 20, action: 'disable_zone' } as const;

describe('ruleAlert', () => {
  it('sizes a cap to the zone’s usual spend, rounded up to whole dollars, never below the floor nor above the service’s maximum', () => {
    const rule = { kind: 'usual', multiple: 3, floorDollars: 5, action: 'send_notification' } as const;
    expect(ruleAlert(rule, { cents: 1_234, basis: 'ledger', days: 14, estimated: false })).toEqual({ type: 'dollars_per_day', threshold: 38, action: 'send_notification' });
    expect(ruleAlert(rule, { cents: 40, basis: 'this_month', days: 3, estimated: true })).toEqual({ type: 'dollars_per_day', threshold: 5, action: 'send_notification' });
    expect(ruleAlert(rule, { cents: 1e9, basis: 'ledger', days: 14, estimated: false })).toMatchObject({ threshold: 1_000_000 });
    expect(ruleAlert(rule, null)).toEqual({ reason: expect.stringMatching(/usual daily spend is not known/) });
  });
});

describe('capWarning', () => {
  it('flags a cap at or below today’s or this month’s figure in its own unit (GB of 10⁹ bytes)', () => {
    const z = zone('A', { spend_today_cents: 2_000, spend_this_month_cents: 50_000, usage_today_bytes: 3e9, usage_this_month_bytes: 9e9 });
    expect(capWarning(z, DAILY)).toBe('below_today');
    expect(capWarning(z, { ...DAILY, threshold: 20.01 })).toBeNull();
    expect(capWarning(z, { ...DAILY, type: 'dollars_per_month', threshold: 499 })).toBe('below_month');
    expect(capWarning(z, { ...DAILY, type: 'gigabytes_per_day', threshold: 3 })).toBe('below_today');
    expect(capWarning(z, { ...DAILY, type: 'gigabytes_per_day', threshold: 4 })).toBeNull();
    expect(capWarning(z, { ...DAILY, type: 'gigabytes_per_month', threshold: 9.5 })).toBeNull();
    expect(capWarning(zone('B', { spend_today_cents: 'x' }), DAILY)).toBeNull();
  });
});

describe('currentCap and capUsed', () => {
  it('shows a zone’s cap as hidden, unreadable, none or set, and how much of it the zone has used', () => {
    const capped = zone('A', { alert: { ...DAILY, threshold: 40 }, spend_today_cents: 2_000 });
    expect(currentCap(capped, false)).toEqual({ state: 'hidden' });
    expect(currentCap(zone('B', { alert: 'not an alert' }), true)).toEqual({ state: 'unreadable' });
    expect(currentCap(zone('C', { alert: null }), true)).toEqual({ state: 'none' });
    const set = currentCap(capped, true);
    expect(set).toEqual({ state: 'set', ...DAILY, threshold: 40, lastTriggered: null });
    expect(currentCap(zone('D', { alert: { ...DAILY, last_triggered: '2026-11-21T10:00:00Z' } }), true)).toMatchObject({ lastTriggered: '2026-11-21T10:00:00Z' });
    expect(capUsed(capped, set)).toBe(0.5);
    expect(capUsed(capped, { state: 'none' })).toBeNull();
  });

  it('says nothing of how much of a cap is used when the figure it counts is unknown or of a kind Zonewatch does not measure', () => {
    const noUsage = zone('A', { usage_today_bytes: undefined, usage_this_month_bytes: 4e9 });
    const gbToday = { state: 'set', type: 'gigabytes_per_day', threshold: 2, action: 'disable_zone', lastTriggered: null } as const;
    expect(capUsed(noUsage, gbToday)).toBeNull();
    expect(capUsed(noUsage, { ...gbToday, type: 'gigabytes_per_month' })).toBe(2);
    expect(capUsed(noUsage, { ...gbToday, type: 'requests_per_month' })).toBeNull();
    expect(capWarning(noUsage, { ...DAILY, type: 'gigabytes_per_day', threshold: 1 })).toBeNull();
  });
});

describe('alertNow', () => {
  // Apply's fresh check and recovery after a crash both read a zone's alert through it: one rule for what can be put back.
  it('reads a zone’s alert as an update could send it back: none, the alert, or unreadable when it came garbled or is of a kind an update cannot carry', () => {
    expect(alertNow(zone('A', { alert: null }))).toBeNull();
    expect(alertNow(zone('B', { alert: { ...DAILY, last_triggered: '2026-11-21T10:00:00Z' } }))).toEqual(DAILY);
    expect(alertNow(zone('C', { alert: 'not an alert' }))).toBe('unreadable');
    expect(alertNow(zone('D', { alert: { ...DAILY, action: 'page_the_ceo' } }))).toBe('unreadable');
    expect(alertNow(zone('E', { alert: { ...DAILY, type: 'requests_per_fortnight' } }))).toBe('unreadable');
  });
});

describe('planCaps', () => {
  const rule = { kind: 'fixed', ...DAILY } as const;
  it('lists each zone’s old and new cap, leaves out zones that hold it already, and says which cannot be changed and why', () => {
    const zones = [
      zone('NEW', { alert: null }),
      zone('SAME', { alert: { ...DAILY, last_triggered: '2026-11-21T10:00:00Z' } }),
      zone('ODD', { alert: { type: 'requests_per_day', threshold: 3, action: 'disable_zone' } }),
      zone('BAD', { alert: 'not an alert' }),
      zone('TINY', { alert: { ...DAILY, threshold: 0.5 } }),
    ];
    const plan = planCaps({ snapshot: snapshot(zones), zoneIds: ['NEW', 'SAME', 'ODD', 'BAD', 'TINY', 'GHOST', 'NEW'], rule, usual: () => null, block: null });
    expect(plan.changes.map((c) => [c.zoneId, c.before])).toEqual([['NEW', null]]);
    expect(plan.unchanged.map((z) => z.zoneId)).toEqual(['SAME']);
    expect(Object.fromEntries(plan.cannotChange.map((z) => [z.zoneId, z.reason]))).toEqual({
      ODD: expect.stringMatching(/does not know/),
      BAD: expect.stringMatching(/could not be read/),
      TINY: expect.stringMatching(/does not know/),
      GHOST: expect.stringMatching(/Not known to Zonewatch/),
    });
  });

  it('changes a cap whose type or action differs even where the threshold is the same', () => {
    const zones = [
      zone('NOTIFY', { alert: { ...DAILY, action: 'send_notification' } }),
      zone('GB', { alert: { ...DAILY, type: 'gigabytes_per_day' } }),
    ];
    const plan = planCaps({ snapshot: snapshot(zones), zoneIds: ['NOTIFY', 'GB'], rule, usual: () => null, block: null });
    expect(plan.changes.map((c) => [c.zoneId, c.after])).toEqual([['NOTIFY', DAILY], ['GB', DAILY]]);
    expect(plan.unchanged).toEqual([]);
  });

  it('leaves out, with the reason, a zone whose usual spend is unknown under a rule sized by it', () => {
    const plan = planCaps({
      snapshot: snapshot([zone('A', { alert: null }), zone('B', { alert: null })]),
      zoneIds: ['A', 'B'],
      rule: { kind: 'usual', multiple: 2, floorDollars: 5, action: 'disable_zone' },
      usual: (zoneId) => (zoneId === 'A' ? { cents: 1_000, basis: 'ledger', days: 28, estimated: false } : null),
      block: null,
    });
    expect(plan.changes.map((c) => c.zoneId)).toEqual(['A']);
    expect(plan.cannotChange).toEqual([{ zoneId: 'B', name: expect.any(String), reason: expect.stringMatching(/usual daily spend is not known/) }]);
  });

  it('changes nothing while the key’s role is not known yet, and says so', () => {
    const unknownRole = { ...snapshot([zone('A', { alert: null })]), discovery: { ...emptySnapshot().discovery, role: null } };
    const plan = planCaps({ snapshot: unknownRole, zoneIds: ['A'], rule, usual: () => null, block: 'no_key' });
    expect(plan.changes).toEqual([]);
    expect(plan.cannotChange[0]?.reason).toMatch(/not learnt this key’s role/);
    expect(plan.blockedReason).toMatch(/nothing was changed\.$/);
  });

  it('changes nothing for a role that may not see alerts, and says why nothing can change while offline', () => {
    const plan = planCaps({ snapshot: snapshot([zone('A')], 'billing_admin'), zoneIds: ['A'], rule, usual: () => null, block: 'offline' });
    expect(plan.changes).toEqual([]);
    expect(plan.cannotChange[0]?.reason).toMatch(/for admins only/);
    expect(plan.blockedReason).toMatch(/offline/);
  });

  it('works out each zone’s usual spend only for a rule sized by it, the costly part of a preview of thousands', () => {
    const asked: string[] = [];
    const usual = (zoneId: string) => (asked.push(zoneId), { cents: 1_000, basis: 'ledger' as const, days: 28, estimated: false });
    const zones = [zone('A', { alert: null }), zone('B', { alert: null })];
    expect(planCaps({ snapshot: snapshot(zones), zoneIds: ['A', 'B'], rule, usual, block: null }).changes).toHaveLength(2);
    expect(asked).toEqual([]);
    const sized = planCaps({ snapshot: snapshot(zones), zoneIds: ['A', 'B'], rule: { kind: 'usual', multiple: 2, floorDollars: 5, action: 'disable_zone' }, usual, block: null });
    expect(sized.changes.map((c) => c.after.threshold)).toEqual([20, 20]);
    expect(asked).toEqual(['A', 'B']);
  });
});

describe('the caps record and Undo', () => {
  const z = (zoneId: string, before: CapRecordZone['before'], threshold: number): CapRecordZone => ({ zoneId, name: zoneId, before, after: { ...DAILY, threshold } });
  const out = (zoneId: string, result: CapOutcome['result']): CapOutcome => ({ zoneId, name: zoneId, result, reason: result === 'failed' ? 'boom' : null });

  it('keeps the alert from before the first bulk change, so Undo puts back what the person had', () => {
    const first = recordAfterApply(null, [z('A', null, 10), z('B', DAILY, 10)], [out('A', 'set'), out('B', 'failed')], '2026-11-22T10:00:00Z')!;
    expect(first.failed.map((f) => f.zoneId)).toEqual(['B']);
    const second = recordAfterApply(first, [z('A', { ...DAILY, threshold: 10 }, 15), z('B', DAILY, 10)], [out('A', 'set'), out('B', 'set')], '2026-11-22T11:00:00Z')!;
    expect(second.changed).toEqual([z('A', null, 15), z('B', DAILY, 10)]);
    expect(second.failed).toEqual([]);
    expect(second.appliedAt).toBe('2026-11-22T10:00:00Z');
    expect(recordAfterApply(null, [], [], 'x')).toBeNull();
  });

  it('puts a cap back only while the zone still holds what Zonewatch set (the rule Restore follows)', () => {
    const entry = z('A', null, 10);
    expect(undoDecision({ ...DAILY, threshold: 10 }, entry)).toBe('change');
    expect(undoDecision({ ...DAILY, threshold: 11 }, entry)).toBe('skip');
    // Its cap removed since: what it had before Zonewatch set one, so already as before.
    expect(undoDecision(null, entry)).toBe('as_before');
    expect(undoDecision(null, z('B', DAILY, 10))).toBe('skip');
    expect(undoDecision(DAILY, z('B', DAILY, 10))).toBe('as_before');
    expect(undoDecision('unreadable', entry)).toBe('skip');
    expect(undoDecision('gone', entry)).toBe('gone');
  });

  it('sets a cap only while the zone still holds the cap its preview showed', () => {
    const previewed = z('A', DAILY, 10);
    expect(applyDecision(DAILY, previewed)).toBe('change');
    expect(applyDecision({ ...DAILY, threshold: 21 }, previewed)).toBe('skip');
    expect(applyDecision(null, previewed)).toBe('skip');
    expect(applyDecision('unreadable', previewed)).toBe('skip');
    expect(applyDecision('gone', previewed)).toBe('gone');
    expect(applyDecision({ ...DAILY, threshold: 10 }, previewed)).toBe('as_after');
    expect(applyDecision(null, z('B', null, 10))).toBe('change');
  });

  it('Retry counts a failed zone already holding the new cap as set (its answer was lost), Apply leaves it as changed since the preview', () => {
    const failed = z('A', null, 10);
    expect(applyCheck('retry')({ ...DAILY, threshold: 10 }, failed)).toMatchObject({ result: 'set' });
    expect(applyCheck('apply')({ ...DAILY, threshold: 10 }, failed)).toEqual({ result: 'skipped', reason: CHANGED_SINCE_PREVIEW_REASON });
    expect(applyCheck('retry')(DAILY, failed)).toEqual({ result: 'skipped', reason: CHANGED_SINCE_PREVIEW_REASON });
    expect(applyCheck('retry')(null, failed)).toBe('change');
  });

  it('drops from what Retry sends a zone changed since the preview, and says how many were left', () => {
    const record = recordAfterApply(null, [z('A', null, 10), z('B', null, 10)], [out('A', 'failed'), out('B', 'failed')], 't')!;
    const retried = recordAfterApply(record, [z('A', null, 10), z('B', null, 10)], [out('A', 'set'), out('B', 'skipped')], 'u')!;
    expect(retried.changed.map((c) => c.zoneId)).toEqual(['A']);
    expect(retried.failed).toEqual([]);
    expect(capsSummary('retry', [out('A', 'set'), out('B', 'skipped')])).toBe('Set the cap on 1 zone. 1 zone changed since the preview, left as it is.');
    expect(capsSummary('apply', [out('A', 'skipped'), out('B', 'skipped'), out('C', 'failed')])).toBe('Set the cap on 0 zones. 2 zones changed since the preview, left as they are. 1 zone failed: Retry sends it again.');
  });

  it('keeps after an undo only the zones whose undo failed', () => {
    const record = recordAfterApply(null, [z('A', null, 10), z('B', null, 10), z('C', null, 10)], [out('A', 'set'), out('B', 'set'), out('C', 'set')], 't')!;
    expect(recordAfterUndo(record, [out('A', 'restored'), out('B', 'failed'), out('C', 'skipped')], 'u')?.changed.map((c) => c.zoneId)).toEqual(['B']);
    expect(recordAfterUndo(record, [out('A', 'restored'), out('B', 'gone'), out('C', 'skipped')], 'u')).toBeNull();
  });
});
