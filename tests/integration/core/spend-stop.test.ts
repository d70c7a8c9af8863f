import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Zone } from '../../../shared/api/zone';
import type { SpendStopReport } from '../../../shared/spend-stop';
import { createApiClient } from '../../../electron/core/api/client';
import type { RequestRecord } from '../../../electron/core/api/client';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import { confStoreFactory } from '../../../electron/core/storage/persistence';
import type { SecretBackend } from '../../../electron/core/ports';
import { stopProgress } from '../../../shared/spend-stop-progress';
import { SPEND_STOP_DEADLINE_MS } from '../../../electron/core/spend-stop/spend-stop';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { setFaults, startTestService, serviceZones } from './service-harness';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({ zones: 25 });
});
afterAll(async () => {
  await service.close();
});

/** Every zone as the service holds it now, read with the admin key: the ground truth. */

const enabledIds = (zones: Map<string, Zone>) => [...zones.values()].filter((z) => z.enabled).map((z) => z.zone_id).sort();
const byResult = (report: SpendStopReport, result: string) => report.outcomes.filter((o) => o.result === result).map((o) => o.zoneId).sort();

function coreOn(dir: string | undefined, keychain: SecretBackend, requests: RequestRecord[] = []) {
  return createTestCore({
    secretBackends: { keychain },
    ...(dir ? { storeFactory: confStoreFactory(dir) } : {}),
    http: { onRequest: (record) => requests.push(record) },
  });
}

/**
 * The service back at its seeded state and a fresh, started core with its own keychain and no key
 * yet. `addAccount` adds the account of a key; every later `call` names that account.
 */
async function freshStartedCore(requests: RequestRecord[] = []) {
  await service.control.reset();
  const keychain: SecretBackend = { ...createMemoryBackend(), kind: 'keychain' };
  const { core, fire, recorded } = coreOn(undefined, keychain, requests);
  await core.start();
  let profileId = '';
  const call = accountCaller(core, () => profileId);
  const addAccount = async (apiKey: string) => {
    profileId = value(await call('key:set', { apiKey, baseUrl: service.url })).profileId;
    return profileId;
  };
  return { core, fire, recorded, call, addAccount };
}

