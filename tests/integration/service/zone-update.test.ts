import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InsufficientResourceBody } from '../../../shared/api/error-body';
import { GetZonesResponse, ZoneUpdateResponse } from '../../../shared/api/responses';
import type { Zone } from '../../../shared/api/zone';
import type { RunningService } from '../../../electron/service/start-service';
import { call, expectBody, expectError, startTestService } from './service-call';

let service: RunningService;
let zones: Zone[];
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(async () => {
  service.control.reset();
  zones = [];
  const ids = service.seeded.zoneIds;
  for (let i = 0; i < ids.length; i += 10) {
    zones.push(...expectBody(await call(service, 'GET', `/v1/zones/${ids.slice(i, i + 10).join(',')}`), GetZonesResponse).zones);
  }
});

const reservedId = () => service.seeded.reservedDatacenterZoneId;
const sharedId = () => service.seeded.perGigabyteDatacenterZoneId;
const zoneWhere = (test: (zone: Zone) => boolean) => zones.find(test)!;
const getZone = async (id: string) => expectBody(await call(service, 'GET', `/v1/zones/${id}`), GetZonesResponse).zones[0]!;
const put = (id: string, body: unknown, query = '', key?: string) => call(service, 'PUT', `/v1/zones/${id}${query}`, { body, key });

