/**
 * How this copy of Zonewatch was installed, as far as updating it matters: what electron-updater
 * itself looks at to pick its updater (its main.js: the platform, then on Linux the
 * `resources/package-type` file electron-builder writes into a .deb, and `$APPIMAGE`, which the
 * AppImage runtime sets), read by main.
 */
export type InstallFacts = {
  /** Electron's `app.isPackaged`: false when run from the sources (`npm start`, `electron .`). */
  packaged: boolean;
  platform: string;
  /** `$APPIMAGE`: the path of the running AppImage, or null. */
  appImage: string | null;
  /** `$SNAP` is set: the Snap Store manages this copy. */
  snap: boolean;
  /** The contents of `resources/package-type` (`deb`, `rpm`, `pacman`), or null when there is none. */
  packageType: string | null;
};

/** How an installed copy updates itself (docs/desktop.md › Updates › What each system does). */
export type UpdateMethod = 'nsis' | 'mac' | 'appimage' | 'deb';

export type UpdateSupport = { ok: true; method: UpdateMethod } | { ok: false; reason: string };

const RELEASES = 'Installed copies update themselves from the project’s releases.';

/** Whether this copy can update itself, and if not, why, in words for Settings. */
export function updateSupport(facts: InstallFacts): UpdateSupport {
  if (!facts.packaged) return { ok: false, reason: `This copy runs from its sources (a development build): it does not update itself. ${RELEASES}` };
  if (facts.platform === 'win32') return { ok: true, method: 'nsis' };
  if (facts.platform === 'darwin') return { ok: true, method: 'mac' };
  if (facts.platform !== 'linux') return { ok: false, reason: `Zonewatch cannot update itself on ${facts.platform}.` };
  // electron-updater's order: a package-type file picks the package's updater before $APPIMAGE is looked at.
  if (facts.packageType === 'deb') return { ok: true, method: 'deb' };
  if (facts.packageType !== null) {
    return { ok: false, reason: `This copy was installed from a .${facts.packageType} package, which Zonewatch’s releases do not publish: update it the way you installed it.` };
  }
  if (facts.appImage !== null) return { ok: true, method: 'appimage' };
  if (facts.snap) return { ok: false, reason: 'This copy was installed as a Snap: the Snap Store keeps it up to date.' };
  return { ok: false, reason: 'This copy is neither the AppImage nor the .deb of a release, so it cannot update itself: install one of those to get updates.' };
}

/**
 * A copy that should update itself but whose updater could not be loaded (a package built without
 * electron-updater, or a broken install): the app runs on, and Settings says why it cannot update.
 */
export const UPDATER_NOT_LOADED: Extract<UpdateSupport, { ok: false }> = {
  ok: false,
  reason: 'Zonewatch could not load its updater, so this copy cannot update itself: install the newest release from the project’s releases.',
};
