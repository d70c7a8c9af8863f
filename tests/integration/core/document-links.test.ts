// A hostile API server's invoice and receipt links (docs/architecture.md › Threat model › The API
// server): links with a user name or password, of another scheme than https, or longer than 2,048
// characters are not cached, not exported and not opened; the entries stay, and the user is told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingDocumentUrl, type BillingEntry } from '../../../shared/api/billing';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, readAllFiles, value } from './core-host';
import { startTestService } from './service-harness';

const CREDENTIALS = 'https://billing:hunter2@docs.example.com/invoices/1.pdf';
const OTHER_SCHEME = 'http://docs.example.com/receipts/2.pdf';
const HUGE = `https://docs.example.com/${'a'.repeat(100_000)}.pdf`;
const TOO_LONG = `https://docs.example.com/${'b'.repeat(2049 - 'https://docs.example.com/'.length)}`;
const LONGEST_KEPT = `https://docs.example.com/${'c'.repeat(2048 - 'https://docs.example.com/'.length)}`;
const REFUSED = [CREDENTIALS, OTHER_SCHEME, HUGE, TOO_LONG];

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

const link = (entry: Record<string, unknown>) => (entry.type === 'invoice' ? 'invoice_url' : 'reciept_url');

/** The API as a hostile server answers it: the first entries of each billing page carry the links above. */
const hostileFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const answer = await fetch(input, init);
  if (!String(input).includes('/account/billinghistory')) return answer;
  const body = (await answer.json()) as { billing_histories: Record<string, unknown>[] };
  [...REFUSED, LONGEST_KEPT].forEach((url, i) => {
    const entry = body.billing_histories[i];
    if (entry) entry[link(entry)] = url;
  });
  return new Response(JSON.stringify(body), { status: answer.status, headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

describe('document links from a hostile API server', () => {
  const { core, dir, recorded } = createTestCore({ http: { fetch: hostileFetch } });
  let profileId = '';
  const call = accountCaller(core, () => profileId);
  let entries: BillingEntry[] = [];

  beforeAll(async () => {
    await core.start();
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    value(await call('billing:sync', { full: false }));
    entries = value(await call('billing:query', { perPage: 500 })).entries;
  });
  afterAll(() => core.stop());

  it('keeps the entries, without their links, and says why in the status', async () => {
    const newest = entries.slice(0, 5);
    expect(newest.map(billingDocumentUrl)).toEqual([null, null, null, null, LONGEST_KEPT]);
    const gaps = value(await call('snapshot:get')).status.dataGaps;
    const billing = gaps.find((gap) => gap.kind === 'billing_member');
    expect(billing?.count).toBe(4);
    expect(billing?.message).toMatch(/^4 billing details are unknown: (invoice_url|reciept_url) of \S+ has a user name or password in it, so Zonewatch neither opens nor exports it \(and 3 more\)\.$/);
    expect(billing!.message.length).toBeLessThan(300);
  });

  it('refuses to open any of them', async () => {
    for (const url of REFUSED) {
      const result = await call('billing:openDocument', { url });
      expect(result.ok).toBe(false);
    }
    expect(value(await call('billing:openDocument', { url: LONGEST_KEPT }))).toEqual({ opened: true });
    expect(recorded.opened).toEqual([LONGEST_KEPT]);
  });

  it('exports their rows without the links', async () => {
    expect(value(await call('billing:exportCsv', { filter: 'all', search: '' })).saved).toBe(true);
    const csv = recorded.saved.at(-1)!.content;
    expect(csv.split('\r\n').length - 2).toBe(entries.length);
    for (const url of REFUSED) expect(csv).not.toContain(url.slice(0, 60));
    expect(csv).not.toContain('hunter2');
    expect(csv).toContain(LONGEST_KEPT);
  });

  it('writes none of them to disk', async () => {
    await core.stop();
    const files = readAllFiles(dir);
    expect(files).toContain(LONGEST_KEPT);
    expect(files).not.toContain('hunter2');
    expect(files).not.toContain(OTHER_SCHEME);
    expect(files).not.toContain('a'.repeat(3000));
    expect(files).not.toContain(TOO_LONG);
    await core.start();
  });
});
