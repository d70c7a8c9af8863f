import { z } from 'zod';
import { Timestamp } from './api/timestamp';
import { AccountColor } from './account-color';
import { AppError } from './app-error';

/** Where the API key is kept (docs/architecture.md › Secrets): the OS keychain, Electron safeStorage, or memory only. */
export const KeyBackend = z.enum(['keychain', 'safe_storage', 'memory', 'none']);
export type KeyBackend = z.infer<typeof KeyBackend>;

/**
 * Whether the account's own polling runs: `stopped_unauthorized` after a 401 until the key changes,
 * `no_key` while none is stored. A pause, a sleep or the computer's offline are app-wide
 * (shared/app-state.ts), never copied here.
 */
export const PollState = z.enum(['running', 'stopped_unauthorized', 'no_key']);
export type PollState = z.infer<typeof PollState>;

export const ProfileSummary = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.string(),
  color: AccountColor,
  demo: z.boolean(),
});
export type ProfileSummary = z.infer<typeof ProfileSummary>;

/**
 * What the client could not read, by kind: items left out of a list (`zone`, `user`, `plan`,
 * `billing_entry`) and members kept as unknown (`zone_member`, `user_member`, `user_zone_id`, `billing_member`). Only undocumented
 * absences and malformed values count (docs/api.md › Presence rules).
 */
export const DataGapKind = z.enum(['zone', 'zone_member', 'user', 'user_member', 'user_zone_id', 'plan', 'billing_entry', 'billing_member']);
export type DataGapKind = z.infer<typeof DataGapKind>;

export const DataGap = z.object({
  kind: DataGapKind,
  count: z.number().int().positive(),
  /** Plain words with the count and the first cause: "1 billing entry could not be read: …". */
  message: z.string(),
});
export type DataGap = z.infer<typeof DataGap>;

/**
 * One account's own status: what its poller, its connection and its key are doing. App-wide facts
 * (paused, the computer offline or asleep, snooze) are shared/app-state.ts's; the account's read
 * model (shared/accounts.ts) puts both together.
 */
export const Status = z.object({
  poll: PollState,
  refreshing: z.boolean(),
  lastSuccessAt: Timestamp.nullable(),
  lastAttemptAt: Timestamp.nullable(),
  nextPollAt: Timestamp.nullable(),
  consecutiveFailures: z.number().int().nonnegative(),
  lastError: AppError.nullable(),
  /** This account's last requests found no network (a network error or a timeout). */
  offline: z.boolean(),
  stale: z.boolean(),
  auth: z.enum(['ok', 'rejected', 'no_key', 'unknown']),
  keyBackend: KeyBackend,
  profile: ProfileSummary,
  /** Everything left out or kept as unknown in the latest answers; empty when all was readable. */
  dataGaps: z.array(DataGap),
});
export type Status = z.infer<typeof Status>;
