import { formatBilled } from '../../shared/money';
import type { AccountRecord, BillingRecord } from './service-model';
import { simplePdf } from './pdf-document';

/** The PDF the service serves at an invoice's `invoice_url` or a payment's `reciept_url`. */
export function billingDocument(entry: BillingRecord, account: AccountRecord): Buffer {
  const address = account.address;
  const billTo = [
    `Bill to: ${address.company_name}`,
    `${address.address_1}, ${address.address_2}`,
    `${address.city}, ${address.state} ${address.zipcode}, ${address.country_code}`,
    '',
  ];
  if (entry.type === 'invoice') {
    return simplePdf(`Invoice ${entry.name}`, [
      `Invoice number: ${entry.id}`,
      `Issued: ${entry.created_on}`,
      ...billTo,
      `Usage charges: ${formatBilled(entry.usage_charges_cents)}`,
      `Standing charges: ${formatBilled(entry.standing_charges_cents)}`,
      `Tax: ${formatBilled(entry.tax_cents)}`,
      `Total: ${formatBilled(entry.total_cents)}`,
      '',
      'Zonewatch local reference service - demo document, not a real invoice.',
    ]);
  }
  const method =
    entry.payment_method.type === 'card'
      ? `${entry.payment_method.brand} card ending ${String(entry.payment_method.last4).padStart(4, '0')}`
      : `PayPal (${entry.payment_method.email})`;
  return simplePdf('Payment receipt', [
    `Receipt number: ${entry.id}`,
    `Date: ${entry.created_on}`,
    ...billTo,
    'Balance top-up (manual)',
    `Amount: ${formatBilled(entry.total_cents)}`,
    `Paid with: ${method}`,
    `Status: ${entry.status}`,
    '',
    'Zonewatch local reference service - demo document, not a real receipt.',
  ]);
}
