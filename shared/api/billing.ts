import { z } from 'zod';
import { isLoopbackHttp } from '../loopback';
import { Count, CountParam, DEFAULT_COUNT, Page, PageParam } from './paging';
import { Timestamp } from './timestamp';

// A billing history entry and its payment method; which members each type carries: docs/api.md › Presence rules.

/** The longest invoice or receipt link Zonewatch keeps; browsers and servers stop near there. */
export const MAX_DOCUMENT_URL_LENGTH = 2048;

/**
 * Why an invoice or receipt link from the service is not one Zonewatch keeps, opens or exports, in
 * words that read on from the member's name; null when it is one (docs/architecture.md › Threat
 * model › The API server). It must be https (plain http only to this machine, where the demo's
 * service serves its documents), carry no user name or password, and be at most 2,048 characters.
 */
export function documentLinkProblem(url: string): string | null {
  if (url.length > MAX_DOCUMENT_URL_LENGTH) return 'is longer than 2,048 characters, so Zonewatch neither opens nor exports it';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a web address, so Zonewatch neither opens nor exports it';
  }
  if (parsed.protocol !== 'https:' && !isLoopbackHttp(parsed)) return 'is not an https link, so Zonewatch neither opens nor exports it';
  if (parsed.username !== '' || parsed.password !== '') return 'has a user name or password in it, so Zonewatch neither opens nor exports it';
  return null;
}

/** The link itself when Zonewatch may offer it, null when it is refused (the entry stays, without a link). */
const openableOrNull = (url: string): string | null => (documentLinkProblem(url) === null ? url : null);

/** A link as the service sends it: a string (the entry's identity needs one), kept only if it may be offered. */
const ServiceDocumentLink = z.string().transform(openableOrNull);
/** A link as the billing cache keeps it: null for one refused, and checked again on every load. */
const CachedDocumentLink = z
  .string()
  .nullable()
  .transform((url) => (url === null ? null : openableOrNull(url)));

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

// An entry is identified by its merge key (docs/api.md › Degrading at the smallest unit: type,
// created_on, total_cents and the document URL): only those are required. Every other member reads
// as `undefined` when it is missing or malformed, so one bad figure shows as unknown instead of
// losing the entry; a link Zonewatch may not offer reads as null, and the entry stays.
const LenientCents = z.number().optional().catch(undefined);
const LenientText = z.string().optional().catch(undefined);

function entrySchemas(link: typeof ServiceDocumentLink | typeof CachedDocumentLink) {
  /** The members Bytio's billing-history page sends "only when type=invoice". */
  const invoice = z.looseObject({
    type: z.literal('invoice'),
    created_on: Timestamp,
    name: LenientText,
    usage_charges_cents: LenientCents,
    standing_charges_cents: LenientCents,
    tax_cents: LenientCents,
    total_cents: z.number(),
    invoice_url: link,
  });
  /** A payment: `payment_type` is read as any string (the docs name only `manual_top_up` so far). */
  const payment = z.looseObject({
    type: z.literal('payment'),
    created_on: Timestamp,
    total_cents: z.number(),
    // Spelled so by the service.
    reciept_url: link,
    payment_type: LenientText,
    status: PaymentStatus.optional().catch(undefined),
    payment_method: PaymentMethod.optional().catch(undefined),
  });
  return { invoice, payment, entry: z.discriminatedUnion('type', [invoice, payment]) };
}

const fromService = entrySchemas(ServiceDocumentLink);
export const InvoiceEntry = fromService.invoice;
export type InvoiceEntry = z.infer<typeof InvoiceEntry>;
export const PaymentEntry = fromService.payment;
export type PaymentEntry = z.infer<typeof PaymentEntry>;

/** A billing entry as the service sends it. */
export const BillingEntry = fromService.entry;
export type BillingEntry = z.infer<typeof BillingEntry>;

/** A billing entry as the billing cache stores it (the same entry, a refused link saved as null). */
export const CachedBillingEntry = entrySchemas(CachedDocumentLink).entry;

/** The entry's PDF: an invoice's `invoice_url`, a payment's `reciept_url`; null when the service's link was refused. */
export function billingDocumentUrl(entry: BillingEntry): string | null {
  return entry.type === 'invoice' ? entry.invoice_url : entry.reciept_url;
}

export const BillingPagination = z.looseObject({
  total_pages: z.int(),
  current_page: z.int(),
  total_count: z.int(),
  per_page: z.int(),
});
export type BillingPagination = z.infer<typeof BillingPagination>;

// Parameter names and the `all` default: docs/api.md › Query parameters (Bytio leaves them open).
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
