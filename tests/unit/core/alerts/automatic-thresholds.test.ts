import { describe, expect, it } from 'vitest';
import { automaticDayThresholds, automaticMonthThresholds, thresholdBase } from '../../../../electron/core/alerts/automatic-thresholds';
import { evaluate } from '../../../../electron/core/alerts/evaluate';
import { emptyAlertMemory } from '../../../../electron/core/alerts/alert-memory';
import type { AccountInfo } from '../../../../shared/api/account';
import type { BillingEntry } from '../../../../shared/api/billing';
import { account, alertInput, only, snapshot, status, zone } from './alert-scenario';

const NOW = Date.parse('2026-11-15T23:00:00Z');

function plan(a: AccountInfo, payg: boolean, minimumCents: number): AccountInfo {
  return { ...a, plan: { ...a.plan, is_pay_as_you_go: payg, minimum_monthly_spend_cents: minimumCents } };
}

function invoice(createdOn: string, usage: number, standing: number): BillingEntry {
  return {
    type: 'invoice',
    created_on: createdOn,
    name: 'October 2026',
    usage_charges_cents: usage,
    standing_charges_cents: standing,
    tax_cents: 0,
    total_cents: usage + standing,
    invoice_url: 'https://example.com/i.pdf',
  } as BillingEntry;
}

describe('automatic spend thresholds', () => {
  it('start at the plan minimum on a minimum-spend plan: 100 %, 125 % and 150 %, and days at 1.5× and 3× an average day', () => {
    const base = thresholdBase(plan(account(), false, 200_000), null, NOW);
    expect(automaticMonthThresholds(base)).toEqual([200_000, 250_000, 300_000]);
    expect(automaticDayThresholds(base)).toEqual([10_000, 20_000]);
  });

  it('follow last month’s spend on pay-as-you-go, from its invoice before tax', () => {
    const base = thresholdBase(plan(account(), true, 0), [invoice('2026-11-01T00:05:00Z', 30_000, 10_000)], NOW);
    expect(base).toEqual({ kind: 'lastMonth', monthCents: 40_000 });
    expect(automaticMonthThresholds(base)).toEqual([40_000, 60_000]);
  });

  it('are none on pay-as-you-go until a month of history exists', () => {
    expect(automaticMonthThresholds(thresholdBase(plan(account(), true, 0), [], NOW))).toEqual([]);
    expect(automaticMonthThresholds(thresholdBase(plan(account(), true, 0), [invoice('2026-08-01T00:05:00Z', 9_000, 0)], NOW))).toEqual([]);
    expect(automaticDayThresholds(thresholdBase(null, null, NOW))).toEqual([]);
  });

  it('warn where money starts: $1,500 of a $2,000 minimum says nothing, $2,100 says $2,000 once', () => {
    const settings = only({ spendMonth: {} });
    const memory = { ...emptyAlertMemory(), thresholdsBaselined: true };
    const at = (spend: number) => snapshot(NOW, { account: plan(account({ spendMonthCents: spend }), false, 200_000), zones: [zone('A')] });
    const quiet = evaluate(null, alertInput({ snapshot: at(150_000), history: [], status: status(NOW), billing: null }, NOW), settings, memory, NOW);
    expect(quiet.events).toEqual([]);
    const loud = evaluate(quiet.state, alertInput({ snapshot: at(210_000), history: [], status: status(NOW), billing: null }, NOW), settings, quiet.memory, NOW);
    expect(loud.events.map((e) => e.title)).toEqual(['Spend this month passed $2,000.00']);
  });

  it('says nothing of thresholds already passed at the very first look, and the next one when it is passed', () => {
    const settings = only({ spendMonth: {} });
    const at = (spend: number) => snapshot(NOW, { account: plan(account({ spendMonthCents: spend }), false, 200_000), zones: [zone('A')] });
    const first = evaluate(null, alertInput({ snapshot: at(260_000), history: [], status: status(NOW), billing: null }, NOW), settings, emptyAlertMemory(), NOW);
    expect(first.events).toEqual([]);
    expect(first.memory.thresholdsBaselined).toBe(true);
    const again = evaluate(first.state, alertInput({ snapshot: at(270_000), history: [], status: status(NOW), billing: null }, NOW), settings, first.memory, NOW + 60_000);
    expect(again.events).toEqual([]);
    const next = evaluate(again.state, alertInput({ snapshot: at(300_100), history: [], status: status(NOW), billing: null }, NOW), settings, again.memory, NOW + 120_000);
    expect(next.events.map((e) => e.title)).toEqual(['Spend this month passed $3,000.00']);
  });
});
