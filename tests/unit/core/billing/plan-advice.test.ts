import { describe, expect, it } from 'vitest';
import { adviseOnPlans, billedMonthOf } from '../../../../electron/core/billing/plan-advice';
import { Plan } from '../../../../shared/api/plan';
import { Zone } from '../../../../shared/api/zone';
import { sampleInvoiceEntry, samplePlan, sampleZone, sampleZoneCost } from '../../../fixtures/api-samples';

// Every price differs, so a zone priced on the wrong network or IP type gets a different figure.
const plan = Plan.parse({
  ...samplePlan(),
  datacenter: {
    shared: { per_gigabyte_cents: 1, per_connection_cents_monthly: 2 },
    reserved: {
      per_gigabyte_cents: 3,
      per_connection_cents_monthly: 4,
      ip_pool_per_ip_cents_monthly: 5,
      exclusivity_all_domains_per_ip_cents_monthly: 6,
      exclusivity_per_domain_per_ip_cents_monthly: 7,
    },
  },
  mobile: { shared: { per_gigabyte_cents: 8, per_connection_cents_monthly: 9 } },
  residential: { shared: { per_gigabyte_cents: 10 } },
});

/** The month of one zone with 10 GB used, 3 connections, 2 IPs and 4 exclusive domains, on `plan`. */
function monthOnPlan(patch: Record<string, unknown>): number {
  const cost = { ...sampleZoneCost(), per_connection_count: 3, ip_pool_count: 2, exclusivity_per_domain_count: 4 };
  const zone = Zone.parse({ ...sampleZone('Z1'), usage_this_month_bytes: 10e9, exclusivity_type: 'non_exclusive', cost, ...patch });
  return adviseOnPlans({ plans: [plan], zones: [zone], currentPlanId: null, lastInvoice: null, month: '2026-11' }).plans[0]!.estimatedCents;
}

describe('plan advice prices a zone on a plan', () => {
  it.each([
    ['datacenter', 'shared', 'per_gigabyte', 10 * 1],
    ['mobile', 'shared', 'per_gigabyte', 10 * 8],
    ['residential', 'shared', 'per_gigabyte', 10 * 10],
    ['datacenter', 'shared', 'per_connection', 3 * 2],
    ['mobile', 'shared', 'per_connection', 3 * 9],
    ['residential', 'shared', 'per_connection', 0],
    ['mobile', 'reserved', 'per_gigabyte', 10 * 8],
    ['datacenter', 'reserved', 'per_gigabyte', 10 * 3 + 2 * 5],
    ['datacenter', 'reserved', 'per_connection', 3 * 4 + 2 * 5],
  ])('a %s %s zone billed %s at its network’s prices', (network, ip_type, billing_method, cents) => {
    expect(monthOnPlan({ network, ip_type, billing_method })).toBe(cents);
  });

  it('adds the exclusivity of reserved datacenter IPs, per IP for all domains or per IP per domain', () => {
    const reserved = { network: 'datacenter', ip_type: 'reserved', billing_method: 'per_gigabyte' };
    expect(monthOnPlan({ ...reserved, exclusivity_type: 'all' })).toBe(10 * 3 + 2 * 5 + 2 * 6);
    expect(monthOnPlan({ ...reserved, exclusivity_type: 'domains' })).toBe(10 * 3 + 2 * 5 + 4 * 2 * 7);
  });
});

describe('the month the advice is based on', () => {
  it('is the month an invoice bills, the one before the month it is dated in', () => {
    expect(billedMonthOf({ created_on: '2026-11-01T00:00:00Z' })).toBe('2026-10');
    expect(billedMonthOf({ created_on: '2026-01-01T00:05:00Z' })).toBe('2025-12');
    // An offset that lands on the previous UTC day still counts in UTC.
    expect(billedMonthOf({ created_on: '2026-11-01T01:00:00+02:00' })).toBe('2026-09');
  });

  it('names the billed month when the last invoice is the basis', () => {
    const lastInvoice = { ...sampleInvoiceEntry(), created_on: '2026-11-01T00:00:00Z' } as Parameters<typeof adviseOnPlans>[0]['lastInvoice'];
    const advice = adviseOnPlans({ plans: [plan], zones: [Zone.parse(sampleZone('Z1'))], currentPlanId: null, lastInvoice, month: '2026-11' });
    expect(advice.basis).toMatchObject({ source: 'invoice', month: '2026-10' });
  });
});

describe('plan advice with a zone member the service sent unusable', () => {
  const advise = (zones: Zone[], currentPlanId: string | null) =>
    adviseOnPlans({ plans: [plan], zones, currentPlanId, lastInvoice: null, month: '2026-11' }).plans[0]!.estimatedCents;
  const known = Zone.parse({ ...sampleZone('Z1'), network: 'mobile', billing_method: 'per_gigabyte', usage_this_month_bytes: 10e9 });

  it('prices no zone whose network, billing method or usage is unknown, rather than a guess', () => {
    for (const patch of [{ network: 'satellite' }, { billing_method: null }, { usage_this_month_bytes: 'lots' }]) {
      const unknown = Zone.parse({ ...sampleZone('Z2'), network: 'mobile', billing_method: 'per_gigabyte', usage_this_month_bytes: 50e9, ...patch });
      expect(advise([known, unknown], plan.plan_id)).toBe(advise([known], plan.plan_id));
    }
  });

  it('leaves a zone whose month spend is unknown out of the usage without a current plan', () => {
    const unknown = Zone.parse({ ...sampleZone('Z2'), spend_this_month_cents: null });
    const result = adviseOnPlans({ plans: [plan], zones: [known, unknown], currentPlanId: null, lastInvoice: null, month: '2026-11' });
    expect(result.basis.usageCents).toBe(known.spend_this_month_cents);
  });
});
