import type { ViewName } from '../../../shared/notification';

/** Each view's name as the section bar and the command palette say it. */
export const VIEW_LABELS = {
  overview: 'Overview',
  zones: 'Zones',
  caps: 'Caps',
  billing: 'Billing',
  history: 'History',
  notifications: 'Notifications',
  account: 'Account',
  plans: 'Plans',
  users: 'Users',
  settings: 'Settings',
  deliveries: 'Delivery log',
  accounts: 'All accounts',
} as const satisfies Partial<Record<ViewName, string>>;

export type LabelledView = keyof typeof VIEW_LABELS;
