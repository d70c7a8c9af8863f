import { formatCount, zonesText } from './units';
import type { Snapshot } from './snapshot';
import type { SpendStopRecord } from './spend-stop';

export interface StopProgress {
  /** Zones the stop meant to turn off that are running now. */
  running: number;
  /** Zones the stop meant to turn off. */
  total: number;
}

/**
 * How far the stop holds, for the tray ("3 of 12 zones still running"): a zone it could not
 * disable counts as running unless the snapshot shows it off; a zone it disabled counts once the
 * snapshot shows it on again.
 */
export function stopProgress(record: SpendStopRecord, snapshot: Pick<Snapshot, 'zones'>): StopProgress {
  const enabledNow = (zoneId: string) => snapshot.zones[zoneId]?.zone.enabled;
  const runningDisabled = record.disabled.filter((zone) => enabledNow(zone.zoneId) === true).length;
  const runningRemaining = record.remaining.filter((zone) => enabledNow(zone.zoneId) !== false).length;
  return { running: runningDisabled + runningRemaining, total: record.disabled.length + record.remaining.length };
}

export function stopProgressText(progress: StopProgress): string {
  if (progress.running === 0) return `Spend stopped — ${zonesText(progress.total)} off`;
  return `${formatCount(progress.running)} of ${zonesText(progress.total)} still running`;
}
