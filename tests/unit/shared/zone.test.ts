import { describe, expect, it } from 'vitest';
import { formatIssues } from '../../../shared/api/issues';
import { ALERT_TYPES, PROVISIONING_STATUSES, unknownZoneMembers, Zone, ZoneId } from '../../../shared/api/zone';
import { sampleSharedZone, sampleZone } from '../../fixtures/api-samples';

function issuesOf(value: unknown) {
  const result = Zone.safeParse(value);
  return result.success ? [] : formatIssues(result.error);
}

describe('Zone (response)', () => {
  it('parses the sample zones', () => {
    expect(Zone.parse(sampleZone()).current_thoughput_bps).toBe(12_345_678);
    const shared = Zone.parse(sampleSharedZone());
    expect(shared.alert).toBeNull();
    expect(shared.countries).toBeNull();
  });

  it('reads an absent alert and absent countries as null', () => {
    const { alert: _alert, countries: _countries, ...zone } = sampleZone();
    const parsed = Zone.parse(zone);
    expect(parsed.alert).toBeNull();
    expect(parsed.countries).toBeNull();
  });

  it('accepts an alert that has never triggered', () => {
    const zone = sampleZone();
    const { last_triggered: _lastTriggered, ...alert } = zone.alert;
    expect(Zone.safeParse({ ...zone, alert }).success).toBe(true);
    expect(Zone.safeParse({ ...zone, alert: { ...alert, last_triggered: null } }).success).toBe(true);
  });

  it('accepts alert types, actions and provisioning statuses it does not know', () => {
    const zone = sampleZone();
    const parsed = Zone.parse({
      ...zone,
      alert: { ...zone.alert, type: 'requests_per_hour', action: 'email_owner' },
      provisioning_status: 'migrating',
    });
    expect(parsed.alert?.type).toBe('requests_per_hour');
    expect(parsed.provisioning_status).toBe('migrating');
  });

  it('keeps fields it does not know', () => {
    expect(Zone.parse({ ...sampleZone(), new_field: 1 })).toHaveProperty('new_field', 1);
  });

  it('accepts timestamps with Z or an offset; any other format is unknown', () => {
    expect(Zone.parse({ ...sampleZone(), created_on: '2026-11-22T10:00:00-05:00' }).created_on).toBe('2026-11-22T10:00:00-05:00');
    const parsed = Zone.parse({ ...sampleZone(), created_on: '2026-11-22 10:00' });
    expect(parsed.created_on).toBeUndefined();
    expect(unknownZoneMembers(parsed)).toEqual(['created_on']);
  });

  it('rejects a zone id of 9 characters, naming zone_id: only the id identifies a zone', () => {
    expect(issuesOf({ ...sampleZone(), zone_id: '123456789' })).toEqual([
      { path: 'zone_id', message: 'must be at most 8 characters' },
    ]);
    const { zone_id: _id, ...noId } = sampleZone();
    expect(issuesOf(noId).map((issue) => issue.path)).toEqual(['zone_id']);
  });

  it('keeps a zone whose name is over 100 characters (1 MB too), the name unknown', () => {
    expect(Zone.parse({ ...sampleZone(), name: 'n'.repeat(100) }).name).toHaveLength(100);
    for (const name of ['n'.repeat(101), 'n'.repeat(1_000_000)]) {
      const parsed = Zone.parse({ ...sampleZone(), name });
      expect(parsed.name).toBeUndefined();
      expect(unknownZoneMembers(parsed)).toEqual(['name']);
    }
  });

  it('keeps a zone with an unknown network or billing method (enum members), that member unknown', () => {
    expect(unknownZoneMembers(Zone.parse({ ...sampleZone(), network: 'satellite' }))).toEqual(['network']);
    expect(unknownZoneMembers(Zone.parse({ ...sampleZone(), billing_method: 'per_request' }))).toEqual(['billing_method']);
  });

  it('keeps a zone with a figure of the wrong type, not an integer, or missing, each member unknown', () => {
    const zone = sampleZone();
    const { usage_today_bytes: _missing, ...withoutUsage } = zone;
    const parsed = Zone.parse({ ...withoutUsage, pool_size: '10', enabled: 'yes', current_thoughput_bps: 1.5, spend_today_cents: null, domains: 'a.com' });
    expect(unknownZoneMembers(parsed)).toEqual(['enabled', 'pool_size', 'domains', 'spend_today_cents', 'usage_today_bytes', 'current_thoughput_bps']);
    // The rest of the zone is as sent.
    expect(parsed).toMatchObject({ name: zone.name, network: zone.network, spend_this_month_cents: zone.spend_this_month_cents, open_connections: zone.open_connections });
  });

  it('tells a malformed alert or countries (unknown) from an absent one (none: null)', () => {
    const parsed = Zone.parse({ ...sampleZone(), alert: { type: 'dollars_per_day' }, countries: 'US' });
    expect(parsed.alert).toBeUndefined();
    expect(parsed.countries).toBeUndefined();
    expect(unknownZoneMembers(parsed)).toEqual(['alert', 'countries']);
    expect(unknownZoneMembers(Zone.parse({ ...sampleZone(), alert: null, countries: null }))).toEqual([]);
  });

  it('reads a cost that is not an object as a cost with every member unknown', () => {
    expect(Zone.parse({ ...sampleZone(), cost: 'free' }).cost).toEqual({});
  });

  it('finds nothing unknown in a complete zone', () => {
    expect(unknownZoneMembers(Zone.parse(sampleZone()))).toEqual([]);
    expect(unknownZoneMembers(Zone.parse(sampleSharedZone()))).toEqual([]);
  });

  it('keeps a zone whose cost member is malformed, with that member unknown (undefined)', () => {
    const zone = sampleZone();
    const parsed = Zone.parse({ ...zone, cost: { ...zone.cost, ip_pool_count: null, per_gigabyte_cents: 'cheap' } });
    expect(parsed.cost.ip_pool_count).toBeUndefined();
    expect(parsed.cost.per_gigabyte_cents).toBeUndefined();
    expect(parsed.cost.standing_charges_cents_monthly).toBe(zone.cost.standing_charges_cents_monthly);
  });

  it('exports the known values of the open enums', () => {
    expect(ALERT_TYPES).toContain('gigabytes_per_month');
    expect(PROVISIONING_STATUSES).toContain('waiting_for_approval');
  });
});

describe('ZoneId', () => {
  it('accepts 1 to 8 characters and rejects characters that would break a path', () => {
    expect(ZoneId.safeParse('A').success).toBe(true);
    expect(ZoneId.safeParse('1234ABCD').success).toBe(true);
    expect(ZoneId.safeParse('').success).toBe(false);
    expect(ZoneId.safeParse('AB,CD').success).toBe(false);
    expect(ZoneId.safeParse('AB/CD').success).toBe(false);
  });
});
