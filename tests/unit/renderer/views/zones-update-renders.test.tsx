import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZonesView } from '../../../../renderer/src/views/ZonesView';
import { useSnapshotStore } from '../../../../renderer/src/stores/snapshot-store';
import { useZonesStore } from '../../../../renderer/src/stores/zones-store';
import { NO_ZONE_FILTER } from '../../../../renderer/src/model/zone-filter';
import { useSettingsStore } from '../../../../renderer/src/stores/settings-store';
import { Settings } from '../../../../shared/settings';
import { zonePatch } from '../../../../shared/zone-patch';
import { sampleStatus } from '../../../fixtures/app-samples';
import { fakeApi } from '../fake-api';
import { snapshotWith, zone } from '../samples';

// Each drawing of a zone's row asks which of its cost figures are unknown, once: counting those
// asks per zone counts the row's renders.
const drawn = new Map<string, number>();
vi.mock('../../../../shared/api/zone-cost-presence', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../shared/api/zone-cost-presence')>();
  return {
    ...real,
    unknownCostMembers: (z: { zone_id: string }) => {
      drawn.set(z.zone_id, (drawn.get(z.zone_id) ?? 0) + 1);
      return real.unknownCostMembers(z as never);
    },
  };
});

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 480 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
});
beforeEach(() => {
  useZonesStore.setState({ filter: NO_ZONE_FILTER, pending: {}, message: null, confirming: null });
  useSettingsStore.setState({ settings: Settings.parse({}), error: null });
});
afterEach(cleanup);

describe('an update of one zone in the Zones view', () => {
  it('draws that zone’s row again and no other', () => {
    fakeApi().install();
    const zones = Array.from({ length: 5 }, (_, i) => zone(`Z${i}`, { name: `Zone ${i}`, spend_today_cents: 100 - i, open_connections: 0 }));
    useSnapshotStore.setState({ snapshot: snapshotWith(zones), status: sampleStatus(), seq: 1, zonesRead: null });
    const Live = () => <ZonesView snapshot={useSnapshotStore((s) => s.snapshot)!} />;
    render(<Live />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    drawn.clear();
    const busier = { ...zones[2]!, spend_today_cents: 250 };
    act(() => useSnapshotStore.getState().applyUpdate(2, { zonesUpserted: [], zonesPatched: [zonePatch(zones[2]!, busier)!], zoneIdsRemoved: [] }));
    expect(Object.fromEntries(drawn)).toEqual({ Z2: 1 });
    // It moved to the top; the others kept their order.
    expect(screen.getAllByRole('listitem').map((item) => item.querySelector('[data-zone-id]')!.getAttribute('data-zone-id'))).toEqual(['Z2', 'Z0', 'Z1', 'Z3', 'Z4']);
    expect(screen.getAllByRole('listitem')[0]!.textContent).toContain('$2.50');
  });
});
