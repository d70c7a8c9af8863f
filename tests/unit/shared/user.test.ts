import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { formatIssues } from '../../../shared/api/issues';
import { toSearchParams } from '../../../shared/api/query-params';
import { unknownUserMembers, User, UsersQuery, UsersQueryParams } from '../../../shared/api/user';
import { sampleCollaborator, sampleUser } from '../../fixtures/api-samples';

describe('User (response)', () => {
  it('parses the sample users', () => {
    expect(User.parse(sampleUser()).is_current_user).toBe(true);
  });

  it('reads omitted is_current_user / is_last_admin as false and keeps a null picture', () => {
    const collaborator = User.parse(sampleCollaborator());
    expect(collaborator.is_current_user).toBe(false);
    expect(collaborator.is_last_admin).toBe(false);
    expect(collaborator.picture).toBeNull();
  });

  it('accepts a user whose api_key was stripped', () => {
    const { api_key: _key, ...user } = sampleUser();
    expect(User.safeParse(user).success).toBe(true);
  });

  it('accepts an invite status it does not know, and keeps a user with an unknown role, its role unknown', () => {
    expect(User.safeParse({ ...sampleUser(), invite_status: 'expired' }).success).toBe(true);
    const raw = { ...sampleUser(), role: 'owner' };
    const user = User.parse(raw);
    expect(user.role).toBeUndefined();
    expect(unknownUserMembers(raw, user)).toEqual(['role']);
  });

  it('refuses a user without a user_id, naming it', () => {
    const { user_id: _id, ...raw } = sampleUser();
    expect(formatIssues(User.safeParse(raw).error!)[0]?.path).toBe('user_id');
  });
});

describe('users list query', () => {
  it('applies the defaults', () => {
    const expected = { page: 1, count: 10, sort_order: 'descending' };
    expect(UsersQuery.parse({})).toEqual(expected);
    expect(UsersQueryParams.parse({})).toEqual(expected);
  });

  it('parses raw strings, with role as a comma-separated list', () => {
    expect(
      UsersQueryParams.parse({ search: 'ada', enabled: 'false', role: 'admin,billing_admin', page: '2', count: '50', sort_by: 'name', sort_order: 'ascending' }),
    ).toEqual({ search: 'ada', enabled: false, role: ['admin', 'billing_admin'], page: 2, count: 50, sort_by: 'name', sort_order: 'ascending' });
  });

  it('accepts a search of 100 characters and rejects 101, naming search', () => {
    expect(UsersQuery.safeParse({ search: 's'.repeat(100) }).success).toBe(true);
    const result = UsersQueryParams.safeParse({ search: 's'.repeat(101) });
    expect(formatIssues(result.error!)[0]?.path).toBe('search');
  });

  it('names the bad role in a raw list', () => {
    const result = UsersQueryParams.safeParse({ role: 'admin,owner' });
    expect(formatIssues(result.error!)[0]?.path).toBe('role[1]');
  });

  it('rejects unknown parameters and sort values', () => {
    expect(formatIssues(UsersQueryParams.safeParse({ sort: 'name' }).error!)[0]?.path).toBe('sort');
    expect(formatIssues(UsersQueryParams.safeParse({ sort_by: 'email' }).error!)[0]?.path).toBe('sort_by');
  });

  it('round-trips through a URL query string built by the client', () => {
    const query = UsersQuery.parse({ search: 'a b&c', enabled: true, role: ['admin', 'collaborator'], page: 3, sort_by: 'role' });
    const params = toSearchParams(query);
    expect(params.get('role')).toBe('admin,collaborator');
    expect(UsersQueryParams.parse(Object.fromEntries(new URLSearchParams(params.toString())))).toEqual(query);
  });

  it('gives the raw and typed schemas the same output type', () => {
    expectTypeOf<z.output<typeof UsersQueryParams>>().toEqualTypeOf<z.output<typeof UsersQuery>>();
  });
});
