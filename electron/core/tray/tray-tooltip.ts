import { formatBalance, formatBilled } from '../../../shared/money';
import type { Snapshot } from '../../../shared/snapshot';
import type { SpendStopRecord } from '../../../shared/spend-stop';
import { stopProgress, stopProgressText } from '../../../shared/spend-stop-progress';
import type { Status } from '../../../shared/status';
import { hasNoKey, isKeyRejected } from './key-state';
import { trayFigures } from './tray-figures';
import { partialZonesText } from '../../../shared/zone-coverage';
import { updatedAgo } from './updated-ago';

/** Windows cuts tray tooltips at 127 characters (NOTIFYICONDATA.szTip is 128 with the NUL). */
export const MAX_TOOLTIP_LENGTH = 127;

/**
 * Tray tooltip: who, balance and spend today, and how fresh the numbers are — or, when nothing is
 * being watched, what the user has to do.
 */
export function trayTooltip(status: Status, snapshot: Snapshot, nowMs: number, spendStop: SpendStopRecord | null = null): string {
  const name = status.profile ? `Zonewatch — ${status.profile.label}${status.profile.demo ? ' (DEMO)' : ''}` : 'Zonewatch';
  const lines = [name];
  if (hasNoKey(status)) {
    lines.push('No API key. Open Zonewatch to add one or try the demo.');
  } else if (isKeyRejected(status)) {
    lines.push('The API key was rejected. Open Zonewatch to enter a new one.');
  } else {
    const { balanceCents, spendTodayCents, coverage } = trayFigures(snapshot);
    const balance = balanceCents === null ? 'Balance —' : `Balance ${formatBalance(balanceCents)}`;
    const partial = spendTodayCents === null ? null : partialZonesText(coverage);
    const spend = spendTodayCents === null ? 'today —' : `today ${formatBilled(spendTodayCents)}${partial ? ` ${partial}` : ''}`;
    lines.push(`${balance} · ${spend}`);
    const fresh = updatedAgo(status.lastSuccessAt, nowMs);
    const state = status.poll === 'paused' ? ' · paused' : status.offline ? ' · offline' : status.stale ? ' · stale' : '';
    lines.push(`${fresh.charAt(0).toUpperCase()}${fresh.slice(1)}${state}`);
    // The stop's state goes before the freshness line, which is the first to be cut at 127 characters.
    if (spendStop) lines.splice(2, 0, stopProgressText(stopProgress(spendStop, snapshot)));
  }
  const text = lines.join('\n');
  return text.length <= MAX_TOOLTIP_LENGTH ? text : `${text.slice(0, MAX_TOOLTIP_LENGTH - 1)}…`;
}

/** macOS shows a short title beside the icon: today's spend, or nothing when there is none to show. */
export function trayTitle(status: Status, snapshot: Snapshot): string {
  if (hasNoKey(status) || isKeyRejected(status)) return '';
  const { spendTodayCents } = trayFigures(snapshot);
  return spendTodayCents === null ? '' : formatBilled(spendTodayCents);
}
