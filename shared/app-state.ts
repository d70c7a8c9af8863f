import { z } from 'zod';
import { Timestamp } from './api/timestamp';

/**
 * The facts every watched account lives under, app-wide, each said once: the `app` push event
 * carries them and `app:state` reads them. An account's own status never copies them; its read
 * model (shared/accounts.ts › AccountReadout) reads them to say what the account is doing.
 */
export const AppState = z.object({
  /** The user paused polling (tray or window): no account polls until it is resumed. */
  paused: z.boolean(),
  /** The operating system reports no network: no account polls until it is back. */
  offline: z.boolean(),
  /** The computer is asleep or its screen locked: no account polls until it is back. */
  asleep: z.boolean(),
  /** Notifications of every account are silenced until then (quiet hours are settings); null: not snoozed. */
  snoozedUntil: Timestamp.nullable(),
});
export type AppState = z.infer<typeof AppState>;

export const RUNNING_APP: AppState = { paused: false, offline: false, asleep: false, snoozedUntil: null };
