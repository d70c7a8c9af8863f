import { describe, expect, it } from 'vitest';
import {
  BillingEntry,
  billingDocumentUrl,
  BillingHistoryQuery,
  CachedBillingEntry,
  documentLinkProblem,
  BillingHistoryQueryParams,
  PaymentMethod,
  unknownBillingMembers,
} from '../../../shared/api/billing';
import { formatIssues } from '../../../shared/api/issues';
import {
  sampleCardPaymentMethod,
  sampleInvoiceEntry,
  samplePaymentEntry,
  samplePaypalPaymentEntry,
  samplePaypalPaymentMethod,
} from '../../fixtures/api-samples';

function issuesOf(value: unknown) {
  const result = BillingEntry.safeParse(value);
  return result.success ? [] : formatIssues(result.error);
}

describe('BillingEntry', () => {
  it('parses invoices and payments by card and by PayPal', () => {
    expect(BillingEntry.parse(sampleInvoiceEntry()).type).toBe('invoice');
    const card = BillingEntry.parse(samplePaymentEntry());
    expect(card.type === 'payment' && card.payment_method?.type === 'card' && card.payment_method.last4).toBe(4242);
    expect(BillingEntry.parse(samplePaypalPaymentEntry()).type).toBe('payment');
  });

  it('rejects an invoice without invoice_url', () => {
    const { invoice_url: _url, ...invoice } = sampleInvoiceEntry();
    expect(issuesOf(invoice)[0]?.path).toBe('invoice_url');
  });

  it('rejects a payment without reciept_url (spelled as the service spells it)', () => {
    const { reciept_url: _url, ...payment } = samplePaymentEntry();
    expect(issuesOf(payment)[0]?.path).toBe('reciept_url');
  });

  it('keeps an entry whose link Zonewatch refuses, without the link', () => {
    const base = 'https://api.bytio.com/';
    for (const url of [
      'javascript:alert(1)',
      'http://api.bytio.com/i/1.pdf',
      'file:///etc/passwd',
      'https://user:secret@api.bytio.com/i/1.pdf',
      'https://user@api.bytio.com/i/1.pdf',
      `${base}${'a'.repeat(100_000)}`,
      `${base}${'a'.repeat(2049 - base.length)}`,
      'not a link',
    ]) {
      expect(BillingEntry.parse({ ...sampleInvoiceEntry(), invoice_url: url })).toMatchObject({ type: 'invoice', invoice_url: null, total_cents: sampleInvoiceEntry().total_cents });
      expect(BillingEntry.parse({ ...samplePaymentEntry(), reciept_url: url })).toMatchObject({ type: 'payment', reciept_url: null });
    }
  });

  it('keeps https links of up to 2,048 characters, and plain http only to this machine (the demo)', () => {
    const longest = `https://api.bytio.com/${'a'.repeat(2048 - 'https://api.bytio.com/'.length)}`;
    expect(billingDocumentUrl(BillingEntry.parse({ ...sampleInvoiceEntry(), invoice_url: longest }))).toBe(longest);
    expect(billingDocumentUrl(BillingEntry.parse({ ...sampleInvoiceEntry(), invoice_url: 'http://127.0.0.1:8787/i/1.pdf' }))).toBe('http://127.0.0.1:8787/i/1.pdf');
  });

  it('says why a link is refused, without repeating it', () => {
    expect(documentLinkProblem('https://api.bytio.com/i/1.pdf')).toBeNull();
    expect(documentLinkProblem('https://u:p@api.bytio.com/i/1.pdf')).toBe('has a user name or password in it, so Zonewatch neither opens nor exports it');
    expect(documentLinkProblem('http://api.bytio.com/i/1.pdf')).toBe('is not an https link, so Zonewatch neither opens nor exports it');
    expect(documentLinkProblem(`https://api.bytio.com/${'a'.repeat(5000)}`)).toBe('is longer than 2,048 characters, so Zonewatch neither opens nor exports it');
    expect(documentLinkProblem('::')).toBe('is not a web address, so Zonewatch neither opens nor exports it');
  });

  it('takes a refused link back from the cache as null, and refuses a link a cache written before kept', () => {
    expect(CachedBillingEntry.parse({ ...sampleInvoiceEntry(), invoice_url: null })).toMatchObject({ invoice_url: null });
    expect(CachedBillingEntry.parse({ ...samplePaymentEntry(), reciept_url: 'https://u:p@api.bytio.com/r.pdf' })).toMatchObject({ reciept_url: null });
    expect(BillingEntry.safeParse({ ...sampleInvoiceEntry(), invoice_url: null }).success).toBe(false);
  });

  it('rejects an unknown entry type, or a merge-key member it cannot read', () => {
    expect(issuesOf({ ...sampleInvoiceEntry(), type: 'credit_note' })[0]?.path).toBe('type');
    expect(issuesOf({ ...samplePaymentEntry(), total_cents: 'lots' })[0]?.path).toBe('total_cents');
    expect(issuesOf({ ...samplePaymentEntry(), created_on: 'yesterday' })[0]?.path).toBe('created_on');
  });

  it('keeps an entry whose other members are malformed, with those members unknown', () => {
    const payment = BillingEntry.parse({ ...samplePaymentEntry(), status: 'pending', payment_type: 42, payment_method: { type: 'bank_transfer' } });
    expect(payment).toMatchObject({ type: 'payment', status: undefined, payment_type: undefined, payment_method: undefined });
    expect(unknownBillingMembers(payment)).toEqual(['payment_type', 'status', 'payment_method']);
    const invoice = BillingEntry.parse({ ...sampleInvoiceEntry(), tax_cents: null, name: undefined });
    expect(unknownBillingMembers(invoice)).toEqual(['name', 'tax_cents']);
    expect(unknownBillingMembers(BillingEntry.parse(sampleInvoiceEntry()))).toEqual([]);
  });

  it('reads any payment type, since the docs name only manual_top_up so far', () => {
    expect(BillingEntry.parse({ ...samplePaymentEntry(), payment_type: 'auto_top_up' })).toMatchObject({ payment_type: 'auto_top_up' });
  });

  it('accepts fractional amounts', () => {
    expect(BillingEntry.parse({ ...sampleInvoiceEntry(), tax_cents: 12.3456 }).total_cents).toBe(12244.8178);
  });
});

