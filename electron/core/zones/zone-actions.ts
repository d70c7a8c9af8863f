import type { Zone } from '../../../shared/api/zone';
import { BILLING_MONTH_DAYS } from '../../../shared/units';
import type { ZoneUpdateBody } from '../../../shared/api/zone-update';
import type { IpsResult, ZonePreview } from '../../../shared/views';
import type { ApiClient, CallOptions } from '../api/client';
import { ApiError } from '../api/error';
import type { SnapshotStore } from '../data/snapshot-store';

export type ZoneActionsDeps = {
  client: () => ApiClient;
  store: SnapshotStore;
  now: () => number;
};

/** docs/api.md › Costs: a day of a monthly charge is monthly ÷ 30. */

/**
 * The zone actions of docs/architecture.md › Actions. Each updates the snapshot at once from the response;
 * enabling or disabling shows the new state before the service answers and rolls it back if the
 * service refuses.
 */
export function createZoneActions(deps: ZoneActionsDeps) {
  const iso = () => new Date(deps.now()).toISOString();

  async function currentZone(zoneId: string, call: CallOptions): Promise<Zone> {
    const known = deps.store.get().zones[zoneId]?.zone;
    if (known) return known;
    const { zones } = await deps.client().getZones([zoneId], call);
    const zone = zones.find((z) => z.zone_id === zoneId);
    if (!zone) throw new ApiError('not_found', 'zone not visible to this key', { code: 'zone_not_found' });
    return zone;
  }

  return {
    async setEnabled(zoneId: string, enabled: boolean, call: CallOptions = {}): Promise<Zone> {
      const before = deps.store.get().zones[zoneId];
      if (before) deps.store.upsertZone({ ...before.zone, enabled }, before.fetchedAt);
      try {
        const { zone } = await deps.client().updateZone(zoneId, { enabled }, call);
        deps.store.upsertZone(zone, iso());
        return zone;
      } catch (err) {
        // Roll back only if nothing newer replaced the optimistic zone meanwhile.
        const now = deps.store.get().zones[zoneId];
        if (before && now && now.zone.enabled === enabled && now.fetchedAt === before.fetchedAt) {
          deps.store.upsertZone(before.zone, before.fetchedAt);
        }
        if (err instanceof ApiError && err.kind === 'not_found') deps.store.removeZone(zoneId);
        throw err;
      }
    },

    /** `preview=true`: nothing is committed (docs/api.md › Zone updates). */
    async preview(zoneId: string, changes: ZoneUpdateBody, call: CallOptions = {}): Promise<ZonePreview> {
      const before = await currentZone(zoneId, call);
      const { zone } = await deps.client().updateZone(zoneId, changes, { ...call, preview: true });
      const costBefore = before.cost;
      const costAfter = zone.cost;
      const balance = deps.store.get().account.data?.billing.balance.amount_total_cents ?? null;
      return {
        zone,
        costBefore,
        costAfter,
        // An unknown total counts as 0 here; the form shows it as unknown beside these figures.
        standingMonthlyDeltaCents: (costAfter.standing_charges_cents_monthly ?? 0) - (costBefore.standing_charges_cents_monthly ?? 0),
        standingDailyAfterCents: (costAfter.standing_charges_cents_monthly ?? 0) / BILLING_MONTH_DAYS,
        balanceCents: balance,
      };
    },

    async update(zoneId: string, changes: ZoneUpdateBody, skipResourceCheck: boolean, call: CallOptions = {}): Promise<Zone> {
      const { zone, info } = await deps.client().updateZone(zoneId, changes, { ...call, skipResourceCheck });
      deps.store.upsertZone(zone, iso());
      deps.store.setInfo(info);
      return zone;
    },

    async refreshIps(zoneId: string, ips: readonly string[], call: CallOptions = {}): Promise<IpsResult> {
      const { refreshedIps } = await deps.client().refreshIps(zoneId, ips, call);
      const done = new Set(refreshedIps);
      // The refresh answer carries no zone (docs/api.md › IPs): the next cycle brings its new state.
      return { done: refreshedIps, notInZone: ips.filter((ip) => !done.has(ip)), zone: null };
    },

    async deleteIps(zoneId: string, ips: readonly string[], call: CallOptions = {}): Promise<IpsResult> {
      const { deletedIps, zone } = await deps.client().deleteIps(zoneId, ips, call);
      deps.store.upsertZone(zone, iso());
      const done = new Set(deletedIps);
      return { done: deletedIps, notInZone: ips.filter((ip) => !done.has(ip)), zone };
    },

    async deleteZone(zoneId: string, call: CallOptions = {}): Promise<{ zoneId: string }> {
      const { info } = await deps.client().deleteZone(zoneId, call);
      deps.store.removeZone(zoneId);
      deps.store.setInfo(info);
      return { zoneId };
    },
  };
}

export type ZoneActions = ReturnType<typeof createZoneActions>;
