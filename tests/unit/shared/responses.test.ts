import { describe, expect, it } from 'vitest';
import { formatIssues } from '../../../shared/api/issues';
import {
  AccountInfoResponse,
  BillingHistoryResponse,
  DeleteIpsResponse,
  DeleteZoneResponse,
  GetZonesResponse,
  PlansResponse,
  RefreshIpsResponse,
  UsersListResponse,
  ZoneUpdateResponse,
} from '../../../shared/api/responses';
import {
  sampleAccountInfoResponse,
  sampleBillingHistoryResponse,
  sampleDeleteIpsResponse,
  sampleDeleteZoneResponse,
  sampleGetZonesResponse,
  samplePlansResponse,
  sampleRefreshIpsResponse,
  sampleUsersListResponse,
  sampleZoneUpdateResponse,
} from '../../fixtures/api-samples';

const cases = [
  ['billing history', BillingHistoryResponse, sampleBillingHistoryResponse],
  ['zone update', ZoneUpdateResponse, sampleZoneUpdateResponse],
  ['delete ips', DeleteIpsResponse, sampleDeleteIpsResponse],
  ['refresh ips', RefreshIpsResponse, sampleRefreshIpsResponse],
  ['get zones', GetZonesResponse, sampleGetZonesResponse],
  ['delete zone', DeleteZoneResponse, sampleDeleteZoneResponse],
  ['plans', PlansResponse, samplePlansResponse],
  ['users list', UsersListResponse, sampleUsersListResponse],
  ['account info', AccountInfoResponse, sampleAccountInfoResponse],
] as const;

describe.each(cases)('%s response', (_name, schema, sample) => {
  it('parses the sample', () => {
    expect(schema.safeParse(sample()).success).toBe(true);
  });

  it('accepts fields it does not know', () => {
    expect(schema.parse({ ...sample(), request_id: 'r1' })).toHaveProperty('request_id', 'r1');
  });

  it('requires status "ok"', () => {
    const result = schema.safeParse({ ...sample(), status: 'error' });
    expect(formatIssues(result.error!)[0]?.path).toBe('status');
    const { status: _status, ...withoutStatus } = sample();
    expect(schema.safeParse(withoutStatus).success).toBe(false);
  });
});

describe('users list response', () => {
  it('carries the users in an array named zones', () => {
    const parsed = UsersListResponse.parse(sampleUsersListResponse());
    expect(parsed.zones.map((user) => user.user_id)).toEqual(['u_1', 'u_2']);
  });
});

describe('plans response', () => {
  it('rejects a price of the wrong type, naming the field', () => {
    const body = samplePlansResponse();
    const [plan] = body.plans;
    const broken = { ...body, plans: [{ ...plan, residential: { shared: { per_gigabyte_cents: '0.35' } } }] };
    expect(formatIssues(PlansResponse.safeParse(broken).error!)[0]?.path).toBe('plans[0].residential.shared.per_gigabyte_cents');
  });
});
