import { describe, expect, it } from 'vitest';
import { createApiClient, type ListRead } from '../../../../electron/core/api/client';
import { costMemberValue } from '../../../../shared/api/zone-cost-presence';
import { AccountInfoResponse } from '../../../../shared/api/responses';
import { documentedGetZonesBody } from '../../../fixtures/contract/get-zones';
import { documentedUsersBody } from '../../../fixtures/contract/users';
import { documentedBillingBody } from '../../../fixtures/contract/billing-history';
import {
  documentedPendingDowngradeAccount,
  documentedSpentTrialAccount,
  documentedTrialAccount,
} from '../../../fixtures/contract/account-information';

// Contract tests: bodies written from Bytio's published reference pages (each fixture cites its
// page), read through the client exactly as a poll reads them. Every documented state must come
// through whole, and a documented absence is never reported as a problem.

function clientAnswering(body: unknown) {
  const reads: ListRead[] = [];
  const client = createApiClient({
    baseUrl: 'https://api.bytio.com',
    getApiKey: () => 'k3y',
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    fetch: async () => new Response(JSON.stringify(body), { status: 200 }),
    onListRead: (read) => reads.push(read),
  });
  return { client, reads };
}

describe('the documented shapes of the real service (contract)', () => {
  it('keeps a shared zone, a reserved zone with `all` and one with `domains` exclusivity, reporting nothing', async () => {
    const { client, reads } = clientAnswering(documentedGetZonesBody());
    const result = await client.getZones(['SHARED01', 'RSVALL01', 'RSVDOM01']);
    expect(result.zones.map((zone) => zone.zone_id)).toEqual(['SHARED01', 'RSVALL01', 'RSVDOM01']);
    expect(result.dropped).toEqual([]);
    expect(result.gaps).toEqual([]);
    expect(reads).toEqual([{ source: 'zones', cleanIds: ['SHARED01', 'RSVALL01', 'RSVDOM01'], dropped: [], gaps: [] }]);
    const [shared, all, domains] = result.zones;
    expect(costMemberValue(shared!, 'exclusivity_all_domains_cents_monthly_total')).toEqual({ state: 'not_applicable' });
    expect(costMemberValue(shared!, 'exclusivity_per_domain_count')).toEqual({ state: 'not_applicable' });
    expect(costMemberValue(all!, 'exclusivity_all_domains_cents_monthly_total')).toEqual({ state: 'value', value: 2000 });
    expect(costMemberValue(all!, 'exclusivity_per_domain_count')).toEqual({ state: 'not_applicable' });
    expect(costMemberValue(domains!, 'exclusivity_per_domain_count')).toEqual({ state: 'value', value: 2 });
    expect(costMemberValue(domains!, 'exclusivity_all_domains_per_ip_cents_monthly')).toEqual({ state: 'not_applicable' });
    // Absent alert reads as none (for an admin key), absent last_triggered as never triggered.
    expect(shared!.alert).toBeNull();
    expect(all!.alert).toMatchObject({ threshold: 500000.5 });
    expect(all!.alert?.last_triggered).toBeUndefined();
  });

  it('reports a cost member that should have come but did not as unknown, keeping the zone', async () => {
    const body = documentedGetZonesBody();
    const zones = body.zones as Record<string, Record<string, unknown>>[];
    delete zones[1]!.cost!.exclusivity_all_domains_cents_monthly_total;
    zones[0]!.cost!.per_gigabyte_cents = 'sixty';
    const { client, reads } = clientAnswering(body);
    const result = await client.getZones(['SHARED01', 'RSVALL01', 'RSVDOM01']);
    expect(result.zones).toHaveLength(3);
    expect(result.gaps).toEqual([
      { index: 0, id: 'SHARED01', path: 'cost.per_gigabyte_cents', message: 'the service did not send a usable value' },
      { index: 1, id: 'RSVALL01', path: 'cost.exclusivity_all_domains_cents_monthly_total', message: 'the service did not send a usable value' },
    ]);
    expect(reads[0]!.cleanIds).toEqual(['RSVDOM01']);
  });

  it('keeps every user of a team — admin, collaborator and billing admin — with zones only for the collaborator', async () => {
    const { client } = clientAnswering(documentedUsersBody());
    const result = await client.listUsers();
    expect(result.users.map((user) => [user.role, user.zones ?? null, user.is_current_user, user.is_last_admin])).toEqual([
      ['admin', null, true, true],
      ['collaborator', ['SHARED01', 'RSVALL01'], false, false],
      ['billing_admin', null, false, false],
    ]);
    expect(result.dropped).toEqual([]);
    expect(result.gaps).toEqual([]);
  });

  it('skips one bad zone id of a collaborator, not the collaborator, and reports it', async () => {
    const body = documentedUsersBody();
    (body.zones as Record<string, unknown>[])[1]!.zones = ['SHARED01', 'not/a/zone', 42, 'RSVALL01'];
    const { client } = clientAnswering(body);
    const result = await client.listUsers();
    expect(result.users).toHaveLength(3);
    expect(result.users[1]!.zones).toEqual(['SHARED01', 'RSVALL01']);
    expect(result.gaps.map((gap) => [gap.id, gap.path])).toEqual([
      ['u-collab', 'zones[1]'],
      ['u-collab', 'zones[2]'],
    ]);
  });

  it('keeps a user whose role and name are malformed, with those members unknown and reported', async () => {
    const body = documentedUsersBody();
    Object.assign((body.zones as Record<string, unknown>[])[2]!, { role: 'auditor', name: 42, picture: 7 });
    const { client } = clientAnswering(body);
    const result = await client.listUsers();
    expect(result.users).toHaveLength(3);
    expect(result.users[2]).toMatchObject({ user_id: 'u-billing', role: undefined, name: undefined, picture: null, email: 'bea@email.com' });
    expect(result.gaps.map((gap) => [gap.id, gap.path])).toEqual([
      ['u-billing', 'name'],
      ['u-billing', 'role'],
      ['u-billing', 'picture'],
    ]);
  });

  it('reads an invoice, a card payment and a PayPal payment, each without the other type’s members', async () => {
    const { client } = clientAnswering(documentedBillingBody());
    const result = await client.getBillingHistory();
    expect(result.entries.map((entry) => entry.type)).toEqual(['invoice', 'payment', 'payment']);
    expect(result.dropped).toEqual([]);
  });

  it('reads an account in trial, one whose trial is spent and one pending a downgrade', () => {
    const trial = AccountInfoResponse.parse(documentedTrialAccount());
    expect(trial.billing.balance.trial_amount_cents).toBeCloseTo(1006.32, 2);
    expect(trial.billing.pending_downgrade_plan_date).toBeUndefined();
    const spent = AccountInfoResponse.parse(documentedSpentTrialAccount());
    expect(spent.billing.balance.trial_amount_cents).toBeNull();
    expect(spent.billing.balance.trial_expires_on).toBeNull();
    const downgrade = AccountInfoResponse.parse(documentedPendingDowngradeAccount());
    expect(downgrade.billing.status).toBe('pending_downgrade_plan');
    expect(downgrade.billing.pending_downgrade_plan_id).toBe('payg');
    expect(downgrade.billing.pending_account_closure_date).toBeUndefined();
  });
});
