import type { Severity } from '../../../shared/notification';
import type { StopProgress } from '../../../shared/spend-stop-progress';
import type { Status } from '../../../shared/status';
import { isKeyRejected } from './key-state';

/** Tray levels in precedence order (DESIGN.md › Tray state precedence): the first that applies wins. */
export const TRAY_LEVELS = ['rejected', 'alert', 'warning', 'stale', 'paused', 'ok'] as const;
export type TrayLevel = (typeof TRAY_LEVELS)[number];

export interface TrayIconState {
  level: TrayLevel;
  /** The demo account adds a DEMO mark to whichever level applies. */
  demo: boolean;
}

/**
 * `attention` is the highest severity among notifications the user has not looked at yet (main
 * clears it when the window opens), so an alert keeps the icon red until it has been seen.
 */
export function trayIconState(status: Status, attention: Severity | null, stopHolding: StopProgress | null = null): TrayIconState {
  return { level: trayLevel(status, attention, stopHolding), demo: status.profile?.demo === true };
}

/** A stop that left zones running keeps the icon at warning until they stop or the record goes (issue 16). */
function trayLevel(status: Status, attention: Severity | null, stopHolding: StopProgress | null): TrayLevel {
  if (isKeyRejected(status)) return 'rejected';
  if (attention === 'critical') return 'alert';
  if (attention === 'warning' || (stopHolding !== null && stopHolding.running > 0)) return 'warning';
  if (status.stale || status.offline) return 'stale';
  if (status.poll === 'paused' || status.poll === 'no_key') return 'paused';
  return 'ok';
}

export type TrayPlatform = 'darwin' | 'win32' | 'linux';

/** Levels drawn as macOS template images (monochrome, tinted by the menu bar); the others keep colour. */
const TEMPLATE_LEVELS: ReadonlySet<TrayLevel> = new Set(['ok', 'stale', 'paused']);

/**
 * The icon file under `resources/tray/` for a state. Windows and macOS load `<name>.png` and pick
 * `<name>@2x.png` on HiDPI displays themselves; Linux indicators get one larger bitmap.
 */
export function trayIconFile(state: TrayIconState, platform: TrayPlatform): string {
  const name = `${state.level}${state.demo ? '-demo' : ''}`;
  if (platform === 'darwin') return TEMPLATE_LEVELS.has(state.level) ? `${name}Template.png` : `${name}.png`;
  if (platform === 'linux') return `linux/${name}.png`;
  return `${name}.png`;
}

/** Every file `trayIconFile` can return, for the icon generator and its test. */
export function allTrayIconFiles(): string[] {
  const files = new Set<string>();
  for (const level of TRAY_LEVELS) {
    for (const demo of [false, true]) {
      for (const platform of ['darwin', 'win32', 'linux'] as const) files.add(trayIconFile({ level, demo }, platform));
    }
  }
  return [...files].sort();
}
