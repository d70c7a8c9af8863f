import type { AccountReadout, AccountState } from '../../../shared/accounts';
import type { TrayModel } from './tray-model';

/** Tray levels in precedence order (docs/desktop.md › The tray with several accounts): the first that applies wins. */
export const TRAY_LEVELS = ['rejected', 'alert', 'warning', 'stale', 'paused', 'ok'] as const;
export type TrayLevel = (typeof TRAY_LEVELS)[number];

export interface TrayIconState {
  level: TrayLevel;
  /** The DEMO mark: only while the demo is the one account watched, so a real account's state never looks like a demo's. */
  demo: boolean;
}

/** How each state of an account's read model colours the icon: a key problem is red, no fresh data dims it. */
const STATE_LEVEL: Record<AccountState, TrayLevel> = {
  rejected: 'rejected',
  no_key: 'rejected',
  failing: 'stale',
  offline: 'stale',
  stale: 'stale',
  loading: 'ok',
  paused: 'paused',
  ok: 'ok',
};

/**
 * One icon for every watched account: the worst level among them. `attention` is the most severe
 * notification of an account the user has not looked at yet (the core clears it when the window
 * opens), so an alert keeps the icon red until it has been seen. No account: paused.
 */
export function trayIconState({ accounts }: Pick<TrayModel, 'accounts'>): TrayIconState {
  const levels = accounts.map(accountTrayLevel);
  const worst = levels.reduce<TrayLevel>((a, b) => (TRAY_LEVELS.indexOf(b) < TRAY_LEVELS.indexOf(a) ? b : a), levels.length > 0 ? 'ok' : 'paused');
  return { level: worst, demo: accounts.length > 0 && accounts.every((account) => account.demo) };
}

/** One account's level, from its read model. A stop that left zones running keeps it at warning until they stop or the record goes (docs/architecture.md › Stop all spend). */
export function accountTrayLevel(readout: Pick<AccountReadout, 'state' | 'attention' | 'spendStop'>): TrayLevel {
  const byState = STATE_LEVEL[readout.state];
  if (byState === 'rejected') return 'rejected';
  if (readout.attention === 'critical') return 'alert';
  if (readout.attention === 'warning' || (readout.spendStop !== null && readout.spendStop.running > 0)) return 'warning';
  return byState;
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
