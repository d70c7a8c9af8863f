import { describe, expect, it } from 'vitest';
import type { Zone } from '../../../../shared/api/zone';
import { acknowledgeZone } from '../../../../electron/core/alerts/rules/zone-state';
import { thinZoneDetail } from '../../../../electron/core/data/history-store';
import { sampleInvoiceEntry, samplePaymentEntry } from '../../../fixtures/api-samples';
import { BillingEntry } from '../../../../shared/api/billing';
import { AlertRunner, HOUR, MINUTE, account, only, snapshot, status, zone } from './alert-scenario';

const T0 = Date.parse('2026-11-22T10:00:00Z');

describe('spend today', () => {
  it('fires once when the account crosses a threshold and not again that UTC day', () => {
    const runner = new AlertRunner(only({ spendToday: { thresholdsCents: [1_000, 5_000] } }));
    expect(runner.run(T0, snapshot(T0, { zones: [zone('A', { spend_today_cents: 900 })] }))).toEqual([]);
    const events = runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { spend_today_cents: 1_100 })] }));
    expect(events).toMatchObject([{ rule: 'spendToday', key: 'spendToday:1000:2026-11-22', title: 'Spend today passed $10.00' }]);
    for (let i = 2; i < 20; i += 1) {
      runner.run(T0 + i * MINUTE, snapshot(T0 + i * MINUTE, { zones: [zone('A', { spend_today_cents: 1_100 + i })] }));
    }
    expect(runner.events).toHaveLength(1);
  });

  it('names only the highest threshold when several are crossed at once, and never the lower one later', () => {
    const runner = new AlertRunner(only({ spendToday: { thresholdsCents: [1_000, 5_000] } }));
    runner.run(T0, snapshot(T0, { zones: [zone('A', { spend_today_cents: 6_000 })] }));
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { spend_today_cents: 6_100 })] }));
    expect(runner.events.map((e) => e.title)).toEqual(['Spend today passed $50.00']);
  });

  it('says it once for a value flapping around the threshold for 100 cycles', () => {
    const runner = new AlertRunner(only({ spendToday: { thresholdsCents: [1_000] } }));
    for (let i = 0; i < 100; i += 1) {
      const t = T0 + i * MINUTE;
      runner.run(t, snapshot(t, { zones: [zone('A', { spend_today_cents: i % 2 === 0 ? 990 : 1_010 })] }));
    }
    expect(runner.events).toHaveLength(1);
  });

  it('re-arms on the next UTC day', () => {
    const runner = new AlertRunner(only({ spendToday: { thresholdsCents: [1_000] } }));
    const lateEvening = Date.parse('2026-11-22T23:58:00Z');
    runner.run(lateEvening, snapshot(lateEvening, { zones: [zone('A', { spend_today_cents: 2_000 })] }));
    const afterMidnight = lateEvening + 4 * MINUTE;
    runner.run(afterMidnight, snapshot(afterMidnight, { zones: [zone('A', { spend_today_cents: 10 })] }));
    const later = Date.parse('2026-11-23T15:00:00Z');
    runner.run(later, snapshot(later, { zones: [zone('A', { spend_today_cents: 1_500 })] }));
    expect(runner.events.map((e) => e.key)).toEqual(['spendToday:1000:2026-11-22', 'spendToday:1000:2026-11-23']);
  });
});

describe('spend this month', () => {
  it('fires once per threshold per UTC month', () => {
    const runner = new AlertRunner(only({ spendMonth: { thresholdsCents: [10_000] } }));
    runner.run(T0, snapshot(T0, { account: account({ spendMonthCents: 9_000 }) }));
    runner.run(T0 + HOUR, snapshot(T0 + HOUR, { account: account({ spendMonthCents: 10_500 }) }));
    runner.run(T0 + 2 * HOUR, snapshot(T0 + 2 * HOUR, { account: account({ spendMonthCents: 11_000 }) }));
    const nextMonth = Date.parse('2026-12-03T09:00:00Z');
    runner.run(nextMonth, snapshot(nextMonth, { account: account({ spendMonthCents: 12_000 }) }));
    expect(runner.events.map((e) => e.key)).toEqual(['spendMonth:10000:2026-11', 'spendMonth:10000:2026-12']);
    expect(runner.events[0]!.body).toContain('$105.00');
  });
});

