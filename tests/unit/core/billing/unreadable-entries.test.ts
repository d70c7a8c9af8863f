import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/core/api/client';
import { emptyBillingCache, type BillingCache } from '../../../../electron/core/billing/cache';
import { createBillingBook } from '../../../../electron/core/billing/billing-book';
import { createBillingHandlers } from '../../../../electron/core/handlers/per-account/billing-handlers';
import { systemClock } from '../../../../electron/core/ports';
import { BillingViewQuery } from '../../../../shared/views';
import { documentedBillingBody, documentedInvoice } from '../../../fixtures/contract/billing-history';
import { pollerState, statusOf } from '../readout/readout-fixtures';
import { accountStatus } from '../../../../electron/core/watch/account-status';

// One billing entry the client cannot read (its total is not a number): it is left out of the
// cache, the view and the CSV, and said so in the status, the Billing view and the export result.

const unreadable = { ...documentedInvoice(), created_on: '2023-09-30T23:00:00Z', total_cents: 'lots' };

function setup() {
  let cache: BillingCache = emptyBillingCache();
  const billingDoc = { get: () => cache, set: (next: BillingCache) => void (cache = next) };
  const client = createApiClient({
    baseUrl: 'https://api.bytio.com',
    getApiKey: () => 'k3y',
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    fetch: async () => new Response(JSON.stringify(documentedBillingBody([unreadable])), { status: 200 }),
  });
  const saved: string[] = [];
  const book = createBillingBook({ client: () => client, cache: billingDoc, clock: systemClock, pageDelayMs: 0, onProgress: () => undefined });
  const billing = createBillingHandlers({
    account: () => ({ billing: book, demo: false }),
    saveDialog: { saveText: async (_name, content) => (saved.push(content), { fileName: 'billing.csv' }) },
    shell: { openExternal: async () => undefined, openPath: async () => undefined },
    clock: systemClock,
  });
  return { billing, billingDoc, saved };
}

describe('an unreadable billing entry', () => {
  it('is counted in the status, the Billing view and the CSV export, and never silently dropped', async () => {
    const { billing, billingDoc, saved } = setup();
    const progress = await billing['billing:sync']({ profileId: 'p1', full: true });
    expect(progress.error).toBeNull();
    expect(billingDoc.get().entries).toHaveLength(3);

    const view = await billing['billing:query']({ ...BillingViewQuery.parse({}), profileId: 'p1' });
    expect(view.total).toBe(3);
    expect(view.unreadable).toEqual({
      count: 1,
      message: expect.stringMatching(/^1 billing entry could not be read: total_cents of 2023-09-30T23:00:00Z /),
    });

    const exported = await billing['billing:exportCsv']({ profileId: 'p1', filter: 'all', search: '' });
    expect(exported).toMatchObject({ saved: true, rows: 3, leftOut: 1 });
    expect(saved[0]!.trim().split('\r\n')).toHaveLength(4);

    const { profile } = statusOf();
    const status = accountStatus({ poller: pollerState(), profile, key: { backend: 'keychain', uncheckedSince: null }, gaps: [], billingUnreadable: billingDoc.get().unreadable, accountFetchedAt: null, intervalMs: 60_000, now: 0 });
    expect(status.dataGaps).toEqual([{ kind: 'billing_entry', count: 1, message: view.unreadable!.message }]);
  });

  it('is counted once however often the first page is fetched again, and forgotten once a full sync reads it', async () => {
    const { billing, billingDoc } = setup();
    await billing['billing:sync']({ profileId: 'p1', full: false });
    await billing['billing:sync']({ profileId: 'p1', full: false });
    expect(billingDoc.get().unreadable).toHaveLength(1);
    billingDoc.set({ ...billingDoc.get(), unreadable: [{ id: 'gone', path: 'x', message: 'y' }, ...billingDoc.get().unreadable] });
    await billing['billing:sync']({ profileId: 'p1', full: true });
    expect(billingDoc.get().unreadable.map((entry) => entry.id)).toEqual(['2023-09-30T23:00:00Z']);
  });
});
