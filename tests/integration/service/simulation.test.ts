import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billedCents } from '../../../shared/money';
import { AccountInfoResponse, BillingHistoryResponse, GetZonesResponse, ZoneUpdateResponse } from '../../../shared/api/responses';
import { InsufficientResourceBody } from '../../../shared/api/error-body';
import type { Zone } from '../../../shared/api/zone';
import type { RunningService } from '../../../electron/service/start-service';
import { call, expectBody, startTestService } from './service-call';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.control.reset());

async function allZones(): Promise<Zone[]> {
  const ids = service.seeded.zoneIds;
  const out: Zone[] = [];
  for (let i = 0; i < ids.length; i += 10) {
    out.push(...expectBody(await call(service, 'GET', `/v1/zones/${ids.slice(i, i + 10).join(',')}`), GetZonesResponse).zones);
  }
  return out;
}
const account = async () => expectBody(await call(service, 'GET', '/v1/account/info'), AccountInfoResponse);
const zone = async (id: string) => (await allZones()).find((z) => z.zone_id === id)!;
const advance = (seconds: number) => call(service, 'POST', '/_control/advance', { body: { seconds } });

describe('simulated traffic', () => {
  it('moves enabled zones and leaves disabled zones without traffic', async () => {
    const before = await allZones();
    expect((await advance(3600)).status).toBe(200);
    const after = await allZones();
    for (const [index, zone] of after.entries()) {
      const earlier = before[index]!;
      if (zone.enabled && zone.provisioning_status === 'provisioned') {
        expect(zone.usage_today_bytes).toBeGreaterThan(earlier.usage_today_bytes!);
        expect(zone.current_thoughput_bps).toBeGreaterThan(0);
        expect(zone.spend_today_cents).toBeGreaterThan(earlier.spend_today_cents!);
      } else if (!zone.enabled) {
        expect(zone.usage_today_bytes).toBe(earlier.usage_today_bytes);
        expect(zone.current_thoughput_bps).toBe(0);
        expect(zone.open_connections).toBe(0);
        // Standing charges accrue enabled or not (docs/api.md › Costs); shared zones have none.
        if (!zone.has_standing_charges) expect(zone.spend_today_cents).toBe(earlier.spend_today_cents);
      }
    }
  });

  it('draws the balance down by exactly what the zones spent', async () => {
    const zonesBefore = await allZones();
    const balanceBefore = (await account()).billing.balance.amount_cents;
    await advance(2 * 3600);
    const spent = (await allZones()).reduce((sum, z, i) => sum + z.spend_today_cents! - zonesBefore[i]!.spend_today_cents!, 0);
    expect(spent).toBeGreaterThan(0);
    expect(balanceBefore - (await account()).billing.balance.amount_cents).toBeCloseTo(spent, 6);
  });

  it('spends trial credit before the balance and clears the trial once it is used', async () => {
    await call(service, 'POST', '/_control/account', { body: { trial_amount_cents: 1, trial_expires_on: '2026-12-18T00:00:00Z' } });
    const before = (await account()).billing.balance;
    expect(before.amount_total_cents).toBeCloseTo(before.amount_cents + 1);
    await advance(3600);
    const after = (await account()).billing.balance;
    expect(after.trial_amount_cents).toBeNull();
    expect(after.trial_expires_on).toBeNull();
    expect(after.amount_total_cents).toBe(after.amount_cents);
  });

  it('multiplies a spiked zone traffic by 10', async () => {
    const id = service.seeded.perGigabyteDatacenterZoneId;
    await advance(60);
    const calm = (await zone(id)).current_thoughput_bps;
    service.control.reset();
    expect((await call(service, 'POST', '/_control/spike', { body: { zone_id: id } })).status).toBe(200);
    await advance(60);
    expect((await zone(id)).current_thoughput_bps! / calm!).toBeCloseTo(10, 3);
  });

  it('resets the day counters at the UTC day rollover and keeps the month ones', async () => {
    const before = await allZones();
    await advance(14 * 3600); // 10:00 → 00:00 UTC on the 19th
    const after = await allZones();
    for (const [index, z] of after.entries()) {
      expect(z.spend_today_cents).toBe(0);
      expect(z.usage_today_bytes).toBe(0);
      expect(z.usage_this_month_bytes).toBeGreaterThanOrEqual(before[index]!.usage_this_month_bytes!);
    }
  });

  it('issues the monthly invoice and resets the month at the UTC month rollover', async () => {
    const countBefore = expectBody(await call(service, 'GET', '/v1/account/billinghistory?filter=invoice'), BillingHistoryResponse).pagination.total_count;
    await advance((12 * 24 + 14) * 3600); // to 2026-12-01T00:00:00Z
    const history = expectBody(await call(service, 'GET', '/v1/account/billinghistory?filter=invoice'), BillingHistoryResponse);
    expect(history.pagination.total_count).toBe(countBefore + 1);
    const invoice = history.billing_histories[0]!;
    if (invoice.type !== 'invoice') throw new Error('expected an invoice');
    expect(invoice).toMatchObject({ name: 'November 2026', created_on: '2026-12-01T00:00:00.000Z' });
    expect(invoice.total_cents).toBe(billedCents(invoice.usage_charges_cents! + invoice.standing_charges_cents! + invoice.tax_cents!));
    for (const z of await allZones()) {
      expect(z.spend_this_month_cents).toBe(0);
      expect(z.usage_this_month_bytes).toBe(0);
    }
    const info = await account();
    expect(info.billing.spend.amount_cents).toBe(0);
    expect(info.plan.next_payment_date).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('alerts', () => {
  it('trigger once per period, disable once, and fire again the next day', async () => {
    const busiest = (await allZones())
      .filter((z) => z.enabled && z.provisioning_status === 'provisioned')
      .sort((a, b) => b.spend_today_cents! - a.spend_today_cents!)[0]!;
    expect(busiest.spend_today_cents).toBeGreaterThan(100);
    const id = busiest.zone_id;
    const alert = { type: 'dollars_per_day', threshold: 1, action: 'disable_zone' };
    expectBody(await call(service, 'PUT', `/v1/zones/${id}`, { body: { alert } }), ZoneUpdateResponse);
    await advance(60);
    const fired = await zone(id);
    expect(fired.enabled).toBe(false);
    expect(fired.alert?.last_triggered).toBe('2026-11-18T10:01:00.000Z');

    expectBody(await call(service, 'PUT', `/v1/zones/${id}`, { body: { enabled: true } }), ZoneUpdateResponse);
    await advance(3600);
    const kept = await zone(id);
    expect(kept.enabled).toBe(true);
    expect(kept.alert?.last_triggered).toBe('2026-11-18T10:01:00.000Z');

    await advance(13 * 3600 + 23 * 3600); // to 23:01 UTC on the 19th
    const nextDay = await zone(id);
    expect(nextDay.enabled).toBe(false);
    expect(nextDay.alert?.last_triggered?.startsWith('2026-11-19')).toBe(true);
  });

  it('fire again the same day when the rule changes, but not when only its action changes', async () => {
    const id = service.seeded.perGigabyteDatacenterZoneId;
    const daily = { type: 'dollars_per_day', threshold: 1, action: 'send_notification' };
    await call(service, 'POST', '/_control/spike', { body: { zone_id: id } });
    await advance(3600);
    expectBody(await call(service, 'PUT', `/v1/zones/${id}`, { body: { alert: daily } }), ZoneUpdateResponse);
    await advance(60);
    expect((await zone(id)).alert?.last_triggered).toBe('2026-11-18T11:01:00.000Z');

    expectBody(await call(service, 'PUT', `/v1/zones/${id}`, { body: { alert: { ...daily, action: 'disable_zone' } } }), ZoneUpdateResponse);
    await advance(60);
    expect(await zone(id)).toMatchObject({ enabled: true, alert: { last_triggered: '2026-11-18T11:01:00.000Z' } });

    // Same UTC day, so only a rule change lets it fire again.
    const gigabytes = { ...daily, type: 'gigabytes_per_day' };
    expectBody(await call(service, 'PUT', `/v1/zones/${id}`, { body: { alert: gigabytes } }), ZoneUpdateResponse);
    await advance(60);
    expect((await zone(id)).alert?.last_triggered).toBe('2026-11-18T11:03:00.000Z');
  });

  it('only notify with a send_notification action', async () => {
    const id = service.seeded.perGigabyteDatacenterZoneId;
    const alert = { type: 'gigabytes_per_month', threshold: 1, action: 'send_notification' };
    expectBody(await call(service, 'PUT', `/v1/zones/${id}`, { body: { alert } }), ZoneUpdateResponse);
    await advance(60);
    const after = await zone(id);
    expect(after.alert?.last_triggered).toBe('2026-11-18T10:01:00.000Z');
    expect(after.enabled).toBe(true);
  });
});

describe('control endpoints', () => {
  it('set the balance, the account status and the capacity', async () => {
    await call(service, 'POST', '/_control/balance', { body: { amount_cents: 1234.5 } });
    await call(service, 'POST', '/_control/account', { body: { status: 'pending_downgrade_plan', pending_downgrade_plan_id: 'payg' } });
    const info = await account();
    expect(info.billing.balance.amount_cents).toBe(1234.5);
    expect(info.billing.status).toBe('pending_downgrade_plan');
    expect(info.billing.pending_downgrade_plan_id).toBe('payg');
    expect(info.billing.pending_downgrade_plan_date).toBe('2026-12-01T00:00:00.000Z');

    await call(service, 'POST', '/_control/capacity', { body: { reserved_ips: 0 } });
    const id = service.seeded.reservedDatacenterZoneId;
    const answer = await call(service, 'PUT', `/v1/zones/${id}?skip_resource_check=false`, { body: { pool_size: 100 } });
    expectBody(answer, InsufficientResourceBody, 202);
  });

  it('append billing events dated now', async () => {
    await advance(90);
    await call(service, 'POST', '/_control/billing-event', { body: { type: 'payment', status: 'failed' } });
    const history = expectBody(await call(service, 'GET', '/v1/account/billinghistory'), BillingHistoryResponse);
    expect(history.billing_histories[0]).toMatchObject({ type: 'payment', status: 'failed', created_on: '2026-11-18T10:01:30.000Z' });
  });

  it('list the IPs of a zone and refuse bad bodies', async () => {
    const id = service.seeded.reservedDatacenterZoneId;
    const ips = await call(service, 'GET', `/_control/zones/${id}/ips`);
    expect(ips.body).toMatchObject({ status: 'ok', zone_id: id, ips: service.control.zoneIps(id) });
    expect((await call(service, 'POST', '/_control/advance', { body: { seconds: -1 } })).status).toBe(400);
    expect((await call(service, 'POST', '/_control/spike', { body: { zone_id: 'NOSUCH' } })).status).toBe(404);
  });

  it('reset the account to its seeded state', async () => {
    const before = await allZones();
    await call(service, 'DELETE', `/v1/zones/${before[0]!.zone_id}`);
    await advance(600);
    expect((await call(service, 'POST', '/_control/reset')).status).toBe(200);
    expect(await allZones()).toEqual(before);
  });
});