describe('stop all spend with an admin key over 25 zones, a restart and an exact restore', () => {
  const keychain: SecretBackend = { ...createMemoryBackend(), kind: 'keychain' };
  const requests: RequestRecord[] = [];
  const first = coreOn(undefined, keychain, requests);
  // The account added by the first core; the restarted cores read it back from the same folder.
  let profileId = '';
  const caller = (core: typeof first.core) => accountCaller(core, () => profileId);
  const call = caller(first.core);
  let before: Map<string, Zone>;
  let failing: string;
  let stop: SpendStopReport;

  it('disables every running zone but the one the service refuses, and leaves zones that were off alone', async () => {
    await service.control.reset();
    await first.core.start();
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    value(await call('zones:pin', { text: service.seeded.undiscoveredZoneIds.join(' ') }));
    value(await call('poll:refresh'));
    expect(Object.keys(first.core.snapshot(profileId)!.zones)).toHaveLength(25);

    before = await serviceZones(service);
    const wasOn = enabledIds(before);
    const wasOff = [...before.keys()].filter((id) => !before.get(id)!.enabled).sort();
    expect(wasOff.length).toBeGreaterThan(0);
    failing = wasOn[0]!;
    await setFaults(service, { failZoneIds: [failing] });

    const plan = value(await call('spend:plan'));
    expect(plan.zones.map((z) => z.zoneId).sort()).toEqual(wasOn);
    expect(plan.spendTodayCents).toBeCloseTo(wasOn.reduce((sum, id) => sum + before.get(id)!.spend_today_cents!, 0), 6);
    expect(plan.blockedReason).toBeNull();

    requests.length = 0;
    stop = value(await call('spend:stop'));
    const after = await serviceZones(service);
    for (const id of service.seeded.zoneIds) {
      // Zone by zone: only the failing one of the running zones is still on; the others stayed as they were.
      expect(after.get(id)?.enabled, id).toBe(id === failing);
    }
    expect(byResult(stop, 'disabled')).toEqual(wasOn.filter((id) => id !== failing));
    expect(byResult(stop, 'failed')).toEqual([failing]);
    expect(stop.outcomes.find((o) => o.zoneId === failing)?.reason).toMatch(/problem/i);
    expect(stop.summary).toContain('1 zone still running');
    expect(stop.record?.disabled.map((z) => z.zoneId).sort()).toEqual(wasOn.filter((id) => id !== failing));
    expect(stop.record?.remaining.map((z) => z.zoneId)).toEqual([failing]);
    // Nothing already off was sent a change: one accepted change per zone it disabled, no more.
    expect(requests.filter((r) => r.operation.startsWith('PUT') && r.status === 200)).toHaveLength(wasOn.length - 1);
    expect(stopProgress(stop.record!, first.core.snapshot(profileId)!)).toEqual({ running: 1, total: wasOn.length });
    expect(value(await caller(first.core)('spend:get')).record).toEqual(stop.record);
    // The tray reads how far it holds from the account's read model.
    expect(first.core.overview().accounts.find((account) => account.profileId === profileId)?.spendStop).toMatchObject({ running: 1, total: wasOn.length, text: `1 of ${wasOn.length} zones still running` });
  });

  it('tells the views about the record as it changes, in the account’s update', () => {
    const pushed = first.recorded.events.filter((e) => (e as { event: string; payload: { spendStop?: unknown } }).event === 'account' && (e as { payload: { spendStop: unknown } }).payload.spendStop !== null);
    expect(pushed.length).toBeGreaterThan(0);
    expect(pushed.at(-1)).toMatchObject({ payload: { profileId, spendStop: { record: { remaining: [{ zoneId: failing }] } } } });
  });

  it('keeps the record across a restart', async () => {
    await first.core.stop();
    const second = coreOn(first.dir, keychain);
    await second.core.start();
    const { record } = value(await caller(second.core)('spend:get'));
    expect(record).toEqual(stop.record);
    expect(second.core.overview().accounts.find((account) => account.profileId === profileId)?.spendStop).toMatchObject({ running: 1, total: stop.outcomes.length });
    await second.core.stop();
  });

  it('retries only what is left once the service accepts it again', async () => {
    const again = coreOn(first.dir, keychain, requests);
    await again.core.start();
    await setFaults(service, {});
    const retryPlan = value(await caller(again.core)('spend:plan', { retry: true }));
    expect(retryPlan.zones.map((z) => z.zoneId)).toEqual([failing]);
    requests.length = 0;
    const retry = value(await caller(again.core)('spend:stop', { retry: true }));
    expect(requests.filter((r) => r.operation.startsWith('PUT'))).toHaveLength(1);
    expect(byResult(retry, 'disabled')).toEqual([failing]);
    expect(retry.record?.remaining).toEqual([]);
    expect(retry.record?.disabled.map((z) => z.zoneId).sort()).toEqual(enabledIds(before));
    expect(enabledIds(await serviceZones(service))).toEqual([]);
    await again.core.stop();
  });

  it('restores exactly the zones it stopped, not one the user turned back on nor one since deleted', async () => {
    const third = coreOn(first.dir, keychain);
    await third.core.start();
    const call3 = caller(third.core);
    const wasOn = enabledIds(before);
    const [reEnabled, deleted] = [wasOn[1]!, wasOn[2]!];
    const admin = createApiClient({ baseUrl: service.url, getApiKey: () => service.keys.admin });
    await admin.updateZone(reEnabled, { enabled: true });
    await admin.deleteZone(deleted);

    const restore = value(await call3('spend:restore'));
    const after = await serviceZones(service);
    expect(after.has(deleted)).toBe(false);
    for (const id of service.seeded.zoneIds) {
      if (id === deleted) continue;
      expect(after.get(id)?.enabled, id).toBe(before.get(id)!.enabled);
    }
    expect(byResult(restore, 'enabled')).toEqual(wasOn.filter((id) => id !== reEnabled && id !== deleted));
    expect(byResult(restore, 'skipped')).toEqual([reEnabled]);
    expect(byResult(restore, 'gone')).toEqual([deleted]);
    expect(restore.record).toBeNull();
    expect(value(await call3('spend:get')).record).toBeNull();
    await third.core.stop();
  });
});

