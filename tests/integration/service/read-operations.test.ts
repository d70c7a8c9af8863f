import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountInfoResponse,
  BillingHistoryResponse,
  GetZonesResponse,
  PlansResponse,
  UsersListResponse,
} from '../../../shared/api/responses';
import type { RunningService } from '../../../electron/service/start-service';
import { call, expectBody, expectError, startTestService } from './service-call';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

describe('GET /v1/plans', () => {
  it('lists a pay-as-you-go plan and monthly plans with every price', async () => {
    const body = expectBody(await call(service, 'GET', '/v1/plans'), PlansResponse);
    expect(body.plans.filter((plan) => plan.is_pay_as_you_go)).toHaveLength(1);
    expect(body.plans.filter((plan) => !plan.is_pay_as_you_go).length).toBeGreaterThanOrEqual(2);
    for (const plan of body.plans) expect(plan.minimum_monthly_spend_cents === 0).toBe(plan.is_pay_as_you_go);
  });
});

describe('GET /v1/account/info', () => {
  it("answers the key's own user with billing and plan", async () => {
    const body = expectBody(await call(service, 'GET', '/v1/account/info'), AccountInfoResponse);
    expect(body.user.role).toBe('admin');
    expect(body.user.api_key).toBe(service.keys.admin);
    expect(body.billing.balance.amount_total_cents).toBeCloseTo(
      body.billing.balance.amount_cents + (body.billing.balance.trial_amount_cents ?? 0),
    );
    expect(body.billing.status).toBe('active');
    expect(body.billing).not.toHaveProperty('pending_downgrade_plan_id');
  });

  it('answers each role its own user', async () => {
    const collaborator = expectBody(await call(service, 'GET', '/v1/account/info', { key: service.keys.collaborator }), AccountInfoResponse);
    const billing = expectBody(await call(service, 'GET', '/v1/account/info', { key: service.keys.billing_admin }), AccountInfoResponse);
    expect(collaborator.user.role).toBe('collaborator');
    expect(billing.user.role).toBe('billing_admin');
  });
});

describe('GET /v1/zones/{ids}', () => {
  it('answers the asked zones with info counting every zone for an admin', async () => {
    const ids = service.seeded.zoneIds.slice(0, 10);
    const body = expectBody(await call(service, 'GET', `/v1/zones/${ids.join(',')}`), GetZonesResponse);
    expect(body.zones.map((zone) => zone.zone_id)).toEqual(ids);
    expect(body.info).toEqual({ current: service.seeded.zoneIds.length, allowed: 100 });
  });

  it('leaves unknown ids out and still answers 200 with info', async () => {
    const known = service.seeded.zoneIds[0]!;
    const body = expectBody(await call(service, 'GET', `/v1/zones/NOPE1,${known},NOPE2`), GetZonesResponse);
    expect(body.zones.map((zone) => zone.zone_id)).toEqual([known]);
    const none = expectBody(await call(service, 'GET', '/v1/zones/UNUSED'), GetZonesResponse);
    expect(none.zones).toEqual([]);
    expect(none.info.current).toBe(service.seeded.zoneIds.length);
  });

  it('accepts 10 ids and refuses 11', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `Z${i}`);
    expectBody(await call(service, 'GET', `/v1/zones/${eleven.slice(0, 10).join(',')}`), GetZonesResponse);
    expect(expectError(await call(service, 'GET', `/v1/zones/${eleven.join(',')}`), 400).paths).toEqual(['zone_ids']);
  });

  it('accepts an 8-character id and refuses a 9-character one, naming it', async () => {
    expectBody(await call(service, 'GET', '/v1/zones/ABCDEFGH'), GetZonesResponse);
    const error = expectError(await call(service, 'GET', '/v1/zones/OK,ABCDEFGHI'), 400);
    expect(error).toMatchObject({ code: 'invalid_request', paths: ['zone_ids[1]'] });
  });

  it('refuses an empty id in the list', async () => {
    expect(new Set(expectError(await call(service, 'GET', '/v1/zones/A,,B'), 400).paths)).toEqual(new Set(['zone_ids[1]']));
  });

  it('refuses a path longer than 1024 characters', async () => {
    expect(expectError(await call(service, 'GET', `/v1/zones/${'A,'.repeat(600)}A`), 400).code).toBe('invalid_request');
  });

  it('shows every cost member consistent with the zone settings', async () => {
    const plans = expectBody(await call(service, 'GET', '/v1/plans'), PlansResponse).plans;
    const account = expectBody(await call(service, 'GET', '/v1/account/info'), AccountInfoResponse);
    const plan = plans.find((p) => p.plan_id === account.plan.plan_id)!;
    const zone = expectBody(
      await call(service, 'GET', `/v1/zones/${service.seeded.reservedDatacenterZoneId}`),
      GetZonesResponse,
    ).zones[0]!;
    expect(zone).toMatchObject({ network: 'datacenter', ip_type: 'reserved', exclusivity_type: 'domains' });
    const reserved = plan.datacenter.reserved;
    expect(zone.cost.ip_pool_count).toBe(zone.pool_size);
    expect(zone.cost.ip_pool_cents_monthly_total).toBeCloseTo(reserved.ip_pool_per_ip_cents_monthly * zone.pool_size!);
    expect(zone.cost.exclusivity_per_domain_count).toBe(zone.domains!.length);
    expect(zone.cost.exclusivity_per_domain_cents_monthly_total).toBeCloseTo(
      reserved.exclusivity_per_domain_per_ip_cents_monthly * zone.domains!.length * zone.pool_size!,
    );
    expect(zone.cost.standing_charges_cents_monthly).toBeCloseTo(
      zone.cost.ip_pool_cents_monthly_total! + zone.cost.exclusivity_per_domain_cents_monthly_total!,
    );
    expect(zone.has_standing_charges).toBe(true);
    expect(zone.pool_size_actual).toBe(zone.pool_size);
  });
});

