import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COST_MEMBERS, costMemberSent } from '../../../shared/api/zone-cost-presence';
import { MAX_ZONE_IDS_PER_GET } from '../../../shared/api/zone-ids';
import type { RunningService } from '../../../electron/service/start-service';
import { call, startTestService } from './service-call';

// The local service leaves members out the way Bytio's reference pages say the real one does
// (docs/api.md › Presence rules), so every other test runs against real-shaped data.

type Raw = Record<string, unknown>;

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.control.reset());

async function rawZones(key: string = service.keys.admin): Promise<Raw[]> {
  const ids = service.seeded.zoneIds;
  const zones: Raw[] = [];
  for (let i = 0; i < ids.length; i += MAX_ZONE_IDS_PER_GET) {
    const answer = await call(service, 'GET', `/v1/zones/${ids.slice(i, i + MAX_ZONE_IDS_PER_GET).join(',')}`, { key });
    zones.push(...(answer.body as { zones: Raw[] }).zones);
  }
  return zones;
}

describe('documented omissions of the local service', () => {
  it('sends the exclusivity cost members only for reserved datacenter zones with that exclusivity (get-zones)', async () => {
    const zones = await rawZones();
    const shapes = new Set<string>();
    for (const zone of zones) {
      const settings = { network: zone.network, ip_type: zone.ip_type, exclusivity_type: zone.exclusivity_type } as Parameters<typeof costMemberSent>[0];
      const cost = zone.cost as Raw;
      expect(Object.keys(cost).sort()).toEqual(COST_MEMBERS.filter((member) => costMemberSent(settings, member)).sort());
      shapes.add(`${settings.network}/${settings.ip_type}/${settings.exclusivity_type}`);
    }
    // The seeded account holds every documented state: shared, reserved with `all` and with `domains`.
    expect([...shapes]).toEqual(expect.arrayContaining(['datacenter/shared/non_exclusive', 'datacenter/reserved/all', 'datacenter/reserved/domains']));
  });

  it('leaves `alert` out of zones without one and `last_triggered` out of alerts never triggered (get-zones)', async () => {
    const zones = await rawZones();
    expect(zones.some((zone) => !('alert' in zone))).toBe(true);
    expect(zones.every((zone) => zone.alert !== null)).toBe(true);
    const alerts = zones.flatMap((zone) => (zone.alert ? [zone.alert as Raw] : []));
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) expect(alert.last_triggered === undefined ? !('last_triggered' in alert) : typeof alert.last_triggered === 'string').toBe(true);
  });

  it('shows zone alerts only to admin keys (get-zones)', async () => {
    const admin = await rawZones();
    expect(admin.some((zone) => 'alert' in zone)).toBe(true);
    for (const key of [service.keys.collaborator, service.keys.billing_admin]) {
      const zones = await rawZones(key);
      expect(zones.length).toBeGreaterThan(0);
      for (const zone of zones) expect(zone).not.toHaveProperty('alert');
    }
  });

  it('sends `zones` only for collaborators and `is_current_user` / `is_last_admin` only when true (get-users)', async () => {
    const users = ((await call(service, 'GET', '/v1/users?count=100')).body as { zones: Raw[] }).zones;
    expect(users.map((user) => user.role)).toEqual(expect.arrayContaining(['admin', 'collaborator', 'billing_admin']));
    for (const user of users) {
      expect('zones' in user).toBe(user.role === 'collaborator');
      for (const flag of ['is_current_user', 'is_last_admin']) expect(user[flag] === undefined || user[flag] === true).toBe(true);
    }
    expect(users.filter((user) => user.is_current_user === true)).toHaveLength(1);
  });

  it('leaves the pending_* keys out of an active account and sends null trial fields once the trial is spent (account-information)', async () => {
    const billing = ((await call(service, 'GET', '/v1/account/info')).body as { billing: Raw }).billing;
    expect(billing.status).toBe('active');
    for (const key of ['pending_account_closure_date', 'pending_downgrade_plan_date', 'pending_downgrade_plan_id']) expect(billing).not.toHaveProperty(key);
    const balance = billing.balance as Raw;
    expect(balance).toHaveProperty('trial_amount_cents', null);
    expect(balance).toHaveProperty('trial_expires_on', null);
  });

  it('sends only the pending keys of the matching status (account-information)', async () => {
    service.control.setAccount({ status: 'pending_downgrade_plan' });
    const billing = ((await call(service, 'GET', '/v1/account/info')).body as { billing: Raw }).billing;
    expect(billing).toHaveProperty('pending_downgrade_plan_date');
    expect(billing).toHaveProperty('pending_downgrade_plan_id');
    expect(billing).not.toHaveProperty('pending_account_closure_date');
  });

  it('accepts an alert threshold up to the reference page’s 1,000,000 (update-a-zone)', async () => {
    const id = service.seeded.zoneIds[0]!;
    const answer = await call(service, 'PUT', `/v1/zones/${id}`, {
      body: { alert: { type: 'gigabytes_per_month', threshold: 750_000, action: 'send_notification' } },
    });
    expect(answer.status).toBe(200);
    expect(((answer.body as { zone: Raw }).zone.alert as Raw).threshold).toBe(750_000);
  });
});
