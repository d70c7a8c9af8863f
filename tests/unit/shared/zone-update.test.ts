import { describe, expect, it } from 'vitest';
import { formatIssues } from '../../../shared/api/issues';
import { ZoneUpdateBody, ZoneUpdateQuery, ZoneUpdateQueryParams } from '../../../shared/api/zone-update';

function issuesOf(value: unknown) {
  const result = ZoneUpdateBody.safeParse(value);
  return result.success ? [] : formatIssues(result.error);
}

const alert = { type: 'dollars_per_day', threshold: 50, action: 'disable_zone' };

describe('ZoneUpdateBody', () => {
  it('accepts an empty body and a full one', () => {
    expect(ZoneUpdateBody.parse({})).toEqual({});
    const full = {
      name: 'Scraper',
      network: 'datacenter',
      enabled: false,
      alert,
      billing_method: 'per_connection',
      connection_count: 200,
      ip_type: 'reserved',
      pool_size: 20,
      exclusivity_type: 'domains',
      domains: ['example.com', 'xn--bcher-kva.example'],
      countries: ['US', 'de'],
    };
    expect(ZoneUpdateBody.parse(full)).toEqual(full);
  });

  it('accepts null to clear the alert and the countries', () => {
    expect(ZoneUpdateBody.parse({ alert: null, countries: null })).toEqual({ alert: null, countries: null });
  });

  it.each([
    ['connection_count', 50_000],
    ['pool_size', 10_000],
  ])('accepts %s from 1 to %i and rejects 0 and the maximum + 1', (field, max) => {
    expect(ZoneUpdateBody.safeParse({ [field]: 1 }).success).toBe(true);
    expect(ZoneUpdateBody.safeParse({ [field]: max }).success).toBe(true);
    for (const bad of [0, max + 1, 1.5, '5']) {
      expect(issuesOf({ [field]: bad })).toEqual([{ path: field, message: `must be a whole number from 1 to ${max}` }]);
    }
  });

  it('accepts an alert threshold from 1 to 1,000,000 (the get-zones page range), decimals included, and rejects 0 and 1,000,001', () => {
    for (const threshold of [1, 1.5, 100_001, 1_000_000]) {
      expect(ZoneUpdateBody.safeParse({ alert: { ...alert, threshold } }).success).toBe(true);
    }
    for (const threshold of [0, 1_000_001]) {
      expect(issuesOf({ alert: { ...alert, threshold } })[0]?.path).toBe('alert.threshold');
    }
  });

  it('accepts only the known alert types and actions', () => {
    expect(issuesOf({ alert: { ...alert, type: 'requests_per_hour' } })[0]?.path).toBe('alert.type');
    expect(issuesOf({ alert: { ...alert, action: 'email_owner' } })[0]?.path).toBe('alert.action');
    expect(issuesOf({ alert: { type: 'dollars_per_day', action: 'disable_zone' } })[0]?.path).toBe('alert.threshold');
  });

  it('accepts a name of 100 characters and rejects 101 or none, naming name', () => {
    expect(ZoneUpdateBody.safeParse({ name: 'n'.repeat(100) }).success).toBe(true);
    expect(issuesOf({ name: 'n'.repeat(101) })).toEqual([{ path: 'name', message: 'must be at most 100 characters' }]);
    expect(issuesOf({ name: '' })[0]?.path).toBe('name');
  });

  it('rejects an unknown network, naming network', () => {
    expect(issuesOf({ network: 'satellite' })[0]?.path).toBe('network');
  });

  it('rejects a wrong type, naming the field', () => {
    expect(issuesOf({ enabled: 'false' })[0]?.path).toBe('enabled');
    expect(issuesOf({ domains: 'example.com' })[0]?.path).toBe('domains');
  });

  it('rejects malformed domains and country codes, naming the element', () => {
    expect(issuesOf({ domains: ['example.com', 'not a domain'] })[0]?.path).toBe('domains[1]');
    expect(issuesOf({ countries: ['USA'] })[0]?.path).toBe('countries[0]');
  });

  it('rejects fields it does not know, and the response-only ones', () => {
    expect(issuesOf({ pool_size_actual: 3 })).toEqual([{ path: 'pool_size_actual', message: 'is not a known field' }]);
  });
});

describe('zone update query', () => {
  it('defaults preview to false and skip_resource_check to true', () => {
    expect(ZoneUpdateQuery.parse({})).toEqual({ preview: false, skip_resource_check: true });
    expect(ZoneUpdateQueryParams.parse({})).toEqual({ preview: false, skip_resource_check: true });
  });

  it('parses only the words true and false from a URL query', () => {
    expect(ZoneUpdateQueryParams.parse({ preview: 'true', skip_resource_check: 'false' })).toEqual({
      preview: true,
      skip_resource_check: false,
    });
    for (const bad of ['1', 'yes', 'TRUE', '']) {
      const result = ZoneUpdateQueryParams.safeParse({ preview: bad });
      expect(result.success).toBe(false);
      expect(formatIssues(result.error!)[0]).toEqual({ path: 'preview', message: 'must be true or false' });
    }
  });
});
