import type { Role } from '../../shared/api/user';
import type { ServiceState, UserRecord, ZoneRecord } from './service-model';

// docs/api.md › Roles: admins do everything; collaborators see and change only their own zones and
// may not list users or read billing history; billing admins read zones, the account, plans and
// billing history but change no zone.

export type Permission = 'read_zones' | 'change_zones' | 'list_users' | 'read_billing_history' | 'read_account' | 'read_plans';

const PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  admin: new Set(['read_zones', 'change_zones', 'list_users', 'read_billing_history', 'read_account', 'read_plans']),
  collaborator: new Set(['read_zones', 'change_zones', 'read_account', 'read_plans']),
  billing_admin: new Set(['read_zones', 'read_billing_history', 'read_account', 'read_plans']),
};

export function mayPerform(role: Role, permission: Permission): boolean {
  return PERMISSIONS[role].has(permission);
}

/** A collaborator sees only the zones in its own list; the other roles see every zone. */
export function canSeeZone(user: UserRecord, zoneId: string): boolean {
  return user.role !== 'collaborator' || user.zones.includes(zoneId);
}

export function visibleZones(state: ServiceState, user: UserRecord): ZoneRecord[] {
  if (user.role !== 'collaborator') return [...state.zones.values()];
  return user.zones.flatMap((id) => {
    const zone = state.zones.get(id);
    return zone ? [zone] : [];
  });
}

/** Only enabled users who accepted their invitation hold a working key. */
export function userForKey(state: ServiceState, apiKey: string): UserRecord | undefined {
  return state.users.find((user) => user.api_key === apiKey && user.enabled && user.invite_status === 'invite_accepted');
}

/** Bytio's get-zones reference: "the alert object is only visible to users in the admin role". */
export function alertsVisibleTo(user: Pick<UserRecord, 'role'>): boolean {
  return user.role === 'admin';
}
