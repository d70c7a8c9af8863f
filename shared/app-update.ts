import { z } from 'zod';
import { Timestamp } from './api/timestamp';

/**
 * What updating Zonewatch itself is doing (docs/desktop.md › Updates): it cannot update itself
 * here (`unsupported`), waits for its next check (`idle`), asks the release feed (`checking`),
 * fetches a newer release (`downloading`), holds one downloaded and verified (`ready`), or its
 * last check or download failed (`failed`).
 */
export const UPDATE_PHASES = ['unsupported', 'idle', 'checking', 'downloading', 'ready', 'failed'] as const;
export const UpdatePhase = z.enum(UPDATE_PHASES);
export type UpdatePhase = z.infer<typeof UpdatePhase>;

/**
 * The state of updates as Settings and the tray show it, worked out once in the core
 * (electron/core/updates/update-view.ts) and sent with the `appUpdate` event.
 */
export const AppUpdate = z.object({
  phase: UpdatePhase,
  /** The state in plain words, one or two sentences; never an error's stack or raw text. */
  message: z.string(),
  currentVersion: z.string(),
  /** The newer version being downloaded or ready to install; null otherwise. */
  newVersion: z.string().nullable(),
  /** How much of the download is done, while it is known. */
  percent: z.number().min(0).max(100).nullable(),
  /** When the last check ended, whatever it found. */
  checkedAt: Timestamp.nullable(),
  /** "Check for updates" can run now. */
  canCheck: z.boolean(),
  /** "Restart to update" is offered: a downloaded, verified update waits. */
  canRestart: z.boolean(),
});
export type AppUpdate = z.infer<typeof AppUpdate>;
