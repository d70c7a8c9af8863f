import { z } from 'zod';
import { Timestamp } from './api/timestamp';
import { AccountColor } from './accounts';
import { AppError } from './app-error';

/** Where the API key is kept (DESIGN.md › Secrets): the OS keychain, Electron safeStorage, or memory only. */
export const KeyBackend = z.enum(['keychain', 'safe_storage', 'memory', 'none']);
export type KeyBackend = z.infer<typeof KeyBackend>;

export const PollState = z.enum(['running', 'paused', 'suspended', 'stopped_unauthorized', 'no_key']);
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
 * One account's status (the `status` push event carries it with its `profileId`): what its poller,
 * its connection and its key are doing. `snoozedUntil` is app-wide: snooze silences every account.
 */
export const Status = z.object({
  poll: PollState,
  refreshing: z.boolean(),
  lastSuccessAt: Timestamp.nullable(),
  lastAttemptAt: Timestamp.nullable(),
  nextPollAt: Timestamp.nullable(),
  consecutiveFailures: z.number().int().nonnegative(),
  lastError: AppError.nullable(),
  offline: z.boolean(),
  stale: z.boolean(),
  auth: z.enum(['ok', 'rejected', 'no_key', 'unknown']),
  keyBackend: KeyBackend,
  profile: ProfileSummary.nullable(),
  snoozedUntil: Timestamp.nullable(),
  /** Everything left out or kept as unknown in the latest answers; empty when all was readable. */
  dataGaps: z.array(DataGap),
});
export type Status = z.infer<typeof Status>;
