import { describe, expect, it } from 'vitest';
import { BillingHistoryResponse, GetZonesResponse, UsersListResponse } from '../../../shared/api/responses';
import { idField, parseListResponse, validateList } from '../../../shared/api/list-validation';
import { unknownZoneMembers, Zone } from '../../../shared/api/zone';
import {
  sampleBillingHistoryResponse,
  sampleGetZonesResponse,
  sampleInvoiceEntry,
  sampleUsersListResponse,
  sampleZone,
} from '../../fixtures/api-samples';

describe('validateList', () => {
  it('keeps the valid items and reports the bad one by index, id and path', () => {
    const bad = { ...sampleZone('BAD1'), zone_id: 'BAD/1' };
    const result = validateList(Zone, [sampleZone('A1'), bad, sampleZone('A3')], idField('zone_id'));
    expect(result.items.map((zone) => zone.zone_id)).toEqual(['A1', 'A3']);
    expect(result.dropped).toHaveLength(1);
    expect(result.dropped[0]).toMatchObject({ index: 1, id: 'BAD/1', path: 'zone_id' });
    expect(result.dropped[0]?.message).toContain('letters, digits');
  });

  it('reports the problem of a dropped item and leaves out an id it cannot read', () => {
    const result = validateList(Zone, [{ zone_id: 42, name: 7 }]);
    expect(result.dropped[0]).not.toHaveProperty('id');
    expect(result.dropped[0]?.path).toBe('zone_id');
    expect(result.dropped[0]?.issues.map((issue) => issue.path)).toEqual(['zone_id']);
  });

  it('names the unknown members of a kept item through gapsOf, with its index and id', () => {
    const bad = { ...sampleZone('Z2'), open_connections: 'many' };
    const result = validateList(Zone, [sampleZone('A1'), bad], idField('zone_id'), (_raw, zone) => unknownZoneMembers(zone).map((path) => ({ path, message: 'unknown' })));
    expect(result.items.map((zone) => zone.zone_id)).toEqual(['A1', 'Z2']);
    expect(result.gaps).toEqual([{ index: 1, id: 'Z2', path: 'open_connections', message: 'unknown' }]);
  });
});

describe('parseListResponse', () => {
  it('keeps a zone with a malformed figure among the others, that figure unknown', () => {
    const body = sampleGetZonesResponse();
    const zone = sampleZone('Z2');
    body.zones[1] = { ...zone, spend_today_cents: 'lots' as unknown as number };
    const result = parseListResponse(GetZonesResponse, 'zones', body, idField('zone_id'));
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.zones.map((z) => z.zone_id)).toEqual(['1234ABCD', 'Z2', 'Z3']);
    expect(result.data.zones[1]?.spend_today_cents).toBeUndefined();
    expect(result.data.zones[1]?.spend_this_month_cents).toBe(zone.spend_this_month_cents);
    expect(result.data.info).toEqual({ current: 3, allowed: 100 });
    expect(result.dropped).toEqual([]);
  });

  it('keeps unknown envelope fields and the parsed items', () => {
    const result = parseListResponse(GetZonesResponse, 'zones', { ...sampleGetZonesResponse(), request_id: 'r1' });
    expect(result.success && result.data).toHaveProperty('request_id', 'r1');
    expect(result.success && result.data.zones[1]?.alert).toBeNull();
  });

  it('fails when the envelope itself is malformed', () => {
    expect(parseListResponse(GetZonesResponse, 'zones', { ...sampleGetZonesResponse(), info: null }).success).toBe(false);
    expect(parseListResponse(GetZonesResponse, 'zones', { ...sampleGetZonesResponse(), zones: {} }).success).toBe(false);
  });

  it('drops a user without a user_id and a billing entry without its document URL (what identifies them)', () => {
    const users = sampleUsersListResponse();
    users.zones[0] = { ...users.zones[0]!, user_id: 7 as unknown as string };
    const usersResult = parseListResponse(UsersListResponse, 'zones', users, idField('user_id'));
    expect(usersResult.success && usersResult.data.zones.map((u) => u.user_id)).toEqual(['u_2']);
    expect(usersResult.success && usersResult.dropped[0]).toMatchObject({ index: 0, id: '7', path: 'user_id' });

    const history = sampleBillingHistoryResponse();
    const { invoice_url: _url, ...invoice } = sampleInvoiceEntry();
    const historyResult = parseListResponse(BillingHistoryResponse, 'billing_histories', { ...history, billing_histories: [invoice, ...history.billing_histories.slice(1)] });
    expect(historyResult.success && historyResult.data.billing_histories).toHaveLength(2);
    expect(historyResult.success && historyResult.dropped[0]).toMatchObject({ index: 0, path: 'invoice_url' });
  });

  it('refuses a member that is not a list', () => {
    expect(() => parseListResponse(GetZonesResponse, 'info', sampleGetZonesResponse())).toThrow(TypeError);
  });
});
