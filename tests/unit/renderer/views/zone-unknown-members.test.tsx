import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZoneDetailView } from '../../../../renderer/src/views/ZoneDetailView';
import { ZoneRow } from '../../../../renderer/src/components/ZoneRow';
import { UNKNOWN_VALUE_TITLE } from '../../../../renderer/src/components/MissingValue';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { useZonesStore } from '../../../../renderer/src/stores/zones-store';
import { NO_ZONE_FILTER } from '../../../../renderer/src/model/zone-filter';
import { sampleStatus } from '../../../fixtures/app-samples';
import { fakeApi } from '../fake-api';
import { snapshotWith, zone } from '../samples';

const NOW = Date.parse('2026-11-22T10:30:00Z');

beforeEach(() => {
  useZonesStore.setState({ filter: NO_ZONE_FILTER, pending: {}, message: null });
});
afterEach(cleanup);

/** The text a description list shows for `term`. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling!;

describe('a zone with members the service sent unusable', () => {
  it('shows each unknown member of the row as "—" with the tooltip, and the rest as sent', () => {
    const bad = zone('A1', { name: 'n'.repeat(1_000), spend_today_cents: 'lots', network: 'satellite' });
    render(<ZoneRow zone={bad} enabled={false} busy={false} sort="spend_today" onOpen={() => undefined} onToggle={() => undefined} />);
    const unknown = screen.getAllByTitle(UNKNOWN_VALUE_TITLE);
    expect(unknown).toHaveLength(3);
    expect(unknown.every((marker) => marker.textContent!.startsWith('—'))).toBe(true);
    // The throughput still shows, and the zone is named by its id.
    expect(screen.getByText(/A1 ·/)).toBeTruthy();
    expect(screen.getByText('12.3 Mbit/s')).toBeTruthy();
  });

  it('shows "—" with the tooltip for each unknown figure of the detail, never a number', () => {
    fakeApi().install();
    const bad = zone('A1', { name: 'Scraper', spend_this_month_cents: null, open_connections: '7', created_on: 'yesterday' });
    render(<ZoneDetailView snapshot={snapshotWith([bad])} zoneId="A1" now={NOW} />);
    expect(fact('This month').querySelector(`[title="${UNKNOWN_VALUE_TITLE}"]`)).not.toBeNull();
    expect(fact('Open connections').textContent).toBe(`—${UNKNOWN_VALUE_TITLE}`);
    expect(fact('Created').textContent).toBe(`—${UNKNOWN_VALUE_TITLE}`);
    // What the service did send is shown as usual.
    expect(fact('Today').textContent).toMatch(/^\$/);
    expect(screen.getByRole('heading', { name: 'Scraper' })).toBeTruthy();
  });

  it('still toggles a zone whose on/off state is unknown, saying the state is unknown', async () => {
    const api = fakeApi({ 'zones:setEnabled': ({ enabled }: { enabled: boolean }) => zone('A1', { name: 'Scraper', enabled }) }).install();
    const bad = zone('A1', { name: 'Scraper', enabled: 'maybe' });
    useSnapshotStore.setState({ snapshot: snapshotWith([bad]), status: sampleStatus() });
    render(<ZoneDetailView snapshot={snapshotWith([bad])} zoneId="A1" now={NOW} />);
    const toggle = screen.getByRole('switch', { name: 'Zone Scraper enabled (current state unknown: the service did not send it)' });
    expect(toggle).toHaveProperty('ariaChecked', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(api.callsTo('zones:setEnabled')).toEqual([{ profileId: 'p1', zoneId: 'A1', enabled: true }]));
  });
});
