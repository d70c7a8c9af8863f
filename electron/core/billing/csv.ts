import type { BillingEntry } from '../../../shared/api/billing';
import { formatBilled } from '../../../shared/money';
import { csvDocument } from '../csv/csv-writer';
import { utcMonth } from './cache';

export const BILLING_CSV_HEADER = [
  'Month (UTC)',
  'Date (UTC)',
  'Type',
  'Description',
  'Status',
  'Payment method',
  'Amount (USD)',
  'Usage (USD)',
  'Standing charges (USD)',
  'Tax (USD)',
  'Document URL',
] as const;

/** Dollars as the app shows them (billed round-up, then cents), without `$` or thousands commas. */
function dollars(cents: number | undefined): string {
  // An unknown figure stays an empty cell rather than a made-up 0.
  return cents === undefined ? '' : formatBilled(cents).replace(/[$,]/g, '');
}

function paymentMethod(entry: BillingEntry): string {
  if (entry.type !== 'payment') return '';
  const method = entry.payment_method;
  if (method === undefined) return '';
  if (method.type === 'card') return `${method.brand} •••• ${String(method.last4).padStart(4, '0')}`;
  return `PayPal ${method.email}`;
}

function row(entry: BillingEntry): string[] {
  const created = new Date(Date.parse(entry.created_on)).toISOString();
  if (entry.type === 'invoice') {
    return [
      utcMonth(entry),
      created,
      'invoice',
      entry.name ?? '',
      '',
      '',
      dollars(entry.total_cents),
      dollars(entry.usage_charges_cents),
      dollars(entry.standing_charges_cents),
      dollars(entry.tax_cents),
      entry.invoice_url ?? '',
    ];
  }
  return [utcMonth(entry), created, 'payment', entry.payment_type ?? '', entry.status ?? '', paymentMethod(entry), dollars(entry.total_cents), '', '', '', entry.reciept_url ?? ''];
}

/** Newest month first, newest entry first within it. */
function byMonthNewestFirst(entries: readonly BillingEntry[]): BillingEntry[] {
  return [...entries].sort((a, b) => {
    const byMonth = utcMonth(b).localeCompare(utcMonth(a));
    return byMonth !== 0 ? byMonth : Date.parse(b.created_on) - Date.parse(a.created_on);
  });
}

/**
 * The billing history as CSV: a header, then one row per entry grouped by UTC month of
 * `created_on` (newest month first, newest entry first within it), written by the one CSV writer.
 */
export function billingCsv(entries: readonly BillingEntry[]): string {
  return csvDocument([BILLING_CSV_HEADER, ...byMonthNewestFirst(entries).map(row)]);
}

/** One account's cached billing history, for the all-accounts export. */
export type AccountBilling = { label: string; entries: readonly BillingEntry[] };

/**
 * Every account's billing history in one CSV: an "Account" column first, then the same columns as
 * one account's export; accounts in the user's order, each grouped by month as `billingCsv` does.
 */
export function allAccountsBillingCsv(accounts: readonly AccountBilling[]): string {
  const rows = accounts.flatMap((account) => byMonthNewestFirst(account.entries).map((entry) => [account.label, ...row(entry)]));
  return csvDocument([['Account', ...BILLING_CSV_HEADER], ...rows]);
}