describe('zone spend today', () => {
  it('uses the zone’s own threshold when one is set and points at that zone', () => {
    const runner = new AlertRunner(only({ zoneSpendToday: { thresholdCents: 2_000, perZoneCents: { B: 500 } } }));
    const events = runner.run(T0, snapshot(T0, { zones: [zone('A', { spend_today_cents: 1_000 }), zone('B', { spend_today_cents: 600 })] }));
    expect(events).toMatchObject([{ rule: 'zoneSpendToday', zoneId: 'B', target: { view: 'zone', zoneId: 'B' } }]);
  });
});

/** Spend grows by `centsPerHour` each hour, one cycle a minute. */
function steadySpend(runner: AlertRunner, from: number, minutes: number, startCents: number, centsPerHour: (minute: number) => number) {
  let cents = startCents;
  for (let m = 0; m < minutes; m += 1) {
    cents += centsPerHour(m) / 60;
    const t = from + m * MINUTE;
    runner.run(t, snapshot(t, { zones: [zone('A', { spend_today_cents: cents })] }));
  }
  return cents;
}

describe('spend spike', () => {
  it('fires when the 15-minute rate passes 3× the trailing rate for 2 cycles, once, and again after recovery', () => {
    const runner = new AlertRunner(only({ spike: {} }));
    const start = Date.parse('2026-11-22T02:00:00Z');
    let cents = steadySpend(runner, start, 180, 0, () => 50);
    expect(runner.events).toEqual([]);
    cents = steadySpend(runner, start + 180 * MINUTE, 30, cents, () => 600);
    expect(runner.events).toHaveLength(1);
    expect(runner.events[0]).toMatchObject({ rule: 'spike', severity: 'warning', zoneId: 'A' });
    expect(runner.events[0]!.title).toMatch(/^Spend spike: \$\d+\.\d\d\/h$/);
    cents = steadySpend(runner, start + 210 * MINUTE, 60, cents, () => 50);
    expect(runner.events).toHaveLength(1);
    steadySpend(runner, start + 270 * MINUTE, 20, cents, () => 900);
    expect(runner.events).toHaveLength(2);
    expect(runner.events[1]!.key).not.toBe(runner.events[0]!.key);
  });

  it('names the zone that spent most even where the history keeps per-zone figures only every few minutes', () => {
    const runner = new AlertRunner(only({ spike: {} }));
    const start = Date.parse('2026-11-22T02:00:00Z');
    let a = 0;
    let b = 0;
    for (let m = 0; m < 210; m += 1) {
      // A has spent the most all along; B is the one that suddenly spends.
      a += m < 180 ? 10 : 11;
      b += m < 180 ? 1 : 30;
      const t = start + m * MINUTE;
      runner.run(t, snapshot(t, { zones: [zone('A', { spend_today_cents: a }), zone('B', { spend_today_cents: b })] }));
      // As the app's history store keeps it.
      runner.history = thinZoneDetail(runner.history, t);
    }
    expect(runner.events).toHaveLength(1);
    expect(runner.events[0]).toMatchObject({ rule: 'spike', zoneId: 'B' });
    expect(runner.events[0]!.body).toContain('Most of it is zone');
  });

  it('does not fire on an idle account whose rate rises from nothing to under the $1/h minimum', () => {
    const runner = new AlertRunner(only({ spike: {} }));
    const start = Date.parse('2026-11-22T02:00:00Z');
    steadySpend(runner, start, 240, 0, (m) => (m < 200 ? 0 : 80));
    expect(runner.events).toEqual([]);
  });

  it('waits for the set number of cycles over the bar before it fires', () => {
    const runner = new AlertRunner(only({ spike: { sustainCycles: 3 } }));
    const start = Date.parse('2026-11-22T02:00:00Z');
    let cents = steadySpend(runner, start, 120, 0, () => 60);
    const counts: number[] = [];
    for (let m = 0; m < 4; m += 1) {
      cents += 100; // $60/h for a few minutes: far over any bar from the first cycle.
      const t = start + (120 + m) * MINUTE;
      runner.run(t, snapshot(t, { zones: [zone('A', { spend_today_cents: cents })] }));
      counts.push(runner.events.length);
    }
    expect(counts).toEqual([0, 0, 1, 1]);
  });
});