describe('PaymentMethod', () => {
  it('rejects a card without last4', () => {
    const { last4: _last4, ...card } = sampleCardPaymentMethod();
    const result = PaymentMethod.safeParse(card);
    expect(formatIssues(result.error!)[0]?.path).toBe('last4');
  });

  it('reads a payment whose method is malformed as a payment with its method unknown', () => {
    const { brand: _brand, ...card } = sampleCardPaymentMethod();
    expect(issuesOf({ ...samplePaymentEntry(), payment_method: card })).toEqual([]);
    expect(BillingEntry.parse({ ...samplePaymentEntry(), payment_method: card })).toMatchObject({ payment_method: undefined });
  });

  it('requires an e-mail address for PayPal', () => {
    expect(PaymentMethod.safeParse(samplePaypalPaymentMethod()).success).toBe(true);
    expect(PaymentMethod.safeParse({ type: 'paypal' }).success).toBe(false);
  });

  it('bounds the expiry month to 1..12, the year to 4 digits and last4 to 0..9999', () => {
    const card = sampleCardPaymentMethod();
    for (const ok of [{ expires_month: 1 }, { expires_month: 12 }, { last4: 0 }, { last4: 9999 }, { expires_year: 1000 }, { expires_year: 9999 }]) {
      expect(PaymentMethod.safeParse({ ...card, ...ok }).success).toBe(true);
    }
    for (const bad of [{ expires_month: 0 }, { expires_month: 13 }, { last4: -1 }, { last4: 10000 }, { expires_year: 28 }, { expires_year: 10000 }, { last4: '4242' }]) {
      const result = PaymentMethod.safeParse({ ...card, ...bad });
      expect(formatIssues(result.error!)[0]?.path).toBe(Object.keys(bad)[0]);
    }
  });

  it('rejects an unknown payment method type', () => {
    const result = PaymentMethod.safeParse({ type: 'bank_transfer' });
    expect(formatIssues(result.error!)[0]?.path).toBe('type');
  });
});

describe('billing history query', () => {
  it('defaults to all entries, page 1, 10 a page', () => {
    const expected = { filter: 'all', page: 1, count: 10 };
    expect(BillingHistoryQuery.parse({})).toEqual(expected);
    expect(BillingHistoryQueryParams.parse({})).toEqual(expected);
  });

  it('parses raw strings', () => {
    expect(BillingHistoryQueryParams.parse({ filter: 'payment', page: '1000', count: '100' })).toEqual({
      filter: 'payment',
      page: 1000,
      count: 100,
    });
  });

  it('rejects an unknown filter, naming filter', () => {
    const result = BillingHistoryQueryParams.safeParse({ filter: 'refund' });
    expect(formatIssues(result.error!)[0]?.path).toBe('filter');
  });
});
