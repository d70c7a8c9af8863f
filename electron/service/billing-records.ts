import type { PaymentMethod, PaymentStatus } from '../../shared/api/billing';
import { billedCents } from '../../shared/money';
import type { InvoiceRecord, PaymentRecord, ServiceState } from './service-model';

function documentId(state: ServiceState, prefix: 'inv' | 'rcpt'): string {
  return `${prefix}_${String(state.nextDocumentId++).padStart(6, '0')}`;
}

/** An invoice with the next document id, the account's tax on its charges, and the billed total. */
export function invoiceRecord(
  state: ServiceState,
  entry: { created_on: string; name: string; usage_charges_cents: number; standing_charges_cents: number },
): InvoiceRecord {
  const charges = entry.usage_charges_cents + entry.standing_charges_cents;
  const tax = charges * state.account.tax_rate;
  return { type: 'invoice', id: documentId(state, 'inv'), ...entry, tax_cents: tax, total_cents: billedCents(charges + tax) };
}

/** A payment receipt with the next document id. */
export function paymentRecord(
  state: ServiceState,
  entry: { created_on: string; total_cents: number; status: PaymentStatus; payment_method: PaymentMethod },
): PaymentRecord {
  return { type: 'payment', id: documentId(state, 'rcpt'), ...entry };
}