describe('low balance', () => {
  it('fires once below the threshold, stays quiet while the balance hovers around it, and re-arms after a top-up', () => {
    const runner = new AlertRunner(only({ lowBalance: { thresholdCents: 1_000 } }));
    runner.run(T0, snapshot(T0, { account: account({ balanceCents: 5_000 }) }));
    for (let i = 1; i <= 100; i += 1) {
      const t = T0 + i * MINUTE;
      runner.run(t, snapshot(t, { account: account({ balanceCents: i % 2 === 0 ? 990 : 1_010 }) }));
    }
    expect(runner.events).toHaveLength(1);
    expect(runner.events[0]).toMatchObject({ rule: 'lowBalance', severity: 'warning', target: { view: 'account' } });
    runner.run(T0 + 200 * MINUTE, snapshot(T0 + 200 * MINUTE, { account: account({ balanceCents: 20_000 }) }));
    runner.run(T0 + 300 * MINUTE, snapshot(T0 + 300 * MINUTE, { account: account({ balanceCents: -50 }) }));
    expect(runner.events).toHaveLength(2);
    expect(runner.events[1]).toMatchObject({ severity: 'critical', title: 'Balance is used up: -$0.50' });
  });

  it('counts trial credit as balance', () => {
    const runner = new AlertRunner(only({ lowBalance: { thresholdCents: 1_000 } }));
    runner.run(T0, snapshot(T0, { account: account({ balanceCents: 600, trialCents: 500 }) }));
    expect(runner.events).toEqual([]);
  });
});

describe('runway', () => {
  it('fires when the balance at the current burn rate lasts less than the set hours', () => {
    const runner = new AlertRunner(only({ runway: { hours: 24 } }));
    let cents = 0;
    for (let m = 0; m <= 60; m += 1) {
      cents += 200 / 60;
      const t = T0 + m * MINUTE;
      runner.run(t, snapshot(t, { account: account({ balanceCents: 3_000 }), zones: [zone('A', { spend_today_cents: cents })] }));
    }
    expect(runner.events).toHaveLength(1);
    expect(runner.events[0]!.title).toBe('Balance lasts about 15 hours');
  });

  it('stays quiet while nothing is spent', () => {
    const runner = new AlertRunner(only({ runway: { hours: 24 } }));
    for (let m = 0; m <= 60; m += 1) {
      const t = T0 + m * MINUTE;
      runner.run(t, snapshot(t, { account: account({ balanceCents: 100 }), zones: [zone('A', { spend_today_cents: 500 })] }));
    }
    expect(runner.events).toEqual([]);
  });
});

describe('trial expiry', () => {
  it('fires once when trial credit expires within the set hours', () => {
    const runner = new AlertRunner(only({ trialExpiry: { hoursBefore: 72 } }));
    const expires = '2026-11-24T00:00:00Z';
    runner.run(T0 - 48 * HOUR, snapshot(T0 - 48 * HOUR, { account: account({ trialCents: 500, trialExpiresOn: expires }) }));
    expect(runner.events).toEqual([]);
    runner.run(T0, snapshot(T0, { account: account({ trialCents: 500, trialExpiresOn: expires }) }));
    runner.run(T0 + HOUR, snapshot(T0 + HOUR, { account: account({ trialCents: 500, trialExpiresOn: expires }) }));
    expect(runner.events).toMatchObject([{ rule: 'trialExpiry', title: 'Trial credit expires in about 38 hours' }]);
  });
});

