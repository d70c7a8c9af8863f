import type { UpdateSupport } from './update-support';

/**
 * What the update service needs of an updater (main's electron-updater glue, electron/main/updates/).
 * `check` and `download` end (resolve or reject) once `abort` is called.
 */
export interface UpdaterPort {
  /** Asks the release feed for the newest version, and whether it is newer than this copy. */
  check(): Promise<{ version: string; newer: boolean }>;
  /** Downloads the release the last check found and verifies its checksum; `onProgress` gets 0–100. */
  download(onProgress: (percent: number) => void): Promise<void>;
  /** Ends the check or download in flight (a deadline passed, or Zonewatch is quitting). */
  abort(): void;
  /** Installs the downloaded release now: Zonewatch quits and, where the system allows, starts again. Throws when it cannot. */
  installNow(): void;
  /** Whether a downloaded release is installed when Zonewatch quits. */
  setInstallOnQuit(on: boolean): void;
}

/** What the host says about updating this copy: it can (with its updater), or why not. */
export type UpdateHost = { support: Extract<UpdateSupport, { ok: false }> } | { support: Extract<UpdateSupport, { ok: true }>; updater: UpdaterPort };
