import { describe, expect, it } from 'vitest';
import { formatIssues } from '../../../shared/api/issues';
import { ALERT_TYPES, PROVISIONING_STATUSES, Zone, ZoneId } from '../../../shared/api/zone';
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

  it('accepts timestamps with Z or an offset and rejects other formats', () => {
    expect(Zone.safeParse({ ...sampleZone(), created_on: '2026-11-22T10:00:00-05:00' }).success).toBe(true);
    expect(issuesOf({ ...sampleZone(), created_on: '2026-11-22 10:00' })[0]?.path).toBe('created_on');
  });

  it('rejects a zone id of 9 characters, naming zone_id', () => {
    expect(issuesOf({ ...sampleZone(), zone_id: '123456789' })).toEqual([
      { path: 'zone_id', message: 'must be at most 8 characters' },
    ]);
  });

  it('rejects a name of 101 characters, naming name', () => {
    expect(Zone.safeParse({ ...sampleZone(), name: 'n'.repeat(100) }).success).toBe(true);
    expect(issuesOf({ ...sampleZone(), name: 'n'.repeat(101) }).map((issue) => issue.path)).toEqual(['name']);
  });

  it('rejects an unknown network, naming network', () => {
    const issues = issuesOf({ ...sampleZone(), network: 'satellite' });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe('network');
    expect(issues[0]?.message).toContain('datacenter');
  });

  it('rejects a wrong type, naming the field', () => {
    expect(issuesOf({ ...sampleZone(), pool_size: '10' })[0]?.path).toBe('pool_size');
    expect(issuesOf({ ...sampleZone(), enabled: 'yes' })[0]?.path).toBe('enabled');
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