describe('monthly budget forecast', () => {
  const day = (dom: number) => Date.parse(`2026-11-${String(dom).padStart(2, '0')}T00:00:00Z`);
  const at = (runner: AlertRunner, t: number, spendMonthCents: number) => runner.run(t, snapshot(t, { account: account({ spendMonthCents }) }));

  it('says "may pass" once when the range reaches over the budget, then "will pass" once when its lower end does: two notifications in the month', () => {
    const runner = new AlertRunner(only({ monthlyBudget: { budgetCents: 10_000 } }));
    // $70 in 19 days ≈ $3.68 a day: about $110 by the 30th, the range reaching well past $100 but starting below it.
    at(runner, day(20), 7_000);
    at(runner, day(20) + HOUR, 7_010);
    expect(runner.events).toMatchObject([{ rule: 'monthlyBudget', key: 'monthlyBudget:may:10000:2026-11', severity: 'warning', title: 'This month may pass your $100.00 budget' }]);
    expect(runner.events[0]!.body).toMatch(/likely \$\d+–\$\d+/);
    // $95 by the 25th: even the range's lower end is over $100.
    for (let h = 0; h < 5; h += 1) at(runner, day(25) + h * HOUR, 9_500 + h);
    expect(runner.events.map((e) => e.key)).toEqual(['monthlyBudget:may:10000:2026-11', 'monthlyBudget:will:10000:2026-11']);
    expect(runner.events[1]!.title).toBe('This month will pass your $100.00 budget');
    // Over it for good: nothing more this month, and nothing again after a restart (the alert memory is kept).
    at(runner, day(28), 12_000);
    const restarted = new AlertRunner(runner.settings, runner.memory);
    at(restarted, day(28) + HOUR, 12_100);
    expect(runner.events).toHaveLength(2);
    expect(restarted.events).toEqual([]);
  });

  it('says only "will pass" when both ends are over at once, and never "may pass" after it', () => {
    const runner = new AlertRunner(only({ monthlyBudget: { budgetCents: 10_000 } }));
    at(runner, day(26), 11_000);
    at(runner, day(27), 11_500);
    expect(runner.events).toMatchObject([{ key: 'monthlyBudget:will:10000:2026-11', severity: 'critical', title: 'Over your monthly budget of $100.00' }]);
  });

  it('stays quiet when even the range\'s upper end is under budget', () => {
    const runner = new AlertRunner(only({ monthlyBudget: { budgetCents: 10_000 } }));
    at(runner, day(20), 3_000);
    expect(runner.events).toEqual([]);
  });
});

