import { z } from 'zod';
import { Timestamp } from './api/timestamp';
import { Severity } from './notification';
import { ProfileId } from './profile-id';

export { ProfileId };

/** The colours an account can wear in the switcher, the tray menu and the overview: told apart at a glance. */
export const ACCOUNT_COLORS = ['blue', 'green', 'orange', 'purple', 'red', 'teal', 'pink', 'grey'] as const;
export const AccountColor = z.enum(ACCOUNT_COLORS);
export type AccountColor = z.infer<typeof AccountColor>;

/**
 * One word for how an account is doing, worst first: `rejected` (the key was refused: polling
 * stopped), `failing` (the last cycles failed), `offline`, `stale` (data older than it should be),
 * `loading` (no data yet), `paused`, `ok`.
 */
export const ACCOUNT_STATES = ['rejected', 'failing', 'offline', 'stale', 'loading', 'paused', 'ok'] as const;
export const AccountState = z.enum(ACCOUNT_STATES);
export type AccountState = z.infer<typeof AccountState>;

/** One row of "All accounts": what the tray and the overview show for an account. */
export const AccountSummary = z.object({
  profileId: ProfileId,
  label: z.string(),
  color: AccountColor,
  demo: z.boolean(),
  baseUrl: z.string(),
  state: AccountState,
  /** The state in a few plain words ("Key rejected", "Offline — updated 12 min ago"). */
  stateText: z.string(),
  balanceCents: z.number().nullable(),
  /** Over the zones it could read; `zonesCounted` of `zonesTotal` says how many that is. */
  spendTodayCents: z.number().nullable(),
  spendMonthCents: z.number().nullable(),
  /** The plan's (pro-rata) minimum for the month; null on pay-as-you-go or before the account is read. */
  planMinimumCents: z.number().nullable(),
  /** Spend per hour over the last hour of history; null without enough history. */
  burnCentsPerHour: z.number().nullable(),
  runwayHours: z.number().nullable(),
  zonesCounted: z.number().int().nonnegative(),
  zonesTotal: z.number().int().nonnegative().nullable(),
  lastSuccessAt: Timestamp.nullable(),
  /** The most severe notification of this account the user has not looked at yet. */
  attention: Severity.nullable(),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

/**
 * Every watched account in the user's order, and the totals across the real ones (the demo is
 * never in a total). `counted` of `real` accounts had figures to add.
 */
export const AccountsOverview = z.object({
  accounts: z.array(AccountSummary),
  totals: z.object({
    balanceCents: z.number().nullable(),
    spendTodayCents: z.number().nullable(),
    counted: z.number().int().nonnegative(),
    real: z.number().int().nonnegative(),
  }),
  /** Accounts whose state or unseen notifications ask for a look. */
  needAttention: z.number().int().nonnegative(),
});
export type AccountsOverview = z.infer<typeof AccountsOverview>;
