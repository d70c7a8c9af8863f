import type { Role } from '../../../shared/api/user';

/** A team role as people say it: the account page and the users list. */
export const ROLE_LABEL: Record<Role, string> = { admin: 'Admin', collaborator: 'Collaborator', billing_admin: 'Billing admin' };
