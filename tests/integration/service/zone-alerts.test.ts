import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GetZonesResponse, ZoneUpdateResponse } from '../../../shared/api/responses';
import { ALERT_ACTIONS, ALERT_TYPES, type AlertAction, type AlertType, type Zone } from '../../../shared/api/zone';
import type { RunningService } from '../../../electron/service/start-service';
import { call, expectBody, startTestService } from './service-call';

// The service enforces a zone's alert whether anyone watches or not (docs/service.md › Decisions
// where the spec is open, Alerts): checked every simulated minute against the UTC day's or month's
// spend in dollars or usage in gigabytes (1 GB = 10⁹ bytes, docs/api.md › Units, money and time), at most
// once per period; a `disable_*` action turns the zone off.

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.control.reset());

const zone = async (id: string): Promise<Zone> => expectBody(await call(service, 'GET', `/v1/zones/${id}`), GetZonesResponse).zones[0]!;
const advance = (seconds: number) => call(service, 'POST', '/_control/advance', { body: { seconds } });
const setAlert = async (id: string, alert: { type: AlertType; threshold: number; action: AlertAction } | null) =>
  expectBody(await call(service, 'PUT', `/v1/zones/${id}`, { body: { alert } }), ZoneUpdateResponse).zone;

function measure(z: Zone, type: AlertType): number {
  const daily = type.endsWith('_per_day');
  if (type.startsWith('dollars')) return (daily ? z.spend_today_cents! : z.spend_this_month_cents!) / 100;
  return (daily ? z.usage_today_bytes! : z.usage_this_month_bytes!) / 1e9;
}

/** The per-gigabyte datacenter zone, busy enough that each measure is well above the minimum threshold of 1. */
async function busyZone(): Promise<Zone> {
  const id = service.seeded.perGigabyteDatacenterZoneId;
  await call(service, 'POST', '/_control/spike', { body: { zone_id: id } });
  await advance(3 * 3600);
  const z = await zone(id);
  for (const type of ALERT_TYPES) expect(measure(z, type)).toBeGreaterThan(2);
  return z;
}

describe('zone alerts on the local service', () => {
  it('the seeded demo zones carry caps of every type and every action', async () => {
    const zones = expectBody(await call(service, 'GET', `/v1/zones/${service.seeded.zoneIds.slice(0, 10).join(',')}`), GetZonesResponse).zones;
    const more = expectBody(await call(service, 'GET', `/v1/zones/${service.seeded.zoneIds.slice(10, 20).join(',')}`), GetZonesResponse).zones;
    const rest = expectBody(await call(service, 'GET', `/v1/zones/${service.seeded.zoneIds.slice(20).join(',')}`), GetZonesResponse).zones;
    const alerts = [...zones, ...more, ...rest].flatMap((z) => (z.alert ? [z.alert] : []));
    expect(new Set(alerts.map((a) => a.type))).toEqual(new Set(ALERT_TYPES));
    expect(new Set(alerts.map((a) => a.action))).toEqual(new Set(ALERT_ACTIONS));
  });

  for (const type of ALERT_TYPES) {
    it(`${type}: stays quiet below the threshold and triggers once it is passed`, async () => {
      const z = await busyZone();
      const above = Math.ceil(measure(z, type) * 10);
      await setAlert(z.zone_id, { type, threshold: above, action: 'disable_zone' });
      await advance(120);
      const quiet = await zone(z.zone_id);
      expect(quiet.enabled).toBe(true);
      expect(quiet.alert?.last_triggered).toBeUndefined();

      const below = Math.max(1, Math.floor(measure(quiet, type) / 2));
      await setAlert(z.zone_id, { type, threshold: below, action: 'disable_zone' });
      await advance(60);
      const fired = await zone(z.zone_id);
      expect(fired.enabled).toBe(false);
      expect(fired.alert).toMatchObject({ type, threshold: below, action: 'disable_zone', last_triggered: '2026-11-18T13:03:00.000Z' });
    });
  }

  for (const action of ALERT_ACTIONS) {
    it(`${action}: records last_triggered${action === 'send_notification' ? ' and leaves the zone on' : ' and turns the zone off'}`, async () => {
      const z = await busyZone();
      await setAlert(z.zone_id, { type: 'dollars_per_day', threshold: 1, action });
      await advance(60);
      const after = await zone(z.zone_id);
      expect(after.alert?.last_triggered).toBe('2026-11-18T13:01:00.000Z');
      expect(after.enabled).toBe(action === 'send_notification');
      if (action !== 'send_notification') {
        expect(after.current_thoughput_bps).toBe(0);
        const spent = after.spend_today_cents;
        await advance(600);
        expect((await zone(z.zone_id)).spend_today_cents).toBe(spent);
      }
    });
  }

  for (const type of ['gigabytes_per_day', 'gigabytes_per_month'] as const) {
    it(`${type} counts usage in decimal gigabytes (10⁹ bytes), not binary ones`, async () => {
      const z = await busyZone();
      const decimal = measure(z, type);
      const binary = (type === 'gigabytes_per_day' ? z.usage_today_bytes! : z.usage_this_month_bytes!) / 2 ** 30;
      // Between the two readings: passed in decimal gigabytes, not yet in binary ones.
      const threshold = Number(((decimal + binary) / 2).toFixed(3));
      expect(threshold).toBeGreaterThan(binary * 1.02);
      expect(threshold).toBeLessThan(decimal * 0.98);
      await setAlert(z.zone_id, { type, threshold, action: 'disable_zone' });
      await advance(60);
      expect(await zone(z.zone_id)).toMatchObject({ enabled: false, alert: { threshold, last_triggered: '2026-11-18T13:01:00.000Z' } });
    });
  }

  it('a monthly cap fires once a month: re-enabled, the zone runs for the rest of the month, and the cap fires again in the next', async () => {
    const z = await busyZone();
    await setAlert(z.zone_id, { type: 'dollars_per_month', threshold: 1, action: 'disable_and_send_notification' });
    await advance(60);
    expect((await zone(z.zone_id)).enabled).toBe(false);
    expectBody(await call(service, 'PUT', `/v1/zones/${z.zone_id}`, { body: { enabled: true } }), ZoneUpdateResponse);
    await advance(2 * 86_400);
    const kept = await zone(z.zone_id);
    expect(kept.enabled).toBe(true);
    expect(kept.alert?.last_triggered).toBe('2026-11-18T13:01:00.000Z');
    // Into December, until its first dollar passes the cap.
    await advance((Date.parse('2026-12-01T18:00:00Z') - Date.parse(service.control.now())) / 1000);
    const december = await zone(z.zone_id);
    expect(december.enabled).toBe(false);
    expect(december.alert?.last_triggered?.startsWith('2026-12-01')).toBe(true);
  });

  it('a cap removed is enforced no more', async () => {
    const z = await busyZone();
    await setAlert(z.zone_id, { type: 'dollars_per_day', threshold: 1, action: 'disable_zone' });
    await setAlert(z.zone_id, null);
    await advance(600);
    const after = await zone(z.zone_id);
    expect(after.enabled).toBe(true);
    expect(after.alert).toBeNull();
  });
});
