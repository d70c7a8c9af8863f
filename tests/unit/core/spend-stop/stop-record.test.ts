import { describe, expect, it } from 'vitest';
import type { SpendStopOutcome, SpendStopRecord } from '../../../../shared/spend-stop';
import { recordAfterRestore, recordAfterStop, restoreDecision, stopDecision } from '../../../../electron/core/spend-stop/stop-record';

const T0 = '2026-11-21T03:00:00.000Z';
const T1 = '2026-11-21T03:05:00.000Z';
const o = (zoneId: string, result: SpendStopOutcome['result'], reason: string | null = null): SpendStopOutcome => ({ zoneId, name: `zone ${zoneId}`, spendTodayCents: 100, result, reason });
const z = (zoneId: string) => ({ zoneId, name: `zone ${zoneId}`, spendTodayCents: 100 });

describe('recordAfterStop', () => {
  it('records exactly the zones it disabled, and what it could not stop as still running', () => {
    const record = recordAfterStop(null, [o('A', 'disabled'), o('B', 'skipped', 'Already off.'), o('C', 'failed', 'HTTP 500'), o('D', 'not_allowed', 'role'), o('E', 'gone')], T0);
    expect(record).toEqual({
      stoppedAt: T0,
      updatedAt: T0,
      disabled: [z('A')],
      remaining: [{ ...z('C'), result: 'failed', reason: 'HTTP 500' }, { ...z('D'), result: 'not_allowed', reason: 'role' }],
    });
  });

  it('adds a retry to the earlier stop, keeping its time, and keeps only what is still left', () => {
    const first = recordAfterStop(null, [o('A', 'disabled'), o('C', 'failed', 'HTTP 500'), o('D', 'failed', 'timeout')], T0)!;
    const retry = recordAfterStop(first, [o('C', 'disabled'), o('D', 'failed', 'timeout again')], T1)!;
    expect(retry.stoppedAt).toBe(T0);
    expect(retry.updatedAt).toBe(T1);
    expect(retry.disabled.map((zone) => zone.zoneId)).toEqual(['A', 'C']);
    expect(retry.remaining).toEqual([{ ...z('D'), result: 'failed', reason: 'timeout again' }]);
  });

  it('records a stop that turned every zone off, and one that could turn none off, so Restore and Retry are offered', () => {
    expect(recordAfterStop(null, [o('A', 'disabled'), o('B', 'disabled')], T0)).toEqual({ stoppedAt: T0, updatedAt: T0, disabled: [z('A'), z('B')], remaining: [] });
    expect(recordAfterStop(null, [o('A', 'failed', 'HTTP 500')], T0)).toEqual({ stoppedAt: T0, updatedAt: T0, disabled: [], remaining: [{ ...z('A'), result: 'failed', reason: 'HTTP 500' }] });
  });

  it('keeps a zone the stop never reached as still running, and a failure without a reason in words', () => {
    const record = recordAfterStop(null, [o('A', 'disabled'), o('B', 'not_tried', 'Interrupted.'), o('C', 'failed')], T0)!;
    expect(record.remaining).toEqual([
      { ...z('B'), result: 'not_tried', reason: 'Interrupted.' },
      { ...z('C'), result: 'failed', reason: 'Unknown failure.' },
    ]);
  });

  it('makes no record when nothing was running', () => {
    expect(recordAfterStop(null, [o('B', 'skipped')], T0)).toBeNull();
  });
});

describe('recordAfterRestore', () => {
  const record: SpendStopRecord = { stoppedAt: T0, updatedAt: T0, disabled: [z('A'), z('B'), z('C'), z('D')], remaining: [{ ...z('E'), result: 'failed', reason: 'x' }] };

  it('ends the record once every stopped zone is back on, re-enabled by the user, or gone', () => {
    expect(recordAfterRestore(record, [o('A', 'enabled'), o('B', 'skipped'), o('C', 'gone'), o('D', 'enabled')], T1)).toBeNull();
  });

  it('keeps only the zones whose restore failed, so a second restore touches only them', () => {
    expect(recordAfterRestore(record, [o('A', 'enabled'), o('B', 'failed', 'HTTP 500'), o('C', 'not_tried'), o('D', 'gone')], T1)).toEqual({
      stoppedAt: T0,
      updatedAt: T1,
      disabled: [z('B'), z('C')],
      remaining: [],
    });
  });
});

describe('stop and restore decisions', () => {
  it('disables only a zone that is on, and restores only a zone that is still off', () => {
    expect([stopDecision(true), stopDecision(false), stopDecision('gone')]).toEqual(['change', 'skip', 'gone']);
    expect([restoreDecision(false), restoreDecision(true), restoreDecision('gone')]).toEqual(['change', 'skip', 'gone']);
  });

  it('disables, and restores, a zone whose on/off state the service sent unusable', () => {
    expect(stopDecision('unknown')).toBe('change');
    expect(restoreDecision('unknown')).toBe('change');
  });
});