describe('PUT /v1/zones/{id}', () => {
  it('changes only the fields it is given and never touches provisioning for a rename', async () => {
    const before = await getZone(sharedId());
    service.control.advance(60);
    const body = expectBody(await put(sharedId(), { name: 'Renamed zone' }), ZoneUpdateResponse);
    expect(body.preview).toBe(false);
    const { name, last_updated, ...rest } = body.zone;
    expect(name).toBe('Renamed zone');
    expect(last_updated! > before.last_updated!).toBe(true);
    const { name: _n, last_updated: _l, ...restBefore } = before;
    expect(rest).toMatchObject({ ...restBefore, spend_today_cents: expect.any(Number), spend_this_month_cents: expect.any(Number), usage_today_bytes: expect.any(Number), usage_this_month_bytes: expect.any(Number), current_thoughput_bps: expect.any(Number), open_connections: expect.any(Number) });
    expect((await getZone(sharedId())).name).toBe('Renamed zone');
  });

  it('turns a zone off and on without changing its provisioning status', async () => {
    const off = expectBody(await put(reservedId(), { enabled: false }), ZoneUpdateResponse).zone;
    expect(off.enabled).toBe(false);
    expect(off.provisioning_status).toBe('provisioned');
    expect(off.current_thoughput_bps).toBe(0);
    const on = expectBody(await put(reservedId(), { enabled: true }), ZoneUpdateResponse).zone;
    expect(on).toMatchObject({ enabled: true, provisioning_status: 'provisioned' });
  });

  it('clears the alert and the countries with null', async () => {
    const zone = zoneWhere((z) => z.alert !== null && z.countries !== null);
    const body = expectBody(await put(zone.zone_id, { alert: null, countries: null }), ZoneUpdateResponse);
    expect(body.zone.alert).toBeNull();
    expect(body.zone.countries).toBeNull();
  });

  it('sets an alert and upper-cases real country codes', async () => {
    const alert = { type: 'gigabytes_per_month', threshold: 12.5, action: 'disable_and_send_notification' } as const;
    const body = expectBody(await put(sharedId(), { alert, countries: ['de', 'US'] }), ZoneUpdateResponse);
    expect(body.zone.alert).toMatchObject(alert);
    expect(body.zone.countries).toEqual(['DE', 'US']);
  });

  it('previews a change with its cost and commits nothing', async () => {
    const before = await getZone(reservedId());
    const body = expectBody(await put(reservedId(), { pool_size: before.pool_size! + 10, exclusivity_type: 'all' }, '?preview=true'), ZoneUpdateResponse);
    expect(body.preview).toBe(true);
    expect(body.zone.pool_size).toBe(before.pool_size! + 10);
    expect(body.zone.cost.ip_pool_count).toBe(before.pool_size! + 10);
    expect(body.zone.cost.exclusivity_all_domains_cents_monthly_total).toBeGreaterThan(0);
    // Bytio's get-zones page: the per-domain members are sent only with `domains` exclusivity.
    expect(body.zone.cost).not.toHaveProperty('exclusivity_per_domain_cents_monthly_total');
    expect(await getZone(reservedId())).toEqual(before);
    expect(service.control.zoneIps(reservedId())).toHaveLength(before.pool_size_actual!);
  });

  it('answers 402 when the balance does not cover 24 hours of the new standing charges, and commits nothing', async () => {
    const before = await getZone(reservedId());
    service.control.setBalance(0);
    const error = expectError(await put(reservedId(), { pool_size: before.pool_size! + 5 }), 402);
    expect(error.code).toBe('insufficient_balance');
    expect((await getZone(reservedId())).pool_size).toBe(before.pool_size);
  });

  it('counts trial credit toward the balance and never answers 402 to a preview or a change that raises nothing', async () => {
    service.control.setBalance(0);
    expectBody(await put(reservedId(), { pool_size: 500 }, '?preview=true'), ZoneUpdateResponse);
    expectBody(await put(reservedId(), { name: 'Still fine' }), ZoneUpdateResponse);
    const smaller = await getZone(reservedId());
    expectBody(await put(reservedId(), { pool_size: smaller.pool_size! - 1 }), ZoneUpdateResponse);
    // With no balance, the trial credit alone covers a day of the zone's new standing charges.
    service.control.setAccount({ trial_amount_cents: 100_000 });
    expectBody(await put(reservedId(), { pool_size: smaller.pool_size! + 20 }), ZoneUpdateResponse);
  });

  it('answers 202 insufficient_resource_likely without the skip and short capacity, committing nothing', async () => {
    const before = await getZone(reservedId());
    service.control.setCapacity(3);
    const answer = await put(reservedId(), { pool_size: before.pool_size! + 5 }, '?skip_resource_check=false');
    expect(expectBody(answer, InsufficientResourceBody, 202).status).toBe('insufficient_resource_likely');
    expect(await getZone(reservedId())).toEqual(before);
  });

  it('commits a change the platform lacks capacity for and waits for approval, then provisions it', async () => {
    const before = await getZone(reservedId());
    service.control.setCapacity(3);
    const waiting = expectBody(await put(reservedId(), { pool_size: before.pool_size! + 5 }), ZoneUpdateResponse).zone;
    expect(waiting).toMatchObject({ provisioning_status: 'waiting_for_approval', pool_size: before.pool_size! + 5, pool_size_actual: before.pool_size });
    service.control.advance(30 * 60);
    expect((await getZone(reservedId())).provisioning_status).toBe('provisioning');
    service.control.advance(2 * 60);
    const done = await getZone(reservedId());
    expect(done).toMatchObject({ provisioning_status: 'provisioned', pool_size_actual: before.pool_size! + 5 });
  });

  it('provisions new IPs within minutes when capacity is there', async () => {
    const before = await getZone(reservedId());
    const growing = expectBody(await put(reservedId(), { pool_size: before.pool_size! + 2 }, '?skip_resource_check=false'), ZoneUpdateResponse).zone;
    expect(growing.provisioning_status).toBe('provisioning');
    service.control.advance(120);
    expect(await getZone(reservedId())).toMatchObject({ provisioning_status: 'provisioned', pool_size_actual: before.pool_size! + 2 });
  });

  it('turns a shared datacenter zone into a reserved one billed per connection', async () => {
    const body = expectBody(
      await put(sharedId(), { ip_type: 'reserved', pool_size: 4, billing_method: 'per_connection', connection_count: 20 }),
      ZoneUpdateResponse,
    );
    expect(body.zone.cost).toMatchObject({ per_gigabyte_cents: 0, per_connection_count: 20, ip_pool_count: 4 });
    expect(body.zone.cost.standing_charges_cents_monthly).toBeCloseTo(
      body.zone.cost.per_connection_cents_monthly_total! + body.zone.cost.ip_pool_cents_monthly_total!,
    );
  });

  it('accepts every bound at its edge', async () => {
    const edges = [
      { name: 'n'.repeat(100) },
      { billing_method: 'per_connection', connection_count: 1 },
      { billing_method: 'per_connection', connection_count: 50_000 },
      { pool_size: 1 },
      { pool_size: 10_000 },
      { alert: { type: 'dollars_per_day', threshold: 1, action: 'disable_zone' } },
      { alert: { type: 'dollars_per_day', threshold: 100_000, action: 'send_notification' } },
    ];
    for (const body of edges) expectBody(await put(reservedId(), body, '?preview=true'), ZoneUpdateResponse);
  });

  it('refuses every bound one past its edge, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'n'.repeat(101) }, 'name'],
      [{ name: '' }, 'name'],
      [{ billing_method: 'per_connection', connection_count: 0 }, 'connection_count'],
      [{ billing_method: 'per_connection', connection_count: 50_001 }, 'connection_count'],
      [{ pool_size: 0 }, 'pool_size'],
      [{ pool_size: 10_001 }, 'pool_size'],
      [{ pool_size: 2.5 }, 'pool_size'],
      [{ alert: { type: 'dollars_per_day', threshold: 0.99, action: 'disable_zone' } }, 'alert.threshold'],
      [{ alert: { type: 'dollars_per_day', threshold: 1_000_001, action: 'disable_zone' } }, 'alert.threshold'],
      [{ alert: { type: 'dollars_per_week', threshold: 5, action: 'disable_zone' } }, 'alert.type'],
      [{ network: 'satellite' }, 'network'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ colour: 'red' }, 'colour'],
      [[], 'body'],
    ];
    for (const [body, path] of cases) {
      const error = expectError(await put(reservedId(), body), 400);
      expect(error.code).toBe('invalid_request');
      expect(error.paths).toContain(path);
    }
  });

  it('enforces the cross-field rules, naming the field to fix', async () => {
    const mobile = zoneWhere((z) => z.network === 'mobile' && z.billing_method === 'per_gigabyte');
    const residential = zoneWhere((z) => z.network === 'residential');
    const cases: [string, unknown, string][] = [
      [sharedId(), { pool_size: 5 }, 'pool_size'],
      [sharedId(), { exclusivity_type: 'all' }, 'exclusivity_type'],
      [sharedId(), { connection_count: 5 }, 'connection_count'],
      [sharedId(), { ip_type: 'reserved' }, 'pool_size'],
      [sharedId(), { billing_method: 'per_connection' }, 'connection_count'],
      [mobile.zone_id, { ip_type: 'reserved', pool_size: 3 }, 'ip_type'],
      [residential.zone_id, { billing_method: 'per_connection', connection_count: 3 }, 'billing_method'],
      [reservedId(), { exclusivity_type: 'domains', domains: [] }, 'domains'],
      [reservedId(), { exclusivity_type: 'all', domains: ['example.com'] }, 'domains'],
      [reservedId(), { domains: ['not a domain'] }, 'domains[0]'],
      [reservedId(), { countries: ['DE', 'XX'] }, 'countries[1]'],
      [reservedId(), { countries: ['DEU'] }, 'countries[0]'],
    ];
    for (const [id, body, path] of cases) {
      const error = expectError(await put(id, body), 400);
      expect(error.paths).toContain(path);
    }
  });

  it('refuses query values other than true and false', async () => {
    expect(expectError(await put(sharedId(), { name: 'x' }, '?preview=yes&skip_resource_check=1'), 400).paths.sort()).toEqual([
      'preview',
      'skip_resource_check',
    ]);
  });

  it('answers 403 to residential on a trial account that never topped up, and allows it after a top-up', async () => {
    service.control.setAccount({ topped_up: false, trial_amount_cents: 500, trial_expires_on: '2026-12-01T00:00:00Z' });
    const error = expectError(await put(sharedId(), { network: 'residential' }), 403);
    expect(error.code).toBe('residential_unavailable_during_trial');
    service.control.addBillingEvent({ type: 'payment', status: 'succeeded', amount_cents: 10_000 });
    expect(expectBody(await put(sharedId(), { network: 'residential' }), ZoneUpdateResponse).zone.network).toBe('residential');
  });

  it('answers 404 zone_not_found for an unknown zone and 400 for an id over 8 characters', async () => {
    expect(expectError(await put('NOSUCH', { name: 'x' }), 404).code).toBe('zone_not_found');
    expect(expectError(await put('ABCDEFGHI', { name: 'x' }), 400).paths).toEqual(['zone_id']);
    expect(expectError(await put('bad.id', { name: 'x' }), 400).paths).toEqual(['zone_id']);
  });
});
