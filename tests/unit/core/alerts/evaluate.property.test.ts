import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlertMemory } from '../../../../electron/core/alerts/alert-memory';
import { BillingEntry } from '../../../../shared/api/billing';
import { sampleInvoiceEntry, samplePaymentEntry } from '../../../fixtures/api-samples';
import { AlertRunner, MINUTE, account, settings, snapshot, status, zone } from './alert-scenario';

const ZONE_IDS = ['A', 'B', 'C', 'D'] as const;
const T0 = Date.parse('2026-11-29T20:00:00Z'); // a month end and a day end within reach

const billingPool = [
  BillingEntry.parse({ ...sampleInvoiceEntry(), created_on: '2026-10-01T00:00:00Z' }),
  BillingEntry.parse({ ...sampleInvoiceEntry(), created_on: '2026-11-01T00:00:00Z', invoice_url: 'https://api.bytio.com/i/2.pdf' }),
  BillingEntry.parse({ ...samplePaymentEntry(), status: 'failed' }),
  BillingEntry.parse({ ...samplePaymentEntry(), created_on: '2026-11-28T00:00:00Z', status: 'failed' }),
];

const zoneState = fc.record({
  present: fc.boolean(),
  deleted: fc.boolean(),
  enabled: fc.boolean(),
  bps: fc.constantFrom(0, 0, 5e6, 2e8, 1e9 + 1),
  spendToday: fc.integer({ min: 0, max: 3_000 }),
  provisioning: fc.constantFrom('provisioned', 'provisioned', 'provisioning', 'waiting_for_approval', 'deprovisioned'),
  alertTriggered: fc.constantFrom(null, '2026-11-28T01:00:00Z', '2026-11-29T21:00:00Z'),
});

const cycle = fc.record({
  stepMinutes: fc.constantFrom(1, 1, 1, 5, 30, 240),
  balance: fc.integer({ min: -500, max: 3_000 }),
  spendMonth: fc.integer({ min: 0, max: 120_000 }),
  trial: fc.constantFrom(null, 500),
  status: fc.constantFrom('ok', 'ok', 'ok', 'rejected', 'failing', 'no_key'),
  pendingStatus: fc.constantFrom('active', 'active', 'pending_downgrade_plan', 'pending_account_closure'),
  billing: fc.option(fc.subarray(billingPool), { nil: null }),
  zones: fc.tuple(zoneState, zoneState, zoneState, zoneState),
  restart: fc.boolean(),
});

const allRules = settings({
  spendToday: { thresholdsCents: [100, 1_000, 5_000] },
  spendMonth: { thresholdsCents: [10_000, 100_000] },
  zoneSpendToday: { enabled: true, thresholdCents: 1_000, perZoneCents: { B: 200 } },
  spike: { sustainCycles: 1, windowMinutes: 5 },
  lowBalance: { thresholdCents: 1_000 },
  monthlyBudget: { enabled: true, budgetCents: 50_000 },
  throughputCeiling: { enabled: true, bps: 1e8, sustainCycles: 1 },
  throughputDrop: { enabled: true, sustainCycles: 1 },
  connection: { offlineMinutes: 5 },
});

describe('the alert engine over random snapshot sequences', () => {
  it('never emits a key twice and only names zones that exist or were just deleted, across restarts', () => {
    fc.assert(
      fc.property(fc.array(cycle, { minLength: 1, maxLength: 40 }), (cycles) => {
        const runner = new AlertRunner(allRules);
        let now = T0;
        let lastSuccess = T0;
        const seen = new Set<string>();
        for (const c of cycles) {
          now += c.stepMinutes * MINUTE;
          if (c.restart) {
            runner.state = null;
            runner.memory = AlertMemory.parse(JSON.parse(JSON.stringify(runner.memory)));
          }
          const zones = ZONE_IDS.flatMap((id, i) => {
            const z = c.zones[i]!;
            if (!z.present || z.deleted) return [];
            return [
              zone(id, {
                enabled: z.enabled,
                current_thoughput_bps: z.bps,
                spend_today_cents: z.spendToday,
                provisioning_status: z.provisioning,
                alert: z.alertTriggered === null ? null : { type: 'dollars_per_day', threshold: 10, action: 'disable_zone', last_triggered: z.alertTriggered },
              }),
            ];
          });
          const removedIds = ZONE_IDS.filter((_, i) => c.zones[i]!.deleted);
          const snap = snapshot(now, {
            account: account({
              balanceCents: c.balance,
              spendMonthCents: c.spendMonth,
              trialCents: c.trial,
              trialExpiresOn: c.trial === null ? null : '2026-12-01T00:00:00Z',
              status: c.pendingStatus,
              pendingDowngradeDate: c.pendingStatus === 'pending_downgrade_plan' ? '2026-12-01T00:00:00Z' : undefined,
              pendingClosureDate: c.pendingStatus === 'pending_account_closure' ? '2026-12-01T00:00:00Z' : undefined,
            }),
            zones,
            removedIds,
          });
          if (c.status === 'ok') lastSuccess = now;
          const st = status(now, {
            auth: c.status === 'rejected' ? 'rejected' : c.status === 'no_key' ? 'no_key' : 'ok',
            lastSuccessAt: new Date(lastSuccess).toISOString(),
            consecutiveFailures: c.status === 'ok' ? 0 : 1,
          });
          const events = runner.run(now, snap, { status: st, billing: c.billing });
          for (const event of events) {
            expect(seen.has(event.key), `${event.key} emitted twice`).toBe(false);
            seen.add(event.key);
            if (event.zoneId !== undefined) {
              expect(snap.zones[event.zoneId] !== undefined || (removedIds as string[]).includes(event.zoneId)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
