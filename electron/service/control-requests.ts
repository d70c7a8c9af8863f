import { z } from 'zod';
import { BILLING_STATUSES } from '../../shared/api/account';
import { Timestamp } from '../../shared/api/timestamp';
import { ZoneId } from '../../shared/api/zone';

// Bodies of the control endpoints (docs/service.md › Control endpoints).

/** At most a year per call, so one request cannot keep the service busy for long. */
export const MAX_ADVANCE_SECONDS = 366 * 86_400;

export const AdvanceRequest = z.strictObject({
  seconds: z.number().min(0).max(MAX_ADVANCE_SECONDS),
});

export const BalanceRequest = z.strictObject({
  amount_cents: z.number().finite(),
});

export const SpikeRequest = z.strictObject({
  zone_id: ZoneId,
});

export const AccountRequest = z.strictObject({
  status: z.enum(BILLING_STATUSES).optional(),
  pending_downgrade_plan_id: z.string().nullable().optional(),
  trial_amount_cents: z.number().min(0).nullable().optional(),
  trial_expires_on: Timestamp.nullable().optional(),
  /** Whether the account ever topped up: false closes the residential network (trial rule). */
  topped_up: z.boolean().optional(),
});
export type AccountRequest = z.infer<typeof AccountRequest>;

export const BillingEventRequest = z.strictObject({
  type: z.enum(['invoice', 'payment']),
  status: z.enum(['succeeded', 'failed']).default('succeeded'),
  amount_cents: z.number().min(0).optional(),
});
export type BillingEventRequest = z.infer<typeof BillingEventRequest>;
export type BillingEventInput = z.input<typeof BillingEventRequest>;

export const CapacityRequest = z.strictObject({
  reserved_ips: z.int().min(0).max(10_000_000),
});
