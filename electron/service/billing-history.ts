import type { BillingEntry, BillingHistoryQuery } from '../../shared/api/billing';
import type { BillingHistoryResponse } from '../../shared/api/responses';
import type { BillingRecord, ServiceState } from './service-model';
import { pageOf } from './paging';

/** Where the service serves the PDF of an invoice or receipt (docs/api.md › Invoice and receipt documents). */
export function documentPath(entry: BillingRecord): string {
  return entry.type === 'invoice' ? `/documents/invoices/${entry.id}.pdf` : `/documents/receipts/${entry.id}.pdf`;
}

export function billingEntryView(entry: BillingRecord, baseUrl: string): BillingEntry {
  const url = `${baseUrl}${documentPath(entry)}`;
  if (entry.type === 'invoice') {
    return {
      type: 'invoice',
      created_on: entry.created_on,
      name: entry.name,
      usage_charges_cents: entry.usage_charges_cents,
      standing_charges_cents: entry.standing_charges_cents,
      tax_cents: entry.tax_cents,
      total_cents: entry.total_cents,
      invoice_url: url,
    };
  }
  return {
    type: 'payment',
    created_on: entry.created_on,
    total_cents: entry.total_cents,
    reciept_url: url,
    payment_type: 'manual_top_up',
    status: entry.status,
    payment_method: { ...entry.payment_method },
  };
}

/** Operation 1 of docs/api.md › The nine operations: newest first, filtered by kind, paged. */
export function billingHistory(state: ServiceState, query: BillingHistoryQuery, baseUrl: string): BillingHistoryResponse {
  const matching = state.billing.filter((entry) => query.filter === 'all' || entry.type === query.filter).reverse();
  const page = pageOf(matching, query.page, query.count);
  return {
    status: 'ok',
    pagination: {
      total_pages: page.totalPages,
      current_page: query.page,
      total_count: matching.length,
      per_page: query.count,
    },
    billing_histories: page.items.map((entry) => billingEntryView(entry, baseUrl)),
  };
}

export function findDocument(state: ServiceState, kind: 'invoices' | 'receipts', id: string): BillingRecord | undefined {
  const type = kind === 'invoices' ? 'invoice' : 'payment';
  return state.billing.find((entry) => entry.type === type && entry.id === id);
}