describe('stop all spend with a collaborator key', () => {
  it('disables only the zones the key may change and leaves the rest of the account running', async () => {
    const { core, call, addAccount } = await freshStartedCore();
    const before = await serviceZones(service);
    await addAccount(service.keys.collaborator);
    // No users list for a collaborator: the user pins ids; those it cannot see are dropped.
    const pinned = value(await call('zones:pin', { text: service.seeded.zoneIds.join(' ') }));
    expect(pinned.added.sort()).toEqual([...service.seeded.collaboratorZoneIds].sort());
    value(await call('poll:refresh'));
    const own = new Set(service.seeded.collaboratorZoneIds);
    const stop = value(await call('spend:stop'));
    const after = await serviceZones(service);
    for (const id of service.seeded.zoneIds) {
      expect(after.get(id)?.enabled, id).toBe(own.has(id) ? false : before.get(id)!.enabled);
    }
    expect(byResult(stop, 'disabled')).toEqual([...own].filter((id) => before.get(id)!.enabled).sort());
    await core.stop();
  });
});

describe('stop all spend with two accounts watched', () => {
  it('acts on the account it names alone: the other keeps no record, and every event names the stopped account', async () => {
    const { core, call, addAccount, recorded } = await freshStartedCore();
    const before = await serviceZones(service);
    const admin = await addAccount(service.keys.admin);
    const collaborator = await addAccount(service.keys.collaborator);
    value(await call('zones:pin', { text: service.seeded.zoneIds.join(' ') }));
    value(await call('poll:refresh'));
    const stop = value(await call('spend:stop'));
    const own = [...service.seeded.collaboratorZoneIds].filter((id) => before.get(id)!.enabled).sort();
    expect(byResult(stop, 'disabled')).toEqual(own);
    expect(value(await accountCaller(core, () => collaborator)('spend:get')).record?.disabled.map((z) => z.zoneId).sort()).toEqual(own);
    expect(value(await accountCaller(core, () => admin)('spend:get')).record).toBeNull();
    const pushed = recorded.events.filter((e) => {
      const { event, payload } = e as { event: string; payload: { spendStop: unknown } };
      return event === 'account' && payload.spendStop !== null;
    }) as { payload: { profileId: string } }[];
    expect(pushed.length).toBeGreaterThan(0);
    expect(new Set(pushed.map((e) => e.payload.profileId))).toEqual(new Set([collaborator]));
    await core.stop();
  });
});

describe('stop all spend when it cannot work', () => {
  it('names every zone as not allowed for a billing admin and changes nothing', async () => {
    const { core, call, addAccount } = await freshStartedCore();
    const before = await serviceZones(service);
    await addAccount(service.keys.billing_admin);
    value(await call('zones:pin', { text: service.seeded.zoneIds.join(' ') }));
    value(await call('poll:refresh'));
    const plan = value(await call('spend:plan'));
    expect(plan.zones).toEqual([]);
    expect(plan.notAllowed.map((z) => z.zoneId).sort()).toEqual(enabledIds(before));
    const stop = value(await call('spend:stop'));
    expect(stop.outcomes.every((o) => o.result === 'not_allowed')).toBe(true);
    expect(stop.summary).toMatch(/still running/);
    expect(enabledIds(await serviceZones(service))).toEqual(enabledIds(before));
    await core.stop();
  });

  it('refuses with plain words while offline and stops nothing', async () => {
    const { core, call, addAccount } = await freshStartedCore();
    await addAccount(service.keys.admin);
    const before = await serviceZones(service);
    core.setSystemState({ online: false });
    const result = await call('spend:stop');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/offline.*Nothing was stopped/);
    expect(value(await call('spend:get')).record).toBeNull();
    expect(enabledIds(await serviceZones(service))).toEqual(enabledIds(before));
    await core.stop();
  });
});

