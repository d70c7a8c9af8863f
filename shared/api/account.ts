import { z } from 'zod';
import { Timestamp } from './timestamp';
import { Role } from './user';

// Operation 9 of docs/api.md › The nine operations; optional members per docs/api.md › Presence rules.

/** The key's own user. `api_key` is the proxy password: the client drops it at its boundary. */
export const AccountUser = z.looseObject({
  user_id: z.string(),
  api_key: z.string().optional(),
  team_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: Role,
  picture: z.string().nullable().default(null),
});
export type AccountUser = z.infer<typeof AccountUser>;

/** `completed_on` is null until identity verification is done. */
export const Kyc = z.looseObject({
  completed_on: Timestamp.nullable().default(null),
});
export type Kyc = z.infer<typeof Kyc>;

export const BillingAddress = z.looseObject({
  company_name: z.string(),
  address_1: z.string(),
  address_2: z.string(),
  city: z.string(),
  state: z.string(),
  // Numeric in the spec's sample, but postcodes such as "SW1A 1AA" are not numbers.
  zipcode: z.union([z.number(), z.string()]),
  country_code: z.string(),
});
export type BillingAddress = z.infer<typeof BillingAddress>;

/** `trial_*` are null once the trial is used or expired; total = amount + trial (docs/api.md › Plans, trial and billing status). */
export const BillingBalance = z.looseObject({
  amount_cents: z.number(),
  trial_amount_cents: z.number().nullable().default(null),
  amount_total_cents: z.number(),
  trial_expires_on: Timestamp.nullable().default(null),
});
export type BillingBalance = z.infer<typeof BillingBalance>;

export const BillingSpend = z.looseObject({
  amount_cents: z.number(),
  minimum_monthly_spend_met: z.boolean(),
  prorata_amount_cents: z.number(),
});
export type BillingSpend = z.infer<typeof BillingSpend>;

// Open (Bytio's sample shows only `active`); docs/api.md › Plans, trial and billing status names all three.
export const BILLING_STATUSES = ['active', 'pending_account_closure', 'pending_downgrade_plan'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** `pending_*` appear only in the matching billing status. */
export const AccountBilling = z.looseObject({
  status: z.string(),
  pending_account_closure_date: Timestamp.nullish(),
  pending_downgrade_plan_date: Timestamp.nullish(),
  pending_downgrade_plan_id: z.string().nullish(),
  address: BillingAddress,
  balance: BillingBalance,
  spend: BillingSpend,
});
export type AccountBilling = z.infer<typeof AccountBilling>;

export const AccountPlan = z.looseObject({
  plan_id: z.string(),
  name: z.string(),
  is_pay_as_you_go: z.boolean(),
  minimum_monthly_spend_cents: z.number(),
  prorata_minimum_monthly_spend_cents: z.number(),
  next_payment_date: Timestamp,
});
export type AccountPlan = z.infer<typeof AccountPlan>;

/** The account as the account info operation returns it, without the `status` envelope. */
export const AccountInfo = z.looseObject({
  user: AccountUser,
  kyc: Kyc,
  billing: AccountBilling,
  plan: AccountPlan,
});
export type AccountInfo = z.infer<typeof AccountInfo>;
