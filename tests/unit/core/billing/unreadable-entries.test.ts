import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/core/api/client';
import { emptyBillingCache, type BillingCache } from '../../../../electron/core/billing/cache';
import { createBillingHandlers } from '../../../../electron/core/handlers/per-account/billing-handlers';
import { appStatus } from '../../../../electron/core/readout/account-status';
import { createDataGaps } from '../../../../electron/core/data/data-gaps';
import { systemClock } from '../../../../electron/core/ports';
import { BillingViewQuery } from '../../../../shared/views';
import { Profile } from '../../../../shared/settings';
import { documentedBillingBody, documentedInvoice } from '../../../fixtures/contract/billing-history';
import { sampleExternalPollInputs } from '../polling/poll-inputs';

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
  const session = { client, billingDoc, demo: false };
  const billing = createBillingHandlers({
    sessions: { require: () => session as never },
    saveDialog: { saveText: async (_name, content) => (saved.push(content), { fileName: 'billing.csv' }) },
    shell: { openExternal: async () => undefined, openPath: async () => undefined },
    clock: systemClock,
    onSyncProgress: () => undefined,
    billingPageDelayMs: 0,
  });
  return { billing, billingDoc, saved };
}

describe('an unreadable billing entry', () => {
  it('is counted in the status, the Billing view and the CSV export, and never silently dropped', async () => {
    const { billing, billingDoc, saved } = setup();
    const progress = await billing.handlers['billing:sync']({ profileId: 'p1', full: true });
    expect(progress.error).toBeNull();
    expect(billingDoc.get().entries).toHaveLength(3);

    const view = await billing.handlers['billing:query']({ ...BillingViewQuery.parse({}), profileId: 'p1' });
    expect(view.total).toBe(3);
    expect(view.unreadable).toEqual({
      count: 1,
      message: expect.stringMatching(/^1 billing entry could not be read: total_cents of 2023-09-30T23:00:00Z /),
    });

    const exported = await billing.handlers['billing:exportCsv']({ profileId: 'p1', filter: 'all', search: '' });
    expect(exported).toMatchObject({ saved: true, rows: 3, leftOut: 1 });
    expect(saved[0]!.trim().split('\r\n')).toHaveLength(4);

    const status = appStatus({
      poller: {
        started: true, refreshing: false, consecutiveFailures: 0, unauthorized: false, noKey: false, rateLimited: false,
        lastAttemptAt: 0, lastSuccessAt: 0, lastError: null, nextPollAt: null, decision: null,
      },
      session: {
        profile: Profile.parse({ id: 'p1', label: 'Work', baseUrl: 'https://api.bytio.com' }),
        demo: false,
        keyBackend: 'keychain',
        keyUncheckedSince: null,
        alerts: { snoozedUntil: () => null },
        dataGaps: createDataGaps({ warn: () => undefined }),
        billingDoc,
      },
      accountFetchedAt: null,
      inputs: sampleExternalPollInputs(),
      now: 0,
    });
    expect(status.dataGaps).toEqual([{ kind: 'billing_entry', count: 1, message: view.unreadable!.message }]);
  });

  it('is counted once however often the first page is fetched again, and forgotten once a full sync reads it', async () => {
    const { billing, billingDoc } = setup();
    await billing.handlers['billing:sync']({ profileId: 'p1', full: false });
    await billing.handlers['billing:sync']({ profileId: 'p1', full: false });
    expect(billingDoc.get().unreadable).toHaveLength(1);
    billingDoc.set({ ...billingDoc.get(), unreadable: [{ id: 'gone', path: 'x', message: 'y' }, ...billingDoc.get().unreadable] });
    await billing.handlers['billing:sync']({ profileId: 'p1', full: true });
    expect(billingDoc.get().unreadable.map((entry) => entry.id)).toEqual(['2023-09-30T23:00:00Z']);
  });
});