describe('minimum spend shortfall', () => {
  it('fires once when the month is projected to end short of the plan minimum', () => {
    const runner = new AlertRunner(only({ minimumShortfall: {} }));
    const day20 = Date.parse('2026-11-20T00:00:00Z');
    const acct = account({ spendMonthCents: 9_500, minimumCents: 50_000, minimumMet: false });
    runner.run(day20, snapshot(day20, { account: acct }));
    runner.run(day20 + HOUR, snapshot(day20 + HOUR, { account: acct }));
    expect(runner.events).toHaveLength(1);
    expect(runner.events[0]).toMatchObject({ rule: 'minimumShortfall', target: { view: 'plans' } });
    expect(runner.events[0]!.title).toMatch(/^About \$\d+\.\d\d short of your plan's minimum$/);
  });

  it('stays quiet on pay as you go and once the minimum is met', () => {
    const runner = new AlertRunner(only({ minimumShortfall: {} }));
    const day20 = Date.parse('2026-11-20T00:00:00Z');
    runner.run(day20, snapshot(day20, { account: account({ spendMonthCents: 100, minimumCents: 0, minimumMet: false }) }));
    runner.run(day20 + HOUR, snapshot(day20 + HOUR, { account: account({ spendMonthCents: 100, minimumCents: 50_000, minimumMet: true }) }));
    expect(runner.events).toEqual([]);
  });
});

describe('throughput ceiling', () => {
  const ceiling = 1e8;
  it('fires after the set number of cycles above the ceiling, once while it hovers there, and again after a sustained fall', () => {
    const runner = new AlertRunner(only({ throughputCeiling: { bps: ceiling, sustainCycles: 3 } }));
    const at = (i: number, bps: number) => runner.run(T0 + i * MINUTE, snapshot(T0 + i * MINUTE, { zones: [zone('A', { current_thoughput_bps: bps })] }));
    at(0, 2e8);
    at(1, 2e8);
    expect(runner.events).toEqual([]);
    at(2, 2e8);
    expect(runner.events).toMatchObject([{ rule: 'throughputCeiling', zoneId: 'A', title: 'Zone A: throughput above 100 Mbit/s' }]);
    for (let i = 3; i < 103; i += 1) at(i, i % 2 === 0 ? 1.05e8 : 0.95e8);
    expect(runner.events).toHaveLength(1);
    for (let i = 103; i < 106; i += 1) at(i, 1e7);
    for (let i = 106; i < 109; i += 1) at(i, 3e8);
    expect(runner.events).toHaveLength(2);
  });

  it('does not fire on a rise shorter than the sustain', () => {
    const runner = new AlertRunner(only({ throughputCeiling: { bps: ceiling, sustainCycles: 3 } }));
    for (let i = 0; i < 50; i += 1) {
      const bps = i % 3 === 2 ? 1e7 : 2e8;
      runner.run(T0 + i * MINUTE, snapshot(T0 + i * MINUTE, { zones: [zone('A', { current_thoughput_bps: bps })] }));
    }
    expect(runner.events).toEqual([]);
  });
});

describe('throughput drop', () => {
  it('fires when an enabled zone that had traffic moves nothing for the set cycles', () => {
    const runner = new AlertRunner(only({ throughputDrop: { sustainCycles: 3 } }));
    const bps = [5e6, 5e6, 0, 0, 0, 0, 0, 0];
    bps.forEach((b, i) => runner.run(T0 + i * MINUTE, snapshot(T0 + i * MINUTE, { zones: [zone('A', { current_thoughput_bps: b })] })));
    expect(runner.events).toMatchObject([{ rule: 'throughputDrop', zoneId: 'A' }]);
  });

  it('stays quiet for a zone that never had traffic and for a disabled zone', () => {
    const runner = new AlertRunner(only({ throughputDrop: { sustainCycles: 1 } }));
    for (let i = 0; i < 10; i += 1) {
      const t = T0 + i * MINUTE;
      runner.run(t, snapshot(t, { zones: [zone('A'), zone('B', { enabled: i < 3, current_thoughput_bps: i < 3 ? 5e6 : 0 })] }));
    }
    expect(runner.events).toEqual([]);
  });
});

describe('zone state changed elsewhere', () => {
  it('says nothing about zones it sees for the first time', () => {
    const runner = new AlertRunner(only({ zoneState: {} }));
    runner.run(T0, snapshot(T0, { zones: [zone('A', { enabled: false, provisioning_status: 'deprovisioned' })] }));
    expect(runner.events).toEqual([]);
  });

  it('reports a zone disabled and enabled elsewhere, once each', () => {
    const runner = new AlertRunner(only({ zoneState: {} }));
    runner.run(T0, snapshot(T0, { zones: [zone('A')] }));
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { enabled: false })] }));
    runner.run(T0 + 2 * MINUTE, snapshot(T0 + 2 * MINUTE, { zones: [zone('A', { enabled: false })] }));
    runner.run(T0 + 3 * MINUTE, snapshot(T0 + 3 * MINUTE, { zones: [zone('A', { enabled: true })] }));
    expect(runner.events.map((e) => e.title)).toEqual(['Zone A was disabled', 'Zone A was enabled']);
  });

  it('does not report a change the app made itself', () => {
    const runner = new AlertRunner(only({ zoneState: {} }));
    runner.run(T0, snapshot(T0, { zones: [zone('A')] }));
    runner.memory = acknowledgeZone(runner.memory, zone('A', { enabled: false }));
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { enabled: false })] }));
    expect(runner.events).toEqual([]);
  });

  it('tells a zone disabled by its own alert from one disabled by hand', () => {
    const runner = new AlertRunner(only({ zoneState: {} }));
    const alert = { type: 'dollars_per_day', threshold: 25.5, action: 'disable_zone', last_triggered: '2026-11-20T08:15:00Z' };
    runner.run(T0, snapshot(T0, { zones: [zone('A', { alert })] }));
    const triggered = { ...alert, last_triggered: '2026-11-22T10:00:30Z' };
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { alert: triggered, enabled: false })] }));
    expect(runner.events).toHaveLength(1);
    expect(runner.events[0]).toMatchObject({ title: 'Zone A was turned off by its $25.5/day cap', severity: 'warning' });
    expect(runner.events[0]!.body).toContain('was turned off by its $25.5/day cap at 10:00 UTC');
  });

  it('reports a provisioning status change and a deleted zone', () => {
    const runner = new AlertRunner(only({ zoneState: {} }));
    runner.run(T0, snapshot(T0, { zones: [zone('A'), zone('B')] }));
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { provisioning_status: 'deprovisioned' })], removedIds: ['B'] }));
    runner.run(T0 + 2 * MINUTE, snapshot(T0 + 2 * MINUTE, { zones: [zone('A', { provisioning_status: 'deprovisioned' })], removedIds: ['B'] }));
    expect(runner.events).toMatchObject([
      { zoneId: 'A', severity: 'critical', title: 'Zone A was deprovisioned (a payment problem)' },
      { zoneId: 'B', title: 'Zone B is gone' },
    ]);
  });

  it('forgets a zone that merely left the snapshot (unpinned) without calling it deleted', () => {
    const runner = new AlertRunner(only({ zoneState: {} }));
    runner.run(T0, snapshot(T0, { zones: [zone('A'), zone('B')] }));
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A')] }));
    expect(runner.events).toEqual([]);
  });
});

