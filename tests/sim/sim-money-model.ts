// The reference model of what Zonewatch changed with money at stake (docs/development.md › The
// simulator): plain data written for the test from what the services hold and the writes they
// received, never from the app's own derivations. It keeps, per account, each zone whose cap
// Zonewatch set (the cap the zone had before Zonewatch's first change, and the last one it set),
// and checks that a run a crash cut short is recovered and told exactly once.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { AlertInput } from '../../shared/api/zone-update';
import type { CapsView } from '../../shared/caps';
import type { Notice } from '../../shared/notices';
import type { SpendStopState } from '../../shared/spend-stop';
import type { SimReal } from './sim-run-state';
import type { SimService, SimWrite } from './sim-world';

/** A zone's cap as the service holds it: the three fields an update carries, or none. */
export type Cap = AlertInput | null;
export type CapChange = { before: Cap; after: AlertInput };

export function sameCap(a: Cap | undefined, b: Cap | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a === null || b === null) return a === b;
  return a.type === b.type && a.threshold === b.threshold && a.action === b.action;
}

/** Each zone's cap on a service, by id. */
export function capsOn(service: SimService): Map<string, Cap> {
  return new Map(
    [...service.host.state.zones.values()].map((zone) => [zone.zone_id, zone.alert === null ? null : { type: zone.alert.type, threshold: zone.alert.threshold, action: zone.alert.action }]),
  );
}

export function enabledOn(service: SimService): Map<string, boolean> {
  return new Map([...service.host.state.zones.values()].map((zone) => [zone.zone_id, zone.enabled]));
}

/** Every service's caps and on/off states, to compare what a command left untouched. */
export function everything(real: SimReal): Record<string, { caps: Record<string, Cap>; enabled: Record<string, boolean> }> {
  return Object.fromEntries(real.world.services.map((service) => [service.name, { caps: Object.fromEntries(capsOn(service)), enabled: Object.fromEntries(enabledOn(service)) }]));
}

export const zoneOf = (write: Pick<SimWrite, 'path'>): string => decodeURIComponent(write.path.split('/')[3] ?? '');

/** The writes since `from`, and those of them the service carried out (answered 2xx). */
export function writesSince(real: SimReal, from: number): SimWrite[] {
  return real.world.writes.slice(from);
}
export const landed = (write: SimWrite): boolean => write.status !== undefined && write.status >= 200 && write.status < 300;

const models = new WeakMap<SimReal, Map<number, Map<string, CapChange>>>();

/** What Zonewatch has changed on an account's caps, as the model keeps it. */
export function capsModel(real: SimReal, account: number): Map<string, CapChange> {
  let byAccount = models.get(real);
  if (!byAccount) models.set(real, (byAccount = new Map()));
  let model = byAccount.get(account);
  if (!model) byAccount.set(account, (model = new Map()));
  return model;
}

/** A cap Zonewatch set landed: the zone keeps the cap it had before Zonewatch's first change. */
export function modelSet(model: Map<string, CapChange>, zoneId: string, capBefore: Cap, after: AlertInput): void {
  const earlier = model.get(zoneId);
  model.set(zoneId, { before: earlier ? earlier.before : capBefore, after });
}

type RecordZone = { zoneId: string; before: Cap; after: AlertInput };
const plain = (zones: readonly RecordZone[]) =>
  Object.fromEntries(zones.map((zone) => [zone.zoneId, { before: zone.before, after: zone.after }]).sort(([a], [b]) => String(a).localeCompare(String(b))));

/** The app's caps record names exactly the zones the model says Zonewatch changed, with the same caps. */
export async function expectCapsRecord(real: SimReal, account: number, why: string): Promise<CapsView> {
  const view = await real.world.core().invoke('caps:get', { profileId: real.profileIds[account] });
  if (!view.ok) throw new Error(`caps:get failed: ${view.error.message}`);
  const record = (view.value as CapsView).record;
  const model = capsModel(real, account);
  // A zone someone else has changed since Zonewatch set it may have left the record when a run
  // whose record the disk refused was recovered: recovery counts a zone by what it holds when read
  // (docs/architecture.md › Write ahead, then act), and Undo would leave that zone alone either way.
  const capsNow = capsOn(real.world.services[account]!);
  const recorded = new Set((record?.changed ?? []).map((zone) => zone.zoneId));
  const changedSince = (zoneId: string, after: AlertInput) => {
    const now = capsNow.get(zoneId) ?? null;
    return now === null || now.type !== after.type || now.threshold !== after.threshold || now.action !== after.action;
  };
  const expected = plain([...model].filter(([zoneId, change]) => recorded.has(zoneId) || !changedSince(zoneId, change.after)).map(([zoneId, change]) => ({ zoneId, ...change })));
  // A caps run not yet recovered (its account cannot be read: its key revoked, its service down)
  // is offered as having changed every zone it may have sent (docs/architecture.md › Write ahead,
  // then act): the record then holds what Zonewatch set and may hold more, until recovery reads them.
  if (journalOnDisk(real, account).some((entry) => entry.operation.startsWith('caps-'))) expect(plain(record?.changed ?? []), why).toEqual(expect.objectContaining(expected));
  else expect(plain(record?.changed ?? []), why).toEqual(expected);
  return view.value as CapsView;
}

