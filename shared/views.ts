import { z } from 'zod';
import { BillingEntry, BillingFilter } from './api/billing';
import { Info } from './api/info';
import { IpAddress } from './api/ips';
import { User, UsersPagination } from './api/user';
import { Zone, ZoneCost, ZoneId } from './api/zone';
import { Timestamp } from './api/timestamp';

/** A cost-changing edit, previewed with `preview=true` before the user confirms. */
export const ZonePreview = z.object({
  zone: Zone,
  costBefore: ZoneCost,
  costAfter: ZoneCost,
  standingMonthlyDeltaCents: z.number(),
  /** 24 h of the new standing charges: what the balance must cover for the change to commit. */
  standingDailyAfterCents: z.number(),
  balanceCents: z.number().nullable(),
});
export type ZonePreview = z.infer<typeof ZonePreview>;

export const IpsResult = z.object({
  done: z.array(IpAddress),
  notInZone: z.array(IpAddress),
  zone: Zone.nullable(),
});
export type IpsResult = z.infer<typeof IpsResult>;

export const PinResult = z.object({
  added: z.array(ZoneId),
  alreadyKnown: z.array(ZoneId),
  invalid: z.array(z.object({ value: z.string(), reason: z.string() })),
});
export type PinResult = z.infer<typeof PinResult>;

/** A query over the local billing-history cache (works offline). */
export const BillingViewQuery = z.strictObject({
  filter: BillingFilter.default('all'),
  search: z.string().max(100).default(''),
  page: z.number().int().min(1).default(1),
  perPage: z.number().int().min(1).max(500).default(50),
});
export type BillingViewQuery = z.infer<typeof BillingViewQuery>;

export const MonthTotal = z.object({
  /** UTC month of `created_on`, `YYYY-MM`. */
  month: z.string(),
  invoicedCents: z.number(),
  paidCents: z.number(),
  failedCents: z.number(),
  count: z.number().int(),
});
export type MonthTotal = z.infer<typeof MonthTotal>;

export const BillingView = z.object({
  entries: z.array(BillingEntry),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** Totals per UTC month for the months that appear on this page. */
  months: z.array(MonthTotal),
  asOf: Timestamp.nullable(),
  /** True once every page of the service's history has been merged into the cache. */
  complete: z.boolean(),
  cachedCount: z.number().int(),
  /** Entries the service sent that could not be read, left out of this view and the CSV; null when none. */
  unreadable: z.object({ count: z.number().int(), message: z.string() }).nullable(),
});
export type BillingView = z.infer<typeof BillingView>;

export const BillingSyncProgress = z.object({
  page: z.number().int(),
  totalPages: z.number().int().nullable(),
  entries: z.number().int(),
  done: z.boolean(),
  error: z.string().nullable(),
});
export type BillingSyncProgress = z.infer<typeof BillingSyncProgress>;

export const UsersView = z.object({
  users: z.array(User),
  pagination: UsersPagination,
  info: Info,
  dropped: z.number().int(),
  /** Plain words for what could not be read on this page (users left out, zone ids skipped); null when all was read. */
  gapsMessage: z.string().nullable(),
});
export type UsersView = z.infer<typeof UsersView>;

/** Last full UTC month's usage priced on every plan (minimum spend included). */
export const PlanAdvice = z.object({
  basis: z.object({ month: z.string().nullable(), usageCents: z.number(), source: z.enum(['invoice', 'current_month']) }),
  plans: z.array(
    z.object({
      plan_id: z.string(),
      name: z.string(),
      current: z.boolean(),
      minimumCents: z.number(),
      estimatedCents: z.number(),
      savingCents: z.number(),
    }),
  ),
});
export type PlanAdvice = z.infer<typeof PlanAdvice>;

export const AppInfo = z.object({
  version: z.string(),
  platform: z.string(),
  shell: z.enum(['electron', 'web']),
});
export type AppInfo = z.infer<typeof AppInfo>;

/** A CSV export: `leftOut` counts cached-history entries that could not be read, so are not in the file. */
export const CsvExport = z.object({ saved: z.boolean(), rows: z.number().int(), fileName: z.string().nullable(), leftOut: z.number().int() });
export type CsvExport = z.infer<typeof CsvExport>;