describe('billing', () => {
  const invoice = (created: string) => BillingEntry.parse({ ...sampleInvoiceEntry(), created_on: created, invoice_url: `https://api.bytio.com/invoices/${created}.pdf` });
  const payment = (created: string, status: 'succeeded' | 'failed') => BillingEntry.parse({ ...samplePaymentEntry(), created_on: created, status });

  it('takes the first history it sees as the baseline, then reports new invoices and failed payments', () => {
    const runner = new AlertRunner(only({ billing: {} }));
    const old = [invoice('2026-10-01T00:00:00Z'), payment('2026-10-05T00:00:00Z', 'failed')];
    runner.run(T0, snapshot(T0, {}), { billing: old });
    expect(runner.events).toEqual([]);
    const newer = [invoice('2026-11-01T00:00:00Z'), payment('2026-11-22T09:00:00Z', 'failed'), payment('2026-11-22T09:30:00Z', 'succeeded'), ...old];
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, {}), { billing: newer });
    runner.run(T0 + 2 * MINUTE, snapshot(T0 + 2 * MINUTE, {}), { billing: newer });
    expect(runner.events.map((e) => [e.severity, e.title])).toEqual([
      ['critical', 'A payment of $50.00 failed'],
      ['info', 'New invoice: $122.45'],
    ]);
  });

  it('does not call old entries new when the cache fills in older pages later', () => {
    const runner = new AlertRunner(only({ billing: {} }));
    runner.run(T0, snapshot(T0, {}), { billing: [invoice('2026-11-01T00:00:00Z')] });
    const backPages = [invoice('2026-11-01T00:00:00Z'), invoice('2026-09-01T00:00:00Z'), payment('2026-08-05T00:00:00Z', 'failed')];
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, {}), { billing: backPages });
    expect(runner.events).toEqual([]);
  });

  it('does not take an unknown billing history as the baseline', () => {
    const runner = new AlertRunner(only({ billing: {} }));
    runner.run(T0, snapshot(T0, {}), { billing: null });
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, {}), { billing: [invoice('2026-11-01T00:00:00Z')] });
    expect(runner.events).toEqual([]);
  });

  it('reports a pending downgrade and a pending closure once each', () => {
    const runner = new AlertRunner(only({ billing: {} }));
    const downgrade = account({ status: 'pending_downgrade_plan', pendingDowngradeDate: '2026-12-01T00:00:00Z', pendingDowngradePlanId: 'payg' });
    runner.run(T0, snapshot(T0, { account: downgrade }));
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { account: downgrade }));
    const closure = account({ status: 'pending_account_closure', pendingClosureDate: '2026-12-01T00:00:00Z' });
    runner.run(T0 + 2 * MINUTE, snapshot(T0 + 2 * MINUTE, { account: closure }));
    expect(runner.events.map((e) => [e.severity, e.title])).toEqual([
      ['warning', 'Plan downgrade pending'],
      ['critical', 'Account closure pending'],
    ]);
  });
});

