import { z } from 'zod';
import { Count, CountParam, DEFAULT_COUNT, Page, PageParam } from './paging';
import { Timestamp } from './timestamp';

// service-interface.md › Billing history entry and › Payment method object.

/** Invoice and receipt links are opened outside the app, so only http(s) URLs are accepted. */
const DocumentUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const BILLING_ENTRY_TYPES = ['invoice', 'payment'] as const;
export type BillingEntryType = (typeof BILLING_ENTRY_TYPES)[number];

export const PAYMENT_STATUSES = ['succeeded', 'failed'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const PAYMENT_TYPES = ['manual_top_up'] as const;
export const PaymentType = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof PaymentType>;

export const PAYMENT_METHOD_TYPES = ['card', 'paypal'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const CardPaymentMethod = z.looseObject({
  type: z.literal('card'),
  brand: z.string(),
  expires_month: z.int().min(1).max(12),
  expires_year: z.int().min(1000).max(9999),
  // An integer, so a card ending 0042 arrives as 42: pad to 4 digits for display.
  last4: z.int().min(0).max(9999),
  wallet: z.string(),
});
export type CardPaymentMethod = z.infer<typeof CardPaymentMethod>;

export const PaypalPaymentMethod = z.looseObject({
  type: z.literal('paypal'),
  email: z.string(),
});
export type PaypalPaymentMethod = z.infer<typeof PaypalPaymentMethod>;

export const PaymentMethod = z.discriminatedUnion('type', [CardPaymentMethod, PaypalPaymentMethod]);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

// An entry is identified by its merge key (DESIGN.md › CSV export: type, created_on, total_cents
// and the document URL): only those are required. Every other member reads as `undefined` when it
// is missing or malformed, so one bad figure shows as unknown instead of losing the entry.
const LenientCents = z.number().optional().catch(undefined);
const LenientText = z.string().optional().catch(undefined);

/** The members Bytio's billing-history page sends "only when type=invoice". */
export const InvoiceEntry = z.looseObject({
  type: z.literal('invoice'),
  created_on: Timestamp,
  name: LenientText,
  usage_charges_cents: LenientCents,
  standing_charges_cents: LenientCents,
  tax_cents: LenientCents,
  total_cents: z.number(),
  invoice_url: DocumentUrl,
});
export type InvoiceEntry = z.infer<typeof InvoiceEntry>;

/** A payment: `payment_type` is read as any string (the docs name only `manual_top_up` so far). */
export const PaymentEntry = z.looseObject({
  type: z.literal('payment'),
  created_on: Timestamp,
  total_cents: z.number(),
  // Spelled so by the service (service-interface.md › Billing history entry).
  reciept_url: DocumentUrl,
  payment_type: LenientText,
  status: PaymentStatus.optional().catch(undefined),
  payment_method: PaymentMethod.optional().catch(undefined),
});
export type PaymentEntry = z.infer<typeof PaymentEntry>;

export const BillingEntry = z.discriminatedUnion('type', [InvoiceEntry, PaymentEntry]);
export type BillingEntry = z.infer<typeof BillingEntry>;

/** The entry's PDF: an invoice's `invoice_url`, a payment's `reciept_url`. */
export function billingDocumentUrl(entry: BillingEntry): string {
  return entry.type === 'invoice' ? entry.invoice_url : entry.reciept_url;
}

export const BillingPagination = z.looseObject({
  total_pages: z.int(),
  current_page: z.int(),
  total_count: z.int(),
  per_page: z.int(),
});
export type BillingPagination = z.infer<typeof BillingPagination>;

// Parameter names and the `all` default come from DESIGN.md (the spec leaves them open).
export const BILLING_FILTERS = ['all', 'invoice', 'payment'] as const;
export const BillingFilter = z.enum(BILLING_FILTERS);
export type BillingFilter = z.infer<typeof BillingFilter>;

/** Query of `GET /v1/account/billinghistory` as typed values. */
export const BillingHistoryQuery = z.strictObject({
  filter: BillingFilter.default('all'),
  page: Page.default(1),
  count: Count.default(DEFAULT_COUNT),
});
export type BillingHistoryQuery = z.infer<typeof BillingHistoryQuery>;

/** The same query parsed from raw URL query strings. */
export const BillingHistoryQueryParams = z.strictObject({
  filter: BillingFilter.default('all'),
  page: PageParam.default(1),
  count: CountParam.default(DEFAULT_COUNT),
});

/** The members of a kept entry that read as unknown (missing or malformed), by path. */
export function unknownBillingMembers(entry: BillingEntry): string[] {
  const members: readonly (keyof InvoiceEntry | keyof PaymentEntry)[] =
    entry.type === 'invoice'
      ? ['name', 'usage_charges_cents', 'standing_charges_cents', 'tax_cents']
      : ['payment_type', 'status', 'payment_method'];
  return members.filter((member) => (entry as Record<string, unknown>)[member] === undefined) as string[];
}
