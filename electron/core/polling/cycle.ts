import type { Info } from '../../../shared/api/info';
import type { Zone } from '../../../shared/api/zone';
import type { AppError } from '../../../shared/app-error';
import type { Discovery } from '../../../shared/snapshot';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/error';
import type { CycleRequest } from './poller';
import type { SnapshotStore } from '../data/snapshot-store';
import type { BillingCacheHolder } from '../billing/sync';
import { billingVisibleTo, fetchNewestBilling, type BillingWatchOutcome } from './billing-watch';
import { watchHostSilence } from './host-silence';
import { batchZoneIds, settleWithLimit } from './zone-batches';
import {
  countNotYetKnown,
  DISCOVERY_INTERVAL_MS,
  discoverZoneIds,
  discoveryMessage,
  UNUSED_ZONE_ID,
  zoneIdsToPoll,
} from './zone-discovery';

export type PollCycleDeps = {
  client: () => ApiClient | null;
  store: SnapshotStore;
  now: () => number;
  pinnedIds: () => readonly string[];
  toAppError: (err: unknown) => AppError;
  /** The billing-history cache the first page is merged into with each discovery; null: none. */
  billingCache?: () => BillingCacheHolder | null;
};

/**
 * One poll cycle (docs/architecture.md › How data flows): zone discovery when due (users list, all pages, the
 * plans and the first page of billing history), then account info and the batched get-zones
 * calls, at most 4 at once. Whatever
 * succeeds updates the snapshot; the most telling failure is thrown for the poller's backoff.
 * Once a request finds the host not answering, nothing more is sent (polling/host-silence.ts).
 */