describe('connection', () => {
  it('says the key was rejected once per episode, and that it works again', () => {
    const runner = new AlertRunner(only({ connection: {} }));
    const snap = snapshot(T0, {});
    const lastOk = new Date(T0).toISOString();
    runner.run(T0, snap, { status: status(T0) });
    for (let i = 1; i <= 30; i += 1) {
      runner.run(T0 + i * MINUTE, snap, { status: status(T0 + i * MINUTE, { auth: 'rejected', poll: 'stopped_unauthorized', lastSuccessAt: lastOk, consecutiveFailures: 1 }), noHistory: true });
    }
    runner.run(T0 + 31 * MINUTE, snap, { status: status(T0 + 31 * MINUTE) });
    runner.run(T0 + 40 * MINUTE, snap, { status: status(T0 + 40 * MINUTE, { auth: 'rejected', lastSuccessAt: lastOk, consecutiveFailures: 1 }) });
    expect(runner.events.map((e) => e.title)).toEqual([
      'The API key was rejected',
      'The API key works again',
      'The API key was rejected',
    ]);
    expect(runner.events[0]).toMatchObject({ severity: 'critical', target: { view: 'settings' } });
  });

  it('says once per episode that no refresh succeeded for the set minutes, then that it is back', () => {
    const runner = new AlertRunner(only({ connection: { offlineMinutes: 10 } }));
    const snap = snapshot(T0, {});
    const lastOk = new Date(T0).toISOString();
    runner.run(T0, snap, { status: status(T0) });
    for (let i = 1; i <= 30; i += 1) {
      const t = T0 + i * MINUTE;
      runner.run(t, snap, { status: status(t, { lastSuccessAt: lastOk, consecutiveFailures: i, offline: true }), noHistory: true });
      if (i === 9) expect(runner.events).toEqual([]);
    }
    runner.run(T0 + 31 * MINUTE, snap, { status: status(T0 + 31 * MINUTE) });
    expect(runner.events.map((e) => e.title)).toEqual(['No fresh data for 10 minutes', 'Connected again']);
  });

  it('counts from the first cycle when no refresh has ever succeeded', () => {
    const runner = new AlertRunner(only({ connection: { offlineMinutes: 10 } }));
    for (let i = 0; i <= 12; i += 1) {
      const t = T0 + i * MINUTE;
      runner.run(t, snapshot(t, { account: null }), { status: status(t, { lastSuccessAt: null, consecutiveFailures: i + 1 }), noHistory: true });
    }
    expect(runner.events).toMatchObject([{ title: 'No fresh data for 10 minutes' }]);
  });

  it('does not count an account whose polling stopped (no key) as offline', () => {
    const runner = new AlertRunner(only({ connection: { offlineMinutes: 10 } }));
    const lastOk = new Date(T0).toISOString();
    runner.run(T0 + HOUR, snapshot(T0, {}), { status: status(T0 + HOUR, { poll: 'no_key', auth: 'no_key', lastSuccessAt: lastOk, consecutiveFailures: 1 }), noHistory: true });
    expect(runner.events).toEqual([]);
  });
});

describe('rule switches', () => {
  it('emits nothing for a rule that is off', () => {
    const runner = new AlertRunner(only({}));
    runner.run(T0, snapshot(T0, { account: account({ balanceCents: -100, spendMonthCents: 1e9 }), zones: [zone('A', { spend_today_cents: 1e9 })] }), {
      status: status(T0, { auth: 'rejected' }),
    });
    expect(runner.events).toEqual([]);
  });
});

