import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BillingView } from '../../../../renderer/src/views/BillingView';
import { useBillingStore } from '../../../../renderer/src/stores/billing-store';
import { BillingEntry } from '../../../../shared/api/billing';
import { sampleInvoiceEntry, samplePaymentEntry } from '../../../fixtures/api-samples';
import { readout, showAccount } from '../accounts';
import { fakeApi } from '../fake-api';

afterEach(cleanup);

/** The view's clock: a moment of the test's, not the wall's. */
const NOW = Date.parse('2026-11-20T12:00:00Z');
const page = { entries: [], months: [], total: 3, page: 1, pages: 1, asOf: null, cachedCount: 3, complete: true, unreadable: null };

describe('BillingView with several accounts', () => {
  it('exports every account’s history in one file, and the shown account’s alone by its profile id', async () => {
    const api = fakeApi({
      'billing:query': page,
      'billing:exportCsv': { saved: true, rows: 3, fileName: 'client-b.csv', leftOut: 0 },
      'billing:exportAllCsv': { saved: true, rows: 9, fileName: 'all-accounts.csv', leftOut: 0 },
    }).install(null);
    useBillingStore.setState(useBillingStore.getInitialState(), true);
    showAccount('p2', [readout('p1'), readout('p2', { label: 'Client B' })]);
    render(<BillingView now={NOW} offline />);
    await waitFor(() => expect(api.callsTo('billing:query')).toHaveLength(1));
    expect(api.callsTo('billing:query')[0]).toMatchObject({ profileId: 'p2', filter: 'all', page: 1 });

    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(api.callsTo('billing:exportCsv')).toEqual([{ profileId: 'p2', filter: 'all', search: '' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Export all accounts (CSV)' }));
    expect(api.callsTo('billing:exportAllCsv')).toEqual([{ filter: 'all' }]);
    expect((await screen.findByText(/^Saved 9 rows/)).textContent).toBe('Saved 9 rows to all-accounts.csv.');
  });
});

describe('BillingView with a document link the service sent but Zonewatch refused', () => {
  it('says the entry has no link instead of offering one, and still opens the others', async () => {
    const refused = BillingEntry.parse({ ...sampleInvoiceEntry(), invoice_url: 'https://user:secret@api.bytio.com/i.pdf' });
    const kept = BillingEntry.parse(samplePaymentEntry());
    const api = fakeApi({
      'billing:query': { ...page, entries: [refused, kept], total: 2, cachedCount: 2 },
      'billing:openDocument': { opened: true },
    }).install(null);
    useBillingStore.setState(useBillingStore.getInitialState(), true);
    showAccount('p1', [readout('p1')]);
    render(<BillingView now={NOW} offline />);
    expect(await screen.findByText('No invoice link')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Invoice/ })).toBeNull();
    expect(document.body.textContent).not.toContain('secret');
    await userEvent.click(screen.getByRole('button', { name: /^Receipt/ }));
    expect(api.callsTo('billing:openDocument')).toEqual([{ profileId: 'p1', url: samplePaymentEntry().reciept_url }]);
  });
});