export function createPollCycle(deps: PollCycleDeps): (request: CycleRequest) => Promise<void> {
  let lastDiscoveryAt: number | null = null;

  return async function runCycle({ forceDiscovery, signal }) {
    const direct = deps.client();
    if (!direct) throw new ApiError('no_key', 'no API key is stored');
    const silence = watchHostSilence(direct, signal);
    const { client, failure } = silence;
    const call = { signal: silence.signal };
    const errors: unknown[] = [];
    let discoveredNow = false;
    const iso = () => new Date(deps.now()).toISOString();

    const discoveryDue = forceDiscovery || lastDiscoveryAt === null || deps.now() - lastDiscoveryAt >= DISCOVERY_INTERVAL_MS;
    if (discoveryDue) {
      const billingCache = deps.billingCache?.() ?? null;
      const watchBilling = billingCache !== null && billingVisibleTo(deps.store.get().discovery.role);
      const noBilling: Promise<BillingWatchOutcome | null> = Promise.resolve(null);
      const [discovered, plans, billing] = await Promise.allSettled([
        discoverZoneIds(client, deps.pinnedIds(), call),
        client.listPlans(call),
        watchBilling ? fetchNewestBilling(client, billingCache, call, iso) : noBilling,
      ]);
      if (signal.aborted) return;
      if (billing.status === 'fulfilled' && billing.value?.kind === 'failed') errors.push(failure(billing.value.error));
      const previous = deps.store.get().discovery;
      if (discovered.status === 'fulfilled') {
        lastDiscoveryAt = deps.now();
        discoveredNow = true;
        deps.store.setDiscovery({
          ...previous,
          source: discovered.value.source,
          discoveredIds: discovered.value.discoveredIds,
          pinnedIds: [...deps.pinnedIds()],
          // Ids reported gone are tried again after each discovery, and reported again if still gone.
          removedIds: [],
          ranAt: iso(),
          message: discovered.value.message,
        });
      } else {
        errors.push(failure(discovered.reason));
      }
      if (plans.status === 'fulfilled') deps.store.plansFetched(plans.value.plans, iso());
      else {
        errors.push(failure(plans.reason));
        deps.store.plansFailed(deps.toAppError(failure(plans.reason)));
      }
    } else {
      syncPinned(deps);
    }

    const discovery = deps.store.get().discovery;
    const ids = zoneIdsToPoll(discovery);
    // With no known id, a get of an unused id still tells how many zones exist (docs/api.md › Zone ids and what info counts).
    const batches = ids.length > 0 ? batchZoneIds(ids) : [[UNUSED_ZONE_ID]];

    const sentAt = deps.store.changeMark();
    const [account, ...batchResults] = await Promise.all([
      client.getAccountInfo(call).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
      settleWithLimit(batches, (batch) => client.getZones(batch, call)),
    ]).then(([a, b]) => [a, ...b] as const);
    if (signal.aborted) return;

    if (account.ok) deps.store.accountFetched(account.value, iso());
    else {
      errors.push(failure(account.error));
      deps.store.accountFailed(deps.toAppError(failure(account.error)));
    }

    const zones: Zone[] = [];
    // A fresh discovery is the full list: known zones it no longer names are gone (deleted, or
    // no longer visible to the key).
    const polled = new Set(ids);
    const removed: string[] = discoveredNow ? Object.keys(deps.store.get().zones).filter((id) => !polled.has(id)) : [];
    let info: Info | null = null;
    let zonesError: AppError | null = null;
    batchResults.forEach((result, index) => {
      const batch = batches[index] ?? [];
      if (result.status === 'rejected') {
        errors.push(failure(result.reason));
        zonesError ??= deps.toAppError(failure(result.reason));
        return;
      }
      info = result.value.info;
      zones.push(...result.value.zones);
      // A zone left out for an unusable id is still there: it keeps its last good data. (Any other
      // bad member only makes that member unknown; the client reports it as a data gap.)
      const answered = new Set([...result.value.zones.map((z) => z.zone_id), ...result.value.dropped.flatMap((d) => (d.id ? [d.id] : []))]);
      for (const id of batch) if (id !== UNUSED_ZONE_ID && !answered.has(id)) removed.push(id);
      if (result.value.dropped.length > 0) {
        zonesError ??= deps.toAppError(
          new ApiError('invalid_response', 'zone left out', { path: `zones[${result.value.dropped[0]!.index}].${result.value.dropped[0]!.path}` }),
        );
      }
    });
    deps.store.zonesFetched({ zones, removedIds: removed, info, error: zonesError, at: iso(), sentAt });

    const after = deps.store.get();
    const knownCount = Object.keys(after.zones).length;
    const notYetKnown = countNotYetKnown(after.zonesFetch.info?.current ?? null, knownCount);
    const removedIds = [...new Set([...after.discovery.removedIds, ...removed])];
    const nextDiscovery: Discovery = {
      ...after.discovery,
      role: after.account.data?.user.role ?? after.discovery.role,
      removedIds,
      notYetKnown,
      message: discoveryMessage(after.discovery.source, after.discovery.pinnedIds.length, notYetKnown),
    };
    if (JSON.stringify(nextDiscovery) !== JSON.stringify(after.discovery)) deps.store.setDiscovery(nextDiscovery);

    if (errors.length > 0) throw mostTelling(errors);
  };
}

function syncPinned(deps: PollCycleDeps): void {
  const discovery = deps.store.get().discovery;
  const pinned = [...deps.pinnedIds()];
  if (pinned.join(',') !== discovery.pinnedIds.join(',')) deps.store.setDiscovery({ ...discovery, pinnedIds: pinned });
}

const PRIORITY = ['unauthorized', 'no_key', 'rate_limited'] as const;

/** A 401 outranks a 429, which outranks a host not answering, which outranks anything else: each changes the schedule or the words differently. */
function mostTelling(errors: unknown[]): unknown {
  for (const kind of PRIORITY) {
    const found = errors.find((e) => e instanceof ApiError && e.kind === kind);
    if (found) return found;
  }
  return errors.find((e) => e instanceof ApiError && (e.notAnswering || e.cancelled)) ?? errors[0];
}
