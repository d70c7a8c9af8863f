import { describe, expect, it } from 'vitest';
import { planCatalog } from '../../../electron/service/plan-catalog';
import { zoneCost, type CostedZone } from '../../../electron/service/zone-costs';

const payg = planCatalog().find((plan) => plan.is_pay_as_you_go)!;
const base: CostedZone = {
  network: 'datacenter',
  billing_method: 'per_gigabyte',
  connection_count: 0,
  ip_type: 'shared',
  pool_size: 0,
  exclusivity_type: 'non_exclusive',
  domains: [],
};

describe('zoneCost', () => {
  it('gives a shared per-gigabyte datacenter zone no standing charges', () => {
    const cost = zoneCost(base, payg);
    expect(cost.per_gigabyte_cents).toBe(payg.datacenter.shared.per_gigabyte_cents);
    expect(cost.standing_charges_cents_monthly).toBe(0);
  });

  it('prices a reserved pool with per-domain exclusivity as price × domains × IPs', () => {
    const cost = zoneCost({ ...base, ip_type: 'reserved', pool_size: 10, exclusivity_type: 'domains', domains: ['a.com', 'b.com'] }, payg);
    const reserved = payg.datacenter.reserved;
    expect(cost.ip_pool_cents_monthly_total).toBe(reserved.ip_pool_per_ip_cents_monthly * 10);
    expect(cost.exclusivity_per_domain_cents_monthly_total).toBe(reserved.exclusivity_per_domain_per_ip_cents_monthly * 2 * 10);
    expect(cost.exclusivity_all_domains_cents_monthly_total).toBe(0);
    expect(cost.standing_charges_cents_monthly).toBe(cost.ip_pool_cents_monthly_total + cost.exclusivity_per_domain_cents_monthly_total);
  });

  it('prices all-domain exclusivity per IP', () => {
    const cost = zoneCost({ ...base, ip_type: 'reserved', pool_size: 4, exclusivity_type: 'all' }, payg);
    expect(cost.exclusivity_all_domains_cents_monthly_total).toBe(payg.datacenter.reserved.exclusivity_all_domains_per_ip_cents_monthly * 4);
    expect(cost.exclusivity_per_domain_count).toBe(0);
  });

  it('bills a per-connection mobile zone per connection and not per gigabyte', () => {
    const cost = zoneCost({ ...base, network: 'mobile', billing_method: 'per_connection', connection_count: 3 }, payg);
    expect(cost.per_gigabyte_cents).toBe(0);
    expect(cost.per_connection_cents_monthly_total).toBe(payg.mobile.shared.per_connection_cents_monthly * 3);
    expect(cost.standing_charges_cents_monthly).toBe(cost.per_connection_cents_monthly_total);
    expect(cost.ip_pool_count).toBe(0);
  });

  it('prices residential zones from the residential per-gigabyte price', () => {
    expect(zoneCost({ ...base, network: 'residential' }, payg).per_gigabyte_cents).toBe(payg.residential.shared.per_gigabyte_cents);
  });
});
