import { describe, expect, it } from 'vitest';
import type { SpendStopPlan } from '../../../shared/spend-stop';
import { outcomeLine, reportDialog, stopConfirmation } from '../../../shared/spend-stop-text';

const zone = (zoneId: string, spendTodayCents: number | null) => ({ zoneId, name: `zone ${zoneId}`, spendTodayCents });
const plan = (overrides: Partial<SpendStopPlan> = {}): SpendStopPlan => ({
  zones: [zone('A', 1_250), zone('B', 300), zone('C', 40), zone('D', 10)],
  spendTodayCents: 1_600,
  notAllowed: [],
  blockedReason: null,
  ...overrides,
});

describe('stopConfirmation', () => {
  it('names how many zones and their spend today, the biggest by name, and what Restore will do', () => {
    const ask = stopConfirmation(plan());
    expect(ask).toMatchObject({ kind: 'confirm', message: 'Stop all spend: disable 4 zones that spent $16.00 today?', confirmLabel: 'Disable 4 zones' });
    expect(ask.detail).toContain('zone A ($12.50), zone B ($3.00), zone C ($0.40), and 1 more');
    expect(ask.detail).toContain('Restore turns back on only those');
  });

  it('says how many zones have an unknown spend, left out of the total, and never prices them', () => {
    const ask = stopConfirmation(plan({ zones: [zone('A', 1_250), zone('B', null)], spendTodayCents: 1_250 }));
    expect(ask).toMatchObject({ message: 'Stop all spend: disable 2 zones that spent $12.50 today (the spend of 1 zone is unknown)?' });
    expect(ask.detail).toContain('zone A ($12.50), zone B (spend unknown)');
  });

  it('says which zones keep running because the role may not change them', () => {
    expect(stopConfirmation(plan({ notAllowed: [zone('X', 1)] })).detail).toContain("1 zone this key's role may not change keeps running.");
  });

  it('refuses with the reason when the stop cannot run, or when nothing this key may change runs', () => {
    expect(stopConfirmation(plan({ blockedReason: 'Zonewatch is offline.' }))).toEqual({ kind: 'refuse', message: 'Zonewatch cannot stop spend right now.', detail: 'Zonewatch is offline.' });
    expect(stopConfirmation(plan({ zones: [], spendTodayCents: 0, notAllowed: [zone('X', 1), zone('Y', 2)] }))).toMatchObject({
      kind: 'refuse',
      detail: "No zone it may change is running. 2 zones this key's role may not change keep running.",
    });
  });

  it('names the account it acts on, so a stop on one of several accounts cannot be mistaken', () => {
    expect(stopConfirmation(plan(), false, 'Client B').message).toBe('Stop all spend on Client B: disable 4 zones that spent $16.00 today?');
    expect(stopConfirmation(plan({ zones: [zone('A', 5)], spendTodayCents: 5 }), true, 'Client B').message).toBe('Try again to disable the 1 zone still running on Client B?');
    expect(stopConfirmation(plan({ blockedReason: 'Zonewatch is offline.' }), false, 'Client B').message).toBe('Zonewatch cannot stop spend on Client B right now.');
    expect(stopConfirmation(plan({ zones: [], spendTodayCents: 0 }), false, 'Client B').message).toBe('There is nothing this key can stop on Client B.');
  });

  it('asks differently for a retry', () => {
    expect(stopConfirmation(plan({ zones: [zone('A', 5)], spendTodayCents: 5 }), true).message).toBe('Try again to disable the 1 zone still running?');
  });
});

describe('reportDialog', () => {
  it('lists the zones still running first, with their reasons', () => {
    const text = reportDialog({
      action: 'stop',
      at: '2026-11-21T03:00:00Z',
      summary: 'Disabled 1 zone. 1 zone still running: zone B.',
      outcomes: [
        { ...zone('A', 1), result: 'disabled', reason: null },
        { ...zone('B', 1), result: 'failed', reason: 'The service had a problem.' },
      ],
      record: null,
    });
    expect(text.message).toBe('Disabled 1 zone. 1 zone still running: zone B.');
    expect(text.detail.split('\n')).toEqual(['zone B — failed: The service had a problem.', 'zone A — disabled']);
  });

  it('names the account before the summary', () => {
    const text = reportDialog({ action: 'restore', at: '2026-11-21T03:00:00Z', summary: 'Turned 1 zone back on.', outcomes: [{ ...zone('A', 1), result: 'enabled', reason: null }], record: null }, 'Client B');
    expect(text.message).toBe('Client B: Turned 1 zone back on.');
  });

  it('names the not-allowed result in words', () => {
    expect(outcomeLine({ ...zone('A', 1), result: 'not_allowed', reason: "This key's role may not change this zone." })).toBe(
      "zone A — not allowed for this role: This key's role may not change this zone.",
    );
  });
});