describe('a zone member the service sent unusable (unknown)', () => {
  it('crosses no zone spend threshold while unknown, and the crossing is told once it is known', () => {
    const runner = new AlertRunner(only({ zoneSpendToday: { thresholdCents: 1_000, perZoneCents: {} } }));
    runner.run(T0, snapshot(T0, { zones: [zone('A', { spend_today_cents: 900 })] }));
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { spend_today_cents: undefined })] }));
    expect(runner.events).toEqual([]);
    runner.run(T0 + 2 * MINUTE, snapshot(T0 + 2 * MINUTE, { zones: [zone('A', { spend_today_cents: 1_200 })] }));
    runner.run(T0 + 3 * MINUTE, snapshot(T0 + 3 * MINUTE, { zones: [zone('A', { spend_today_cents: undefined })] }));
    runner.run(T0 + 4 * MINUTE, snapshot(T0 + 4 * MINUTE, { zones: [zone('A', { spend_today_cents: 1_300 })] }));
    expect(runner.events.map((e) => e.body)).toEqual(['Zone Zone A (A) has spent $12.00 so far today (UTC day 2026-11-22).']);
  });

  it('adds nothing to the account spend today: the other zones still cross a threshold', () => {
    const runner = new AlertRunner(only({ spendToday: { thresholdsCents: [1_000] } }));
    runner.run(T0, snapshot(T0, { zones: [zone('A', { spend_today_cents: 1_100 }), zone('B', { spend_today_cents: undefined })] }));
    expect(runner.events.map((e) => e.title)).toEqual(['Spend today passed $10.00']);
  });

  it('neither fires nor re-arms the throughput ceiling', () => {
    const runner = new AlertRunner(only({ throughputCeiling: { bps: 1e8, sustainCycles: 2 } }));
    const at = (i: number, bps: number | undefined) => runner.run(T0 + i * MINUTE, snapshot(T0 + i * MINUTE, { zones: [zone('A', { current_thoughput_bps: bps })] }));
    for (let i = 0; i < 10; i += 1) at(i, undefined);
    expect(runner.events).toEqual([]);
    at(10, 2e8);
    at(11, 2e8);
    expect(runner.events).toHaveLength(1);
    // Unknown for longer than the re-arm: still the same episode, so back above says nothing.
    for (let i = 12; i < 20; i += 1) at(i, undefined);
    at(20, 2e8);
    at(21, 2e8);
    expect(runner.events).toHaveLength(1);
  });

  it('reads no drop in traffic from an unknown throughput or an unknown on/off state', () => {
    const runner = new AlertRunner(only({ throughputDrop: { sustainCycles: 2 } }));
    const at = (i: number, patch: Partial<Zone>) => runner.run(T0 + i * MINUTE, snapshot(T0 + i * MINUTE, { zones: [zone('A', patch)] }));
    at(0, { current_thoughput_bps: 5e6 });
    for (let i = 1; i < 6; i += 1) at(i, { current_thoughput_bps: undefined });
    for (let i = 6; i < 10; i += 1) at(i, { enabled: undefined, current_thoughput_bps: 0 });
    expect(runner.events).toEqual([]);
  });

  it('takes an unknown on/off state for no change, and reports a real one once it is known', () => {
    const runner = new AlertRunner(only({ zoneState: {} }));
    runner.run(T0, snapshot(T0, { zones: [zone('A')] }));
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { enabled: undefined, provisioning_status: undefined, alert: undefined })] }));
    runner.run(T0 + 2 * MINUTE, snapshot(T0 + 2 * MINUTE, { zones: [zone('A')] }));
    expect(runner.events).toEqual([]);
    runner.run(T0 + 3 * MINUTE, snapshot(T0 + 3 * MINUTE, { zones: [zone('A', { enabled: undefined })] }));
    runner.run(T0 + 4 * MINUTE, snapshot(T0 + 4 * MINUTE, { zones: [zone('A', { enabled: false })] }));
    expect(runner.events.map((e) => e.title)).toEqual(['Zone A was disabled']);
  });

  it('does not remember a zone first seen with its state unknown, so its first known state is no news', () => {
    const runner = new AlertRunner(only({ zoneState: {} }));
    runner.run(T0, snapshot(T0, { zones: [zone('A', { enabled: undefined })] }));
    runner.run(T0 + MINUTE, snapshot(T0 + MINUTE, { zones: [zone('A', { enabled: false })] }));
    expect(runner.events).toEqual([]);
  });
});
