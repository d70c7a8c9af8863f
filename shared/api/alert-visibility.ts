import type { Role } from './user';

/**
 * Whether a key of `role` sees zone alerts. Bytio's get-zones reference: "the alert object is only
 * visible to users in the admin role", so for any other role an absent `alert` says nothing about
 * whether the zone has one. `unknown` while the key's role is not known yet.
 */
export type AlertVisibility = 'visible' | 'hidden' | 'unknown';

export function alertVisibility(role: Role | null | undefined): AlertVisibility {
  if (role === undefined || role === null) return 'unknown';
  return role === 'admin' ? 'visible' : 'hidden';
}

/** What a zone view says where the alert would stand when the key cannot see it. */
export function hiddenAlertText(visibility: Exclude<AlertVisibility, 'visible'>): string {
  return visibility === 'hidden'
    ? 'Not visible to this API key: the service shows zone alerts only to admins.'
    : 'Not known yet: Zonewatch has not learnt this key’s role.';
}