describe('GET /v1/users', () => {
  const users = async (query: string) =>
    expectBody(await call(service, 'GET', `/v1/users${query}`), UsersListResponse);

  it('lists every member with info and one current user', async () => {
    const body = await users('?count=100');
    expect(body.zones).toHaveLength(12);
    expect(body.info).toEqual({ current: 12, allowed: 50 });
    expect(body.zones.filter((user) => user.is_current_user).map((user) => user.role)).toEqual(['admin']);
    expect(new Set(body.zones.map((user) => user.role))).toEqual(new Set(['admin', 'collaborator', 'billing_admin']));
  });

  it('marks only the one admin who holds a working key as the last admin, whatever page it is on', async () => {
    const lastAdmins = async (query: string) => (await users(query)).zones.filter((user) => user.is_last_admin).map((user) => user.name);
    // The seed's second admin is still invited, so the first is the only one who can act as admin.
    expect(await lastAdmins('?count=100')).toEqual(['Avery Brooks']);
    expect(await lastAdmins('?role=admin&count=1&sort_by=name&sort_order=descending')).toEqual([]);
    expect(await lastAdmins('?role=admin&count=1&sort_by=name&sort_order=ascending')).toEqual(['Avery Brooks']);
  });

  it("leaves `zones` out for every non-collaborator, as Bytio's get-users page says, and collaborators' lists cover all zones but two", async () => {
    const response = await call(service, 'GET', '/v1/users?count=100');
    const raw = response.body as { zones: Record<string, unknown>[] };
    for (const user of raw.zones) expect('zones' in user).toBe(user.role === 'collaborator');
    const body = await users('?count=100');
    const covered = new Set(body.zones.flatMap((user) => user.zones ?? []));
    const missing = service.seeded.zoneIds.filter((id) => !covered.has(id));
    expect(missing.sort()).toEqual([...service.seeded.undiscoveredZoneIds].sort());
  });

  it('pages with the right total_pages, including a short last page and a page past the end', async () => {
    const first = await users('?count=5&page=1');
    const last = await users('?count=5&page=3');
    const past = await users('?count=5&page=4');
    expect(first.pagination).toEqual({ total_pages: 3, current_page: 1 });
    expect(first.zones).toHaveLength(5);
    expect(last.zones).toHaveLength(2);
    expect(past.zones).toEqual([]);
    expect(past.pagination).toEqual({ total_pages: 3, current_page: 4 });
  });

  it('searches name or e-mail case-insensitively', async () => {
    expect((await users('?search=OKAFOR')).zones.map((user) => user.name)).toEqual(['Sam Okafor']);
    expect((await users('?search=chloe.dubois%40')).zones.map((user) => user.name)).toEqual(['Chloe Dubois']);
  });

  it('filters by enabled and by several roles', async () => {
    const disabled = await users('?enabled=false&count=100');
    expect(disabled.zones.length).toBeGreaterThan(0);
    expect(disabled.zones.every((user) => !user.enabled)).toBe(true);
    const roles = await users('?role=admin,billing_admin&count=100');
    expect(roles.zones.every((user) => user.role !== 'collaborator')).toBe(true);
    expect(roles.zones.length).toBe(5);
  });

  it('sorts by name descending by default and ascending when asked', async () => {
    const names = (await users('?sort_by=name&count=100')).zones.map((user) => user.name!);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en')));
    const ascending = (await users('?sort_by=name&sort_order=ascending&count=100')).zones.map((user) => user.name!);
    expect(ascending).toEqual([...names].reverse());
    const roles = (await users('?sort_by=role&sort_order=ascending&count=100')).zones.map((user) => user.role);
    expect(roles).toEqual([...roles].sort());
  });

  it('accepts page and count at 1 and at their maximum, and refuses 0 and one past', async () => {
    await users('?page=1&count=1');
    await users('?page=1000&count=100');
    for (const query of ['page=0', 'page=1001', 'count=0', 'count=101', 'count=1.5', 'page=-1']) {
      const name = query.split('=')[0]!;
      expect(expectError(await call(service, 'GET', `/v1/users?${query}`), 400).paths).toEqual([name]);
    }
  });

  it('refuses a search over 100 characters, an unknown role, sort field or parameter', async () => {
    await users(`?search=${'a'.repeat(100)}`);
    const error = expectError(
      await call(service, 'GET', `/v1/users?search=${'a'.repeat(101)}&role=admin,owner&sort_by=email&enabled=yes&color=red`),
      400,
    );
    expect(error.paths.sort()).toEqual(['color', 'enabled', 'role[1]', 'search', 'sort_by']);
  });
});

