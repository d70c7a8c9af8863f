import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZoneDetailView } from '../../../../renderer/src/views/ZoneDetailView';
import { UsersView } from '../../../../renderer/src/views/UsersView';
import { BillingView } from '../../../../renderer/src/views/BillingView';
import { ZoneRow } from '../../../../renderer/src/components/ZoneRow';
import { UNKNOWN_VALUE_TITLE } from '../../../../renderer/src/components/MissingValue';
import { useBillingStore } from '../../../../renderer/src/stores/billing-store';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { useUsersStore } from '../../../../renderer/src/stores/users-store';
import { parseListResponse } from '../../../../shared/api/list-validation';
import { BillingHistoryResponse, UsersListResponse } from '../../../../shared/api/responses';
import { Zone } from '../../../../shared/api/zone';
import { documentedReservedAllZone, documentedReservedDomainsZone, documentedSharedZone } from '../../../fixtures/contract/get-zones';
import { documentedUsersBody } from '../../../fixtures/contract/users';
import { documentedBillingBody } from '../../../fixtures/contract/billing-history';
import { sampleStatus } from '../../../fixtures/app-samples';
import { fakeApi } from '../fake-api';
import { snapshotWith } from '../samples';

// The views render the shapes Bytio's reference pages document (fixtures cite their pages):
// a documented absence reads "n/a", an unknown value "—" with a tooltip, and a key that cannot
// see alerts is never told "no alert".

const NOW = Date.parse('2026-11-22T10:30:00Z');

beforeEach(() => {
  useSnapshotStore.setState({ status: sampleStatus() });
});
afterEach(cleanup);

function costTable(name: string) {
  return screen.getByRole('table', { name: `Cost breakdown of ${name}` });
}

describe('zones in their documented states', () => {
  it('shows a shared zone without exclusivity lines and with its alert state', () => {
    fakeApi().install();
    const zone = Zone.parse(documentedSharedZone());
    render(<ZoneDetailView snapshot={snapshotWith([zone])} zoneId={zone.zone_id} now={NOW} />);
    expect(costTable(zone.name!).textContent).not.toMatch(/Exclusive/);
    expect(within(costTable(zone.name!)).queryByTitle(UNKNOWN_VALUE_TITLE)).toBeNull();
    expect(screen.getByText('Alert').nextElementSibling!.textContent).toBe('None');
  });

  it('shows the all-domains and the per-domain exclusivity charges of reserved zones', () => {
    fakeApi().install();
    const all = Zone.parse(documentedReservedAllZone());
    const domains = Zone.parse(documentedReservedDomainsZone());
    const { unmount } = render(<ZoneDetailView snapshot={snapshotWith([all, domains])} zoneId={all.zone_id} now={NOW} />);
    expect(costTable(all.name!).textContent).toContain('Exclusive on all domains');
    expect(costTable(all.name!).textContent).toContain('$20.00');
    unmount();
    render(<ZoneDetailView snapshot={snapshotWith([all, domains])} zoneId={domains.zone_id} now={NOW} />);
    const perDomain = within(costTable(domains.name!)).getByText(/Exclusive on 2 domains/).closest('tr')!;
    // Priced per domain per IP: 2 domains × 4 IPs.
    expect([...perDomain.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['$0.40', '8', '$3.20']);
    expect(costTable(domains.name!).textContent).toContain('$3.20');
  });

  it('never tells a collaborator "no alert": the alert is not visible to that key', () => {
    fakeApi().install();
    const zone = Zone.parse({ ...documentedReservedAllZone(), alert: undefined });
    render(<ZoneDetailView snapshot={snapshotWith([zone], 'collaborator')} zoneId={zone.zone_id} now={NOW} />);
    const alert = screen.getByText('Alert').nextElementSibling!.textContent;
    expect(alert).toContain('Not visible to this API key');
    expect(alert).not.toBe('None');
  });

  it('shows a cost figure the service did not send as "—" with a tooltip, and marks the zone row', () => {
    fakeApi().install();
    const raw = documentedReservedAllZone();
    const zone = Zone.parse({ ...raw, cost: { ...(raw.cost as object), exclusivity_all_domains_cents_monthly_total: null } });
    const { unmount } = render(<ZoneDetailView snapshot={snapshotWith([zone])} zoneId={zone.zone_id} now={NOW} />);
    expect(within(costTable(zone.name!)).getAllByTitle(UNKNOWN_VALUE_TITLE).length).toBe(1);
    unmount();
    render(<ZoneRow zone={zone} enabled busy={false} sort="spend_today" onOpen={() => undefined} onToggle={() => undefined} />);
    expect(screen.getByTitle(UNKNOWN_VALUE_TITLE).textContent).toBe('1 cost figure unknown');
  });
});

describe('a team in its documented shapes', () => {
  it('lists the admin and the billing admin, whose zones the service leaves out, beside the collaborator', async () => {
    const parsed = parseListResponse(UsersListResponse, 'zones', documentedUsersBody());
    if (!parsed.success) throw new Error('the documented users body must parse');
    fakeApi({
      'users:list': { users: parsed.data.zones, pagination: parsed.data.pagination, info: parsed.data.info, dropped: 0, gapsMessage: null },
    }).install();
    useUsersStore.setState({ view: null });
    render(<UsersView snapshot={snapshotWith([])} />);
    const rows = await screen.findAllByRole('row');
    const byName = (name: string) => rows.find((row) => row.textContent!.includes(name))!;
    expect(rows).toHaveLength(4);
    expect(byName('Adam Smith').textContent).toContain('n/a');
    expect(byName('Bea Billing').textContent).toContain('n/a');
    expect(within(byName('Casey Collaborator')).getAllByRole('cell').at(-1)!.textContent).toBe('2');
  });

  it('says what could not be read on the page it shows', async () => {
    const parsed = parseListResponse(UsersListResponse, 'zones', documentedUsersBody());
    if (!parsed.success) throw new Error('the documented users body must parse');
    fakeApi({
      'users:list': {
        users: parsed.data.zones,
        pagination: parsed.data.pagination,
        info: parsed.data.info,
        dropped: 1,
        gapsMessage: '1 user could not be read: role of u-x (invalid option).',
      },
    }).install();
    useUsersStore.setState({ view: null });
    render(<UsersView snapshot={snapshotWith([])} />);
    expect((await screen.findByText('1 user could not be read: role of u-x (invalid option).')).getAttribute('role')).toBe('note');
  });
});

describe('billing history in its documented shapes', () => {
  it('shows an invoice and two payments, and says how many entries could not be read', async () => {
    const parsed = parseListResponse(BillingHistoryResponse, 'billing_histories', documentedBillingBody());
    if (!parsed.success) throw new Error('the documented billing body must parse');
    const entries = parsed.data.billing_histories;
    fakeApi({
      'billing:query': {
        entries,
        total: entries.length,
        page: 1,
        pages: 1,
        months: [],
        asOf: '2026-11-22T10:00:00Z',
        complete: true,
        cachedCount: entries.length,
        unreadable: { count: 1, message: '1 billing entry could not be read: total_cents of 2023-09-30T23:00:00Z is invalid.' },
      },
      'billing:sync': { page: 1, totalPages: 1, entries: 3, done: true, error: null },
    }).install();
    useBillingStore.setState({ view: null });
    render(<BillingView now={NOW} offline />);
    const note = await screen.findByText(/^1 billing entry could not be read/);
    expect(note.textContent).toContain('left out of this list, the month totals and the CSV export');
    expect(screen.getAllByText('October 2023').length).toBeGreaterThan(0);
    expect(document.body.textContent).toContain('4005');
  });
});
