import type { UserWire, UsersQuery } from '../../shared/api/user';
import type { UsersListWire } from '../../shared/api/responses';
import { pageOf } from './paging';
import type { ServiceState, UserRecord } from './service-model';

function isActiveAdmin(user: UserRecord): boolean {
  return user.role === 'admin' && user.enabled && user.invite_status === 'invite_accepted';
}

/**
 * As Bytio's get-users reference sends a user: `zones` only for a collaborator, and
 * `is_current_user` / `is_last_admin` only when true ("omitted otherwise").
 */
function userView(user: UserRecord, caller: UserRecord, soleAdmin: boolean): UserWire {
  const current = user.user_id === caller.user_id;
  const lastAdmin = soleAdmin && isActiveAdmin(user);
  return {
    api_key: user.api_key,
    user_id: user.user_id,
    team_id: user.team_id,
    name: user.name,
    email: user.email,
    enabled: user.enabled,
    role: user.role,
    picture: user.picture,
    ...(user.role === 'collaborator' ? { zones: [...user.zones] } : {}),
    ...(current ? { is_current_user: true } : {}),
    ...(lastAdmin ? { is_last_admin: true } : {}),
    invite_status: user.invite_status,
  };
}

/**
 * Operation 8 (docs/api.md › Query parameters). Search matches name or e-mail, case-insensitive. Without `sort_by` users keep
 * the order they joined the team in, newest first for the default `descending`.
 */
export function listUsers(state: ServiceState, caller: UserRecord, query: UsersQuery): UsersListWire {
  const needle = query.search?.toLowerCase();
  const roles = query.role ? new Set(query.role) : undefined;
  const matching = state.users
    .map((user, joined) => ({ user, joined }))
    .filter(({ user }) => needle === undefined || user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle))
    .filter(({ user }) => query.enabled === undefined || user.enabled === query.enabled)
    .filter(({ user }) => roles === undefined || roles.has(user.role));
  const direction = query.sort_order === 'ascending' ? 1 : -1;
  matching.sort((a, b) => {
    let order = 0;
    if (query.sort_by === 'name') order = a.user.name.localeCompare(b.user.name, 'en');
    else if (query.sort_by === 'role') order = a.user.role.localeCompare(b.user.role) || a.user.name.localeCompare(b.user.name, 'en');
    return direction * (order || a.joined - b.joined);
  });
  const page = pageOf(matching, query.page, query.count);
  const soleAdmin = state.users.filter(isActiveAdmin).length === 1;
  return {
    status: 'ok',
    info: { current: state.users.length, allowed: state.allowedUsers },
    pagination: { total_pages: page.totalPages, current_page: query.page },
    zones: page.items.map(({ user }) => userView(user, caller, soleAdmin)),
  };
}
