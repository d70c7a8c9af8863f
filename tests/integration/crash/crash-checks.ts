// What must hold after every restart of the crash test, each check saying in words what it found.
import fs from 'node:fs';
import path from 'node:path';
import type { Zone } from '../../../shared/api/zone';
import type { AlertInput } from '../../../shared/api/zone-update';
import type { LedgerCalendar } from '../../../shared/ledger';
import type { Settings } from '../../../shared/settings';
import { createApiClient } from '../../../electron/core/api/client';
import type { RunningService } from '../../../electron/service/start-service';

/** A zone as its owner sees it on the service: on or off, and its alert (its cap). */
export type ZoneTruth = { enabled: boolean | undefined; alert: AlertInput | null };

const alertOf = (zone: Zone): AlertInput | null => (zone.alert ? { type: zone.alert.type, threshold: zone.alert.threshold, action: zone.alert.action } as AlertInput : null);
const words = (alert: AlertInput | null) => (alert ? `${alert.type} ${alert.threshold} ${alert.action}` : 'no alert');

/** Every zone's state as the service holds it, read straight from it (not through the proxy). */
export async function serviceTruth(service: RunningService): Promise<Map<string, ZoneTruth>> {
  const client = createApiClient({ baseUrl: service.url, getApiKey: () => service.keys.admin });
  const ids = service.seeded.zoneIds;
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += 10) batches.push(ids.slice(i, i + 10));
  const answers = await Promise.all(batches.map((batch) => client.getZones(batch)));
  const truth = new Map<string, ZoneTruth>();
  for (const answer of answers) for (const zone of answer.zones) truth.set(zone.zone_id, { enabled: zone.enabled, alert: alertOf(zone) });
  return truth;
}

/** Where the service differs from how the person left it before Zonewatch's first change: one line per zone. */
export function differences(before: Map<string, ZoneTruth>, now: Map<string, ZoneTruth>): string[] {
  const lines: string[] = [];
  for (const [zoneId, was] of before) {
    const is = now.get(zoneId);
    if (!is) {
      lines.push(`${zoneId}: gone from the service`);
      continue;
    }
    if (was.enabled !== is.enabled) lines.push(`${zoneId}: was ${was.enabled ? 'on' : 'off'}, is ${is.enabled ? 'on' : 'off'}`);
    if (words(was.alert) !== words(is.alert)) lines.push(`${zoneId}: had ${words(was.alert)}, has ${words(is.alert)}`);
  }
  return lines;
}

/** Puts every zone back as `before` holds it, straight on the service: after a failed check, so the next round starts clean. */
export async function putBack(service: RunningService, before: Map<string, ZoneTruth>): Promise<void> {
  const client = createApiClient({ baseUrl: service.url, getApiKey: () => service.keys.admin });
  const now = await serviceTruth(service);
  for (const [zoneId, was] of before) {
    const is = now.get(zoneId);
    if (!is || (is.enabled === was.enabled && words(is.alert) === words(was.alert))) continue;
    await client.updateZone(zoneId, { enabled: was.enabled, alert: was.alert });
  }
}

/** Every file under `dir` whose name matches. */
function filesMatching(dir: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Temporary files of an interrupted write (`settings.json.tmp-…`, as `atomically` names them). */
export const temporaryFiles = (dir: string) => filesMatching(dir, /\.tmp-/);

/** Files set aside as damaged (`<name>.json.corrupt-<time>`). */
export const setAsideFiles = (dir: string) => filesMatching(dir, /\.corrupt-/);

/** The days of `before` the ledger knew exactly, each still there exactly as it was. */
export function lostLedgerDays(before: LedgerCalendar, after: LedgerCalendar): string[] {
  const now = new Map(after.days.map((day) => [day.day, day]));
  const lost: string[] = [];
  for (const day of before.days) {
    if (day.coverage !== 'exact') continue;
    const kept = now.get(day.day);
    if (!kept) lost.push(`${day.day}: gone`);
    else if (kept.coverage !== 'exact' || Math.abs(kept.spendCents - day.spendCents) > 1e-6 || kept.usageBytes !== day.usageBytes || kept.zones !== day.zones)
      lost.push(`${day.day}: was exact ${day.spendCents} ¢ over ${day.zones} zones, is ${kept.coverage} ${kept.spendCents} ¢ over ${kept.zones} zones`);
  }
  return lost;
}

/** What in the settings differs from what the person chose: the names of the fields. */
export function changedSettings(chosen: Settings, now: Settings): string[] {
  const keys = new Set([...Object.keys(chosen), ...Object.keys(now)] as (keyof Settings)[]);
  return [...keys].filter((key) => JSON.stringify(chosen[key]) !== JSON.stringify(now[key]));
}