describe('GET /v1/account/billinghistory', () => {
  const history = async (query: string) =>
    expectBody(await call(service, 'GET', `/v1/account/billinghistory${query}`), BillingHistoryResponse);

  it('answers two years of invoices and top-ups newest first with all four pagination fields', async () => {
    const body = await history('?count=100');
    const invoices = body.billing_histories.filter((entry) => entry.type === 'invoice');
    expect(invoices).toHaveLength(24);
    const dates = body.billing_histories.map((entry) => entry.created_on);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.pagination).toEqual({ total_pages: 1, current_page: 1, total_count: body.billing_histories.length, per_page: 100 });
    const payments = body.billing_histories.filter((entry) => entry.type === 'payment');
    expect(payments.some((entry) => entry.status === 'failed')).toBe(true);
    expect(new Set(payments.map((entry) => entry.payment_method?.type))).toEqual(new Set(['card', 'paypal']));
  });

  it('filters by kind and pages with the default count of 10', async () => {
    const all = await history('');
    const invoices = await history('?filter=invoice');
    const payments = await history('?filter=payment&page=2&count=7');
    expect(all.pagination.per_page).toBe(10);
    expect(invoices.billing_histories.every((entry) => entry.type === 'invoice')).toBe(true);
    expect(invoices.pagination).toEqual({ total_pages: 3, current_page: 1, total_count: 24, per_page: 10 });
    expect(payments.billing_histories.every((entry) => entry.type === 'payment')).toBe(true);
    expect(payments.pagination.total_pages).toBe(Math.ceil(payments.pagination.total_count / 7));
    expect(all.pagination.total_count).toBe(invoices.pagination.total_count + payments.pagination.total_count);
  });

  it('refuses an unknown filter and counts out of bounds', async () => {
    expect(expectError(await call(service, 'GET', '/v1/account/billinghistory?filter=refund&count=101'), 400).paths.sort()).toEqual([
      'count',
      'filter',
    ]);
  });

  it('links each entry to a PDF the service serves', async () => {
    const body = await history('?count=20');
    const invoice = body.billing_histories.find((entry) => entry.type === 'invoice')!;
    const payment = body.billing_histories.find((entry) => entry.type === 'payment')!;
    for (const url of [invoice.type === 'invoice' ? (invoice.invoice_url ?? '') : '', payment.type === 'payment' ? (payment.reciept_url ?? '') : '']) {
      expect(url.startsWith(`${service.url}/documents/`)).toBe(true);
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
      expect(text.startsWith('%PDF-1.4')).toBe(true);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    }
    expect((await fetch(`${service.url}/documents/invoices/inv_999999.pdf`)).status).toBe(404);
  });
});
