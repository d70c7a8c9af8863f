import type { Plan } from '../../shared/api/plan';

// A pay-as-you-go plan and three minimum-spend plans with lower rates (docs/api.md › Plans, trial and billing status).
// Prices are cents and some are fractional on purpose, as the spec allows.

function plan(
  plan_id: string,
  name: string,
  minimum_monthly_spend_cents: number,
  discount: number,
): Plan {
  const price = (cents: number) => Math.round(cents * (1 - discount) * 1000) / 1000;
  return {
    plan_id,
    is_pay_as_you_go: minimum_monthly_spend_cents === 0,
    name,
    minimum_monthly_spend_cents,
    datacenter: {
      shared: { per_gigabyte_cents: price(60), per_connection_cents_monthly: price(75) },
      reserved: {
        per_gigabyte_cents: price(10),
        per_connection_cents_monthly: price(75),
        ip_pool_per_ip_cents_monthly: price(150),
        exclusivity_all_domains_per_ip_cents_monthly: price(50),
        exclusivity_per_domain_per_ip_cents_monthly: price(12.5),
      },
    },
    mobile: { shared: { per_gigabyte_cents: price(2400), per_connection_cents_monthly: price(3500) } },
    residential: { shared: { per_gigabyte_cents: price(840) } },
  };
}

export function planCatalog(): Plan[] {
  return [
    plan('payg', 'Pay as you go', 0, 0),
    plan('starter_500', 'Starter ($500/month)', 50_000, 0.1),
    plan('growth_2000', 'Growth ($2,000/month)', 200_000, 0.2),
    plan('scale_10000', 'Scale ($10,000/month)', 1_000_000, 0.35),
  ];
}

/** The plan the seeded account is on. */
export const SEEDED_PLAN_ID = 'growth_2000';