export async function stopRecordZones(real: SimReal, account: number): Promise<Set<string>> {
  const state = await real.world.core().invoke('spend:get', { profileId: real.profileIds[account] });
  if (!state.ok) throw new Error(`spend:get failed: ${state.error.message}`);
  return new Set((state.value as SpendStopState).record?.disabled.map((zone) => zone.zoneId) ?? []);
}

type DiskEntry = { id: string; operation: string; toldAt: string | null; zones: { zoneId: string }[] };

/** The journal entries on disk for an account: what a killed process left for the next one. */
export function journalOnDisk(real: SimReal, account: number): DiskEntry[] {
  const file = path.join(real.world.dir, `profile-${real.profileIds[account]}-journal.json`);
  if (!fs.existsSync(file)) return [];
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { data?: { entries?: DiskEntry[] } };
  return doc.data?.entries ?? [];
}

const INTERRUPTED_TITLE = /was interrupted$/;

/**
 * After the process died mid-run: Zonewatch opens again on the same folder, reads each account,
 * and every run left in the journal is recovered (its entry gone once the service could be asked)
 * and told exactly once — one notice for its entry, one notification for each entry not told
 * before the crash (docs/architecture.md › Write ahead, then act).
 */
export async function reopenAndRecover(real: SimReal, again: number | null = null): Promise<void> {
  const { world } = real;
  const left = real.profileIds.map((_, account) => journalOnDisk(real, account));
  real.trace.push('fault', `Zonewatch is opened again with ${left.flat().length} journal entries left`);
  const toldBefore = world.notifications.filter((n) => INTERRUPTED_TITLE.test(n.title)).length;
  await world.open();
  if (again !== null) {
    // It dies again while it recovers (or reads its accounts), and is opened a third time.
    world.crashAfter(again);
    // A background request (a poll after a sleep, say) may be the one it dies after, between two refreshes.
    for (const profileId of real.profileIds) if (world.crashed() || (await world.callUnlessCrash('poll:refresh', { profileId })) === 'crashed') break;
    const died = world.crashed();
    world.crashAfter(null);
    if (died) {
      real.trace.push('fault', `Zonewatch is opened a third time with ${real.profileIds.flatMap((_, account) => journalOnDisk(real, account)).length} journal entries left`);
      await world.open();
    }
  }
  // An account the reopened app cannot read (its key revoked, its service down) keeps its entries
  // until it can: recovery reads each zone before it decides (docs/architecture.md › Write ahead, then act).
  const readable: boolean[] = [];
  for (const profileId of real.profileIds) {
    const refreshed = await world.call('poll:refresh', { profileId });
    readable.push(refreshed.ok && !(refreshed.value as { lastError?: unknown }).lastError);
  }
  // A disk still refusing writes keeps every entry where it is (recovery cannot clear one): what
  // a failing disk may and may not do is the fault commands' to check.
  if (world.faults.diskFailing() !== null) return;
  // Recovery runs at start and after each poll cycle, reading the zones of each entry: let it finish.
  for (let waited = 0; waited < 120 && real.profileIds.some((_, account) => readable[account] && journalOnDisk(real, account).length > 0); waited++) await world.advance(1);
  for (const [account] of real.profileIds.entries()) if (readable[account]) expect(journalOnDisk(real, account), `every interrupted run of account ${account} is recovered`).toEqual([]);
  const notices = await world.core().invoke('notices:list', undefined);
  const keys = notices.ok ? (notices.value as Notice[]).map((notice) => notice.key) : [];
  for (const entry of left.flat()) expect(keys.filter((key) => key === `journal:${entry.id}`), `the interrupted ${entry.operation} is told once`).toHaveLength(1);
  const told = world.notifications.filter((n) => INTERRUPTED_TITLE.test(n.title)).length - toldBefore;
  expect(told, 'one notification for each interrupted run not told before').toBe(left.flat().filter((entry) => entry.toldAt === null).length);
}
