import { describe, expect, it } from 'vitest';
import { seedState } from '../../../electron/service/seed-data';
import { mergeZoneUpdate, newIpsNeeded } from '../../../electron/service/zone-update-rules';

const { state, facts } = seedState({ seed: 1, now: Date.parse('2026-11-18T10:00:00Z'), zones: 25, users: 12, history: 1, keyFor: String });
const reserved = state.zones.get(facts.reservedDatacenterZoneId)!;
const shared = state.zones.get(facts.perGigabyteDatacenterZoneId)!;

describe('mergeZoneUpdate', () => {
  it('keeps omitted fields and clears alert and countries with null', () => {
    const merged = mergeZoneUpdate(reserved, { alert: null, countries: null });
    expect(merged).toMatchObject({ ok: true, settings: { alert: null, countries: null, name: reserved.name, pool_size: reserved.pool_size } });
  });

  it('drops pool, exclusivity and domains when a reserved zone turns shared', () => {
    const merged = mergeZoneUpdate(reserved, { ip_type: 'shared' });
    expect(merged).toMatchObject({ ok: true, settings: { pool_size: 0, exclusivity_type: 'non_exclusive', domains: [] } });
  });

  it('asks for a pool size when a shared zone turns reserved', () => {
    expect(mergeZoneUpdate(shared, { ip_type: 'reserved' })).toEqual({
      ok: false,
      details: [{ path: 'pool_size', message: 'is required when ip_type is reserved' }],
    });
  });

  it('counts only the IPs beyond what the zone holds as needed', () => {
    const grow = mergeZoneUpdate(reserved, { pool_size: reserved.pool_size + 3 });
    const shrink = mergeZoneUpdate(reserved, { pool_size: 1 });
    if (!grow.ok || !shrink.ok) throw new Error('expected valid updates');
    expect(newIpsNeeded(reserved, grow.settings)).toBe(3);
    expect(newIpsNeeded(reserved, shrink.settings)).toBe(0);
  });
});
