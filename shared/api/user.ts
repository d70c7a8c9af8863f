import { z } from 'zod';
import { Count, CountParam, DEFAULT_COUNT, Page, PageParam } from './paging';
import { QueryBoolean, queryList } from './query-params';
import { ZoneId } from './zone';

export const ROLES = ['admin', 'collaborator', 'billing_admin'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

// Open values (docs/api.md › Quirks kept as the service spells them). Responses accept any string.
export const INVITE_STATUSES = ['invited', 'invite_accepted'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/**
 * A user's zone ids. Bytio's get-users reference sends `zones` only for a collaborator ("if the
 * user is not in the collaborator role the zones property is omitted"). One unreadable id is
 * skipped, not the whole user: `unreadableZoneIds` counts what was skipped for the status.
 */
export const UserZoneIds = z.array(z.unknown()).transform((ids) => ids.filter((id): id is string => ZoneId.safeParse(id).success));

/** How many ids of a raw user's `zones` `UserZoneIds` skips. */
export function unreadableZoneIds(raw: unknown): number {
  if (typeof raw !== 'object' || raw === null) return 0;
  const zones: unknown = (raw as Record<string, unknown>).zones;
  return Array.isArray(zones) ? zones.filter((id) => !ZoneId.safeParse(id).success).length : 0;
}

/**
 * An element of the users list (docs/api.md › Presence rules). `api_key` is a team member's proxy
 * password: the client drops it at its boundary, so the schema must also accept its absence.
 * `zones` is absent for admins and billing admins (docs/api.md › Presence rules).
 */
export const User = z.looseObject({
  api_key: z.string().optional(),
  // What identifies the user; every other member reads as `undefined` (unknown) when it is
  // missing or malformed, so one bad field never drops a team member (`unknownUserMembers`).
  user_id: z.string(),
  team_id: z.string().optional().catch(undefined),
  name: z.string().optional().catch(undefined),
  email: z.string().optional().catch(undefined),
  enabled: z.boolean().optional().catch(undefined),
  role: Role.optional().catch(undefined),
  picture: z.string().nullable().default(null).catch(null),
  zones: UserZoneIds.optional(),
  // "Omitted otherwise" (get-users): absent means false.
  is_current_user: z.boolean().default(false).catch(false),
  is_last_admin: z.boolean().default(false).catch(false),
  invite_status: z.string().optional().catch(undefined),
});
export type User = z.infer<typeof User>;
/** A user as the service may send it, members left out included. */
export type UserWire = z.input<typeof User>;

export const UsersPagination = z.looseObject({
  total_pages: z.int(),
  current_page: z.int(),
});
export type UsersPagination = z.infer<typeof UsersPagination>;

export const MAX_SEARCH_LENGTH = 100;

export const USER_SORT_FIELDS = ['name', 'role'] as const;
export const UserSortField = z.enum(USER_SORT_FIELDS);
export type UserSortField = z.infer<typeof UserSortField>;

export const SORT_ORDERS = ['ascending', 'descending'] as const;
export const SortOrder = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof SortOrder>;

const Search = z.string().max(MAX_SEARCH_LENGTH, { error: `must be at most ${MAX_SEARCH_LENGTH} characters` });
const Roles = z.array(Role).min(1, { error: 'must name at least one role' });

/** Query of `GET /v1/users` as typed values (docs/api.md › Query parameters). */
export const UsersQuery = z.strictObject({
  search: Search.optional(),
  enabled: z.boolean().optional(),
  role: Roles.optional(),
  page: Page.default(1),
  count: Count.default(DEFAULT_COUNT),
  sort_by: UserSortField.optional(),
  sort_order: SortOrder.default('descending'),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

/** The same query parsed from raw URL query strings; `role` is a comma-separated list. */
export const UsersQueryParams = z.strictObject({
  search: Search.optional(),
  enabled: QueryBoolean.optional(),
  role: queryList(Roles).optional(),
  page: PageParam.default(1),
  count: CountParam.default(DEFAULT_COUNT),
  sort_by: UserSortField.optional(),
  sort_order: SortOrder.default('descending'),
});

const REQUIRED_USER_MEMBERS = ['team_id', 'name', 'email', 'enabled', 'role', 'invite_status'] as const;
const OPTIONAL_USER_MEMBERS: Record<string, (value: unknown) => boolean> = {
  picture: (value) => value === null || typeof value === 'string',
  is_current_user: (value) => typeof value === 'boolean',
  is_last_admin: (value) => typeof value === 'boolean',
};

/**
 * The members of a kept user that are unknown: a member every user carries that came missing or
 * malformed, or an optional one that came malformed (an absent optional member is documented).
 */
export function unknownUserMembers(raw: unknown, user: User): string[] {
  const sent = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const missing: string[] = REQUIRED_USER_MEMBERS.filter((member) => user[member] === undefined);
  for (const [member, valid] of Object.entries(OPTIONAL_USER_MEMBERS)) {
    if (member in sent && sent[member] !== undefined && !valid(sent[member])) missing.push(member);
  }
  return missing;
}
