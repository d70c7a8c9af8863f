import { z } from 'zod';

/** The colours an account can wear in the switcher, the tray menu and the overview: told apart at a glance. */
export const ACCOUNT_COLORS = ['blue', 'green', 'orange', 'purple', 'red', 'teal', 'pink', 'grey'] as const;
export const AccountColor = z.enum(ACCOUNT_COLORS);
export type AccountColor = z.infer<typeof AccountColor>;
