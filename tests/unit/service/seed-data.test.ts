import { describe, expect, it } from 'vitest';
import { ZoneId } from '../../../shared/api/zone';
import { seedState } from '../../../electron/service/seed-data';

const options = { seed: 42, now: Date.parse('2026-11-18T10:00:00Z'), zones: 25, users: 12, history: 24, keyFor: (i: number) => `key-${i}` };

describe('seedState', () => {
  it('builds the same account for the same seed and a different one for another seed', () => {
    const a = seedState(options);
    const b = seedState(options);
    const c = seedState({ ...options, seed: 43 });
    expect(a.facts).toEqual(b.facts);
    expect([...a.state.zones.values()]).toEqual([...b.state.zones.values()]);
    expect(a.facts.zoneIds).not.toEqual(c.facts.zoneIds);
  });

  it('gives every zone a valid id and covers all but two zones in the collaborators lists', () => {
    const { state, facts } = seedState(options);
    for (const id of facts.zoneIds) expect(ZoneId.safeParse(id).success).toBe(true);
    const covered = new Set(state.users.flatMap((user) => user.zones));
    expect(facts.zoneIds.filter((id) => !covered.has(id))).toEqual(facts.undiscoveredZoneIds);
    expect(facts.undiscoveredZoneIds).toHaveLength(2);
  });

  it('hands the collaborator key a per-gigabyte datacenter zone and a reserved one with IPs', () => {
    const { state, facts } = seedState(options);
    const reserved = state.zones.get(facts.reservedDatacenterZoneId)!;
    const shared = state.zones.get(facts.perGigabyteDatacenterZoneId)!;
    expect(facts.collaboratorZoneIds).toEqual(expect.arrayContaining([reserved.zone_id, shared.zone_id]));
    expect(reserved).toMatchObject({ network: 'datacenter', ip_type: 'reserved', provisioning_status: 'provisioned' });
    expect(reserved.ips.length).toBe(reserved.pool_size);
    expect(shared).toMatchObject({ network: 'datacenter', ip_type: 'shared', billing_method: 'per_gigabyte', enabled: true });
  });

  it('scales zones, users and history and raises the limits to fit', () => {
    const { state, facts } = seedState({ ...options, zones: 300, users: 80, history: 36 });
    expect(facts.zoneIds).toHaveLength(300);
    expect(new Set(facts.zoneIds).size).toBe(300);
    expect(state.users).toHaveLength(80);
    expect(state.allowedZones).toBe(300);
    expect(state.allowedUsers).toBe(80);
    expect(state.billing.filter((entry) => entry.type === 'invoice')).toHaveLength(36);
  });
});
