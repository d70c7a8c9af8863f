import type { AccountInfo } from '../../../shared/api/account';
import type { Info } from '../../../shared/api/info';
import type { Plan } from '../../../shared/api/plan';
import type { Zone } from '../../../shared/api/zone';
import type { AppError } from '../../../shared/app-error';
import { type Discovery, emptySnapshot, type Snapshot, type SnapshotDelta, type ZoneEntry } from '../../../shared/snapshot';
import { type ZonePatch, zonePatch } from '../../../shared/zone-patch';

export type SnapshotListener = (delta: SnapshotDelta) => void;

/**
 * The client's picture of the account. Every part keeps its last good data when a fetch fails;
 * a failure only records its error. Each change is pushed to listeners as a `SnapshotDelta`.
 */
export class SnapshotStore {
  private snapshot: Snapshot = emptySnapshot();
  private readonly listeners = new Set<SnapshotListener>();
  /**
   * The app's own zone changes taken in so far, and the last of them that touched each zone: a read
   * sent, or a write answered, before a later change of the app's to a zone must not put that zone
   * back as it was (docs/architecture.md › Actions). In memory only: a restart reads everything again.
   */
  private changes = 0;
  private readonly lastChange = new Map<string, number>();

  /** Marks "now" among the app's own zone changes, for a read about to be sent or an answer just arrived. */
  changeMark(): number {
    return this.changes;
  }

  private changedSince(zoneId: string, mark: number | undefined): boolean {
    return mark !== undefined && (this.lastChange.get(zoneId) ?? 0) > mark;
  }

  get(): Snapshot {
    return this.snapshot;
  }

  subscribe(listener: SnapshotListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Replaces everything (cache restore, profile switch) and pushes the whole picture. */
  replace(snapshot: Snapshot): void {
    const removed = Object.keys(this.snapshot.zones).filter((id) => !(id in snapshot.zones));
    this.snapshot = snapshot;
    this.emit({
      account: snapshot.account,
      plans: snapshot.plans,
      zonesFetch: snapshot.zonesFetch,
      zonesUpserted: Object.values(snapshot.zones),
      zoneIdsRemoved: removed,
      discovery: snapshot.discovery,
    });
  }

  accountFetched(data: AccountInfo, at: string): void {
    const account = { data, fetchedAt: at, error: null };
    this.snapshot = { ...this.snapshot, account };
    this.emit({ account, zonesUpserted: [], zoneIdsRemoved: [] });
  }

  accountFailed(error: AppError): void {
    const account = { ...this.snapshot.account, error };
    this.snapshot = { ...this.snapshot, account };
    this.emit({ account, zonesUpserted: [], zoneIdsRemoved: [] });
  }

  plansFetched(data: Plan[], at: string): void {
    const plans = { data, fetchedAt: at, error: null };
    this.snapshot = { ...this.snapshot, plans };
    this.emit({ plans, zonesUpserted: [], zoneIdsRemoved: [] });
  }

  plansFailed(error: AppError): void {
    const plans = { ...this.snapshot.plans, error };
    this.snapshot = { ...this.snapshot, plans };
    this.emit({ plans, zonesUpserted: [], zoneIdsRemoved: [] });
  }

  /**
   * The result of one round of get-zones calls: the zones that came back, the ids that successful
   * calls left out (removed), and the error of any failed call (its ids keep their last data). The
   * delta carries only what changed: a zone the snapshot held as the members that changed, a new
   * one whole, and the time of the read with the zones it missed (docs/architecture.md › How
   * updates reach the window).
   */
  zonesFetched(result: { zones: Zone[]; removedIds: string[]; info: Info | null; error: AppError | null; at: string; sentAt?: number }): void {
    const before = this.snapshot.zones;
    const zones = { ...before };
    const upserted: ZoneEntry[] = [];
    const patched: ZonePatch[] = [];
    for (const zone of result.zones) {
      // The app changed this zone after the read went out: its answer is newer than the read's.
      if (this.changedSince(zone.zone_id, result.sentAt)) continue;
      const entry = { zone, fetchedAt: result.at };
      const held = before[zone.zone_id];
      zones[zone.zone_id] = entry;
      if (!held) upserted.push(entry);
      else {
        const patch = zonePatch(held.zone, zone);
        if (patch) patched.push(patch);
      }
    }
    const removed = result.removedIds.filter((id) => id in zones && !this.changedSince(id, result.sentAt));
    for (const id of removed) delete zones[id];
    const previous = this.snapshot.zonesFetch;
    const anySuccess = result.info !== null;
    const zonesFetch = {
      fetchedAt: anySuccess ? result.at : previous.fetchedAt,
      error: result.error,
      info: result.info ?? previous.info,
    };
    this.snapshot = { ...this.snapshot, zones, zonesFetch };
    const delta: SnapshotDelta = { zonesFetch, zonesUpserted: upserted, zonesPatched: patched, zoneIdsRemoved: removed };
    if (anySuccess) delta.zonesRead = { at: result.at, unread: unreadSince(zones, result.at) };
    this.emit(delta);
  }

  /** One zone changed by an action (or an optimistic edit and its rollback). */
  upsertZone(zone: Zone, at: string): void {
    this.upsertZones([zone], at);
  }

  /** Zones changed by a bulk action, in one change: one copy of the zones and one update, however many. */
  upsertZones(changed: readonly Zone[], at: string): void {
    if (changed.length === 0) return;
    this.changes += 1;
    for (const zone of changed) this.lastChange.set(zone.zone_id, this.changes);
    const zones = { ...this.snapshot.zones };
    const upserted = changed.map((zone) => ({ zone, fetchedAt: at }));
    for (const entry of upserted) zones[entry.zone.zone_id] = entry;
    this.snapshot = { ...this.snapshot, zones };
    this.emit({ zonesUpserted: upserted, zoneIdsRemoved: [] });
  }

  /**
   * Zones a run's writes answered, each taken in unless a later change of the app's to it was taken
   * in after its answer arrived (`mark`, from changeMark()); returns those taken in.
   */
  upsertAnswered(answered: readonly { zone: Zone; mark: number }[], at: string): Zone[] {
    const fresh = answered.filter(({ zone, mark }) => !this.changedSince(zone.zone_id, mark)).map(({ zone }) => zone);
    this.upsertZones(fresh, at);
    return fresh;
  }

  removeZone(zoneId: string): void {
    if (!(zoneId in this.snapshot.zones)) return;
    const zones = { ...this.snapshot.zones };
    delete zones[zoneId];
    this.snapshot = { ...this.snapshot, zones };
    this.emit({ zonesUpserted: [], zoneIdsRemoved: [zoneId] });
  }

  setInfo(info: Info): void {
    const zonesFetch = { ...this.snapshot.zonesFetch, info };
    this.snapshot = { ...this.snapshot, zonesFetch };
    this.emit({ zonesFetch, zonesUpserted: [], zoneIdsRemoved: [] });
  }

  setDiscovery(discovery: Discovery): void {
    this.snapshot = { ...this.snapshot, discovery };
    this.emit({ discovery, zonesUpserted: [], zoneIdsRemoved: [] });
  }

  private emit(delta: SnapshotDelta): void {
    for (const listener of this.listeners) listener(delta);
  }
}

/** The zones a read at `at` missed, with when each was last read. */
function unreadSince(zones: Snapshot['zones'], at: string): Record<string, string> {
  const unread: Record<string, string> = {};
  for (const [id, entry] of Object.entries(zones)) if (entry.fetchedAt !== at) unread[id] = entry.fetchedAt;
  return unread;
}