describe('stop all spend against a service that hangs', () => {
  it('ends at its deadline and names every zone it did not stop as still running', async () => {
    const { core, call, fire, addAccount } = await freshStartedCore();
    await addAccount(service.keys.admin);
    const plan = value(await call('spend:plan'));
    await setFaults(service, { latencyMs: 1_500 });
    const pending = call('spend:stop');
    // The first reads are under way; the run's deadline (a held timer of the test clock) runs out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fire(SPEND_STOP_DEADLINE_MS)).toBe(1);
    const stop = value(await pending);
    await setFaults(service, {});
    expect(stop.outcomes.map((o) => o.zoneId).sort()).toEqual(plan.zones.map((z) => z.zoneId).sort());
    // The deadline ran out during the fresh reads: no change was sent, and each zone says so.
    expect(stop.outcomes.every((o) => o.result === 'not_tried' && o.reason === 'Not tried: the run reached its time limit.')).toBe(true);
    expect(stop.record?.remaining.map((z) => z.zoneId).sort()).toEqual(plan.zones.map((z) => z.zoneId).sort());
    expect(stop.summary).toContain(`${plan.zones.length} zones still running`);
    await core.stop();
  });
});

describe('stop all spend when the service rejects the key mid-way', () => {
  it('sends no change once the key is refused and says so for every zone', async () => {
    const requests: RequestRecord[] = [];
    const { core, call, addAccount } = await freshStartedCore(requests);
    await addAccount(service.keys.admin);
    const before = await serviceZones(service);
    // The key is revoked after the last poll: the app still believes it good.
    service.control.setKeyRevoked(service.keys.admin, true);
    requests.length = 0;
    const stop = value(await call('spend:stop'));
    service.control.setKeyRevoked(service.keys.admin, false);
    expect(requests.filter((r) => r.operation.startsWith('PUT'))).toHaveLength(0);
    expect(stop.outcomes.length).toBeGreaterThan(0);
    expect(stop.outcomes.every((o) => o.result === 'not_tried' && o.reason === 'Not tried: the service rejected the API key.')).toBe(true);
    expect(enabledIds(await serviceZones(service))).toEqual(enabledIds(before));
    await core.stop();
  });
});

describe('a poll cycle while a stop runs', () => {
  it('does not report the zones the stop has turned off so far as disabled outside Zonewatch', async () => {
    const requests: RequestRecord[] = [];
    const { core, call, addAccount } = await freshStartedCore(requests);
    try {
      await addAccount(service.keys.admin);
      value(await call('zones:pin', { text: service.seeded.zoneIds.join(' ') }));
      value(await call('poll:refresh'));
      // Slow answers, so the cycle reads the service while the stop is still sending.
      await setFaults(service, { latencyMs: 150 });
      let stopEnded = false;
      const stopping = call('spend:stop').finally(() => (stopEnded = true));
      const disabledSoFar = () => requests.filter((r) => r.operation.startsWith('PUT') && r.status === 200).length;
      await vi.waitFor(() => expect(disabledSoFar()).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 5 });
      value(await call('poll:refresh'));
      // The cycle read and judged zones the stop had turned off and not yet ended with.
      expect(stopEnded).toBe(false);
      const stop = value(await stopping);
      expect(byResult(stop, 'disabled')).toHaveLength(disabledSoFar());
      const zoneState = value(await call('notifications:list')).filter((n) => n.events.some((e) => e.rule === 'zoneState'));
      expect(zoneState.map((n) => n.title)).toEqual([]);
    } finally {
      await setFaults(service, {});
      await core.stop();
    }
  }, 60_000);
});
