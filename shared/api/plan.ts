import { z } from 'zod';

// docs/api.md › Costs: every price is a number of cents, possibly fractional.

export const SharedPrices = z.looseObject({
  per_gigabyte_cents: z.number(),
  per_connection_cents_monthly: z.number(),
});
export type SharedPrices = z.infer<typeof SharedPrices>;

export const ReservedPrices = z.looseObject({
  per_gigabyte_cents: z.number(),
  per_connection_cents_monthly: z.number(),
  ip_pool_per_ip_cents_monthly: z.number(),
  exclusivity_all_domains_per_ip_cents_monthly: z.number(),
  exclusivity_per_domain_per_ip_cents_monthly: z.number(),
});
export type ReservedPrices = z.infer<typeof ReservedPrices>;

/** Residential is billed per gigabyte only. */
export const ResidentialPrices = z.looseObject({
  per_gigabyte_cents: z.number(),
});
export type ResidentialPrices = z.infer<typeof ResidentialPrices>;

export const Plan = z.looseObject({
  plan_id: z.string(),
  is_pay_as_you_go: z.boolean(),
  name: z.string(),
  minimum_monthly_spend_cents: z.number(),
  datacenter: z.looseObject({ shared: SharedPrices, reserved: ReservedPrices }),
  mobile: z.looseObject({ shared: SharedPrices }),
  residential: z.looseObject({ shared: ResidentialPrices }),
});
export type Plan = z.infer<typeof Plan>;
