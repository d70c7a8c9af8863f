import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Zone } from '../../../shared/api/zone';
import { applyChangesOf, type CapApplyChange, type CapRule } from '../../../shared/caps';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import type { SecretBackend } from '../../../electron/core/ports';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { killSwitch } from './kill-switch';
import { startTestService, serviceZones } from './service-harness';

// Write ahead, then act (docs/architecture.md › Write ahead, then act): a core killed in the middle
// of a stop, a restore, a caps apply or an undo, started again on the same folder, recovers what
// the killed run did from its journal, says so once, and Restore/Undo put back exactly that.

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({ zones: 25 });
});
afterAll(() => service.close());

const enabledIds = (zones: Map<string, Zone>) => [...zones.values()].filter((z) => z.enabled).map((z) => z.zone_id).sort();
const alertOf = (zone: Zone | undefined) => (zone?.alert ? { type: zone.alert.type, threshold: zone.alert.threshold, action: zone.alert.action } : null);
const alerts = (zones: Map<string, Zone>) => new Map([...zones].map(([id, zone]) => [id, alertOf(zone)]));
const RULE = { kind: 'fixed', type: 'dollars_per_day', threshold: 5, action: 'disable_and_send_notification' } as const;

/** What the window sends to Apply: the changes the rule's preview over every seeded zone lists. */
async function previewed(call: ReturnType<typeof accountCaller>, rule: CapRule): Promise<CapApplyChange[]> {
  return applyChangesOf(value(await call('caps:preview', { zoneIds: service.seeded.zoneIds, rule })));
}
const unreachable: typeof globalThis.fetch = async () => {
  throw new TypeError('fetch failed');
};
type Notice = { title: string; body: string };
const titled = (notices: readonly unknown[], title: string) => (notices as Notice[]).filter((n) => n.title === title);

/** The first run of the app on a fresh folder, with its account added and every zone known, which the test then kills. */
async function firstRun() {
  await service.control.reset();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-journal-'));
  const keychain: SecretBackend = { ...createMemoryBackend(), kind: 'keychain' };
  const kill = killSwitch(dir);
  const first = createTestCore({ secretBackends: { keychain }, storeFactory: kill.storeFactory, http: { fetch: kill.fetch } }, dir);
  await first.core.start();
  let profileId = '';
  const call = accountCaller(first.core, () => profileId);
  profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
  value(await call('zones:pin', { text: service.seeded.undiscoveredZoneIds.join(' ') }));
  value(await call('poll:refresh'));
  /** The app started again on the same folder (its keychain kept), reaching the service unless `fetch` says otherwise. */
  const restart = async (fetch?: typeof globalThis.fetch) => {
    const next = createTestCore({ secretBackends: { keychain }, ...(fetch ? { http: { fetch } } : {}) }, dir);
    await next.core.start();
    return { ...next, call: accountCaller(next.core, () => profileId) };
  };
  return { first, call, kill, restart, profileId: () => profileId };
}

describe('a stop killed after its fifth change', () => {
  it('is recovered at the next start: exactly the zones it turned off are restorable, and the user is told once', async () => {
    const { first, call, kill, restart } = await firstRun();
    const before = await serviceZones(service);
    const wasOn = enabledIds(before);
    kill.arm(5);
    await call('spend:stop');
    expect(kill.killed()).toBe(true);
    await first.core.stop();
    const now = await serviceZones(service);
    const off = wasOn.filter((id) => now.get(id)!.enabled === false);
    expect(off).toHaveLength(5);

    const second = await restart();
    await vi.waitFor(async () => expect(value(await second.call('spend:get')).record?.disabled.map((z) => z.zoneId).sort()).toEqual(off), { timeout: 5_000 });
    const { record } = value(await second.call('spend:get'));
    // What it had not reached is still running, for Retry.
    expect(record?.remaining.map((z) => z.zoneId).sort()).toEqual(wasOn.filter((id) => !off.includes(id)));
    const told = titled(second.core.notices.list(), 'Stop all spend was interrupted');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(`It had turned off 5 of ${wasOn.length} zones. Restore turns them back on. Retry turns off the ${wasOn.length - 5} still running.`);
    expect(titled(second.recorded.notifications, 'Stop all spend was interrupted')).toHaveLength(1);

    const restore = value(await second.call('spend:restore'));
    expect(restore.outcomes.filter((o) => o.result === 'enabled').map((o) => o.zoneId).sort()).toEqual(off);
    expect(enabledIds(await serviceZones(service))).toEqual(wasOn);
    await second.core.stop();

    const third = await restart();
    value(await third.call('poll:refresh'));
    expect(titled(third.recorded.notifications, 'Stop all spend was interrupted')).toHaveLength(0);
    expect(titled(third.core.notices.list(), 'Stop all spend was interrupted')).toHaveLength(1);
    await third.core.stop();
  });
});

describe('a stop killed after its third change, and a service that cannot be reached at the next start', () => {
  it('keeps the run unfinished, offers Restore for every zone it may have turned off, says so once, and settles once the service answers', async () => {
    const { first, call, kill, restart } = await firstRun();
    const wasOn = enabledIds(await serviceZones(service));
    kill.arm(3);
    await call('spend:stop');
    await first.core.stop();
    const now = await serviceZones(service);
    const off = wasOn.filter((id) => now.get(id)!.enabled === false);
    expect(off).toHaveLength(3);

    const second = await restart(unreachable);
    await vi.waitFor(() => expect(titled(second.core.notices.list(), 'Stop all spend was interrupted')).toHaveLength(1), { timeout: 5_000 });
    expect(titled(second.core.notices.list(), 'Stop all spend was interrupted')[0]!.body).toContain(`The service could not be reached to check what it did. Up to ${wasOn.length} zones may be off`);
    // Every zone whose change may have been sent counts, so Restore can put back whichever it was.
    expect(value(await second.call('spend:get')).record?.disabled.map((z) => z.zoneId).sort()).toEqual(wasOn);
    expect(second.core.overview().accounts[0]?.spendStop).not.toBeNull();
    await second.core.stop();

    const third = await restart(unreachable);
    value(await third.call('poll:refresh'));
    expect(value(await third.call('spend:get')).record?.disabled).toHaveLength(wasOn.length);
    await third.core.stop();

    const fourth = await restart();
    await vi.waitFor(async () => expect(value(await fourth.call('spend:get')).record?.disabled.map((z) => z.zoneId).sort()).toEqual(off), { timeout: 5_000 });
    // Told once: neither the second unreachable start nor the check that settled it said it again.
    for (const run of [third, fourth]) expect(titled(run.recorded.notifications, 'Stop all spend was interrupted')).toHaveLength(0);
    value(await fourth.call('spend:restore'));
    expect(enabledIds(await serviceZones(service))).toEqual(wasOn);
    await fourth.core.stop();
  });
});

describe('a restore killed after its fourth change', () => {
  it('leaves in the record only the zones it had not turned back on, and the next Restore turns exactly those on', async () => {
    const { first, call, kill, restart } = await firstRun();
    const wasOn = enabledIds(await serviceZones(service));
    value(await call('spend:stop'));
    expect(enabledIds(await serviceZones(service))).toEqual([]);
    kill.arm(4);
    await call('spend:restore');
    await first.core.stop();
    const backOn = enabledIds(await serviceZones(service));
    expect(backOn).toHaveLength(4);

    const second = await restart();
    const stillOff = wasOn.filter((id) => !backOn.includes(id));
    await vi.waitFor(async () => expect(value(await second.call('spend:get')).record?.disabled.map((z) => z.zoneId).sort()).toEqual(stillOff), { timeout: 5_000 });
    expect(titled(second.core.notices.list(), 'Restore was interrupted')[0]?.body).toContain(`It had turned 4 of ${wasOn.length} zones back on. Restore turns on the ${stillOff.length} still off.`);
    const restore = value(await second.call('spend:restore'));
    expect(restore.outcomes.filter((o) => o.result === 'enabled').map((o) => o.zoneId).sort()).toEqual(stillOff);
    expect(enabledIds(await serviceZones(service))).toEqual(wasOn);
    await second.core.stop();
  });
});

describe('caps killed mid-way', () => {
  it('an apply killed after its fourth change: Undo puts back exactly the four caps it set, Retry holds the rest', async () => {
    const { first, call, kill, restart } = await firstRun();
    const before = await serviceZones(service);
    const preview = value(await call('caps:preview', { zoneIds: service.seeded.zoneIds, rule: RULE }));
    const planned = preview.changes.map((c) => c.zoneId).sort();
    kill.arm(4);
    await call('caps:apply', { changes: applyChangesOf(preview) });
    await first.core.stop();
    const now = await serviceZones(service);
    const set = planned.filter((id) => JSON.stringify(alertOf(now.get(id))) !== JSON.stringify(alertOf(before.get(id))));
    expect(set).toHaveLength(4);

    const second = await restart();
    await vi.waitFor(async () => expect(value(await second.call('caps:get')).record?.changed.map((z) => z.zoneId).sort()).toEqual(set), { timeout: 5_000 });
    const { record } = value(await second.call('caps:get'));
    for (const zone of record!.changed) expect(zone.before, zone.zoneId).toEqual(alertOf(before.get(zone.zoneId)));
    expect(record?.failed.map((z) => z.zoneId).sort()).toEqual(planned.filter((id) => !set.includes(id)));
    expect(titled(second.core.notices.list(), 'Setting caps was interrupted')[0]?.body).toContain(`It had set the cap on 4 of ${planned.length} zones.`);
    expect(titled(second.recorded.notifications, 'Setting caps was interrupted')).toHaveLength(1);

    const undo = value(await second.call('caps:undo'));
    expect(undo.outcomes.filter((o) => o.result === 'restored').map((o) => o.zoneId).sort()).toEqual(set);
    expect(alerts(await serviceZones(service))).toEqual(alerts(before));
    await second.core.stop();
  });

  it('an apply killed while the service is then unreachable: Undo offers every zone it may have capped until the service answers', async () => {
    const { first, call, kill, restart } = await firstRun();
    const before = await serviceZones(service);
    const preview = value(await call('caps:preview', { zoneIds: service.seeded.zoneIds, rule: RULE }));
    const planned = preview.changes.map((c) => c.zoneId).sort();
    kill.arm(2);
    await call('caps:apply', { changes: applyChangesOf(preview) });
    await first.core.stop();

    const second = await restart(unreachable);
    await vi.waitFor(() => expect(titled(second.core.notices.list(), 'Setting caps was interrupted')).toHaveLength(1), { timeout: 5_000 });
    expect(titled(second.core.notices.list(), 'Setting caps was interrupted')[0]!.body).toContain(`Up to ${planned.length} zones may carry the new cap`);
    expect(value(await second.call('caps:get')).record?.changed.map((z) => z.zoneId).sort()).toEqual(planned);
    await second.core.stop();

    const third = await restart();
    await vi.waitFor(async () => expect(value(await third.call('caps:get')).record?.changed).toHaveLength(2), { timeout: 5_000 });
    expect(titled(third.recorded.notifications, 'Setting caps was interrupted')).toHaveLength(0);
    value(await third.call('caps:undo'));
    expect(alerts(await serviceZones(service))).toEqual(alerts(before));
    await third.core.stop();
  });

  it('an apply over an earlier one, killed after its fourth change: Undo still puts back what the person had on every zone', async () => {
    const { first, call, kill, restart } = await firstRun();
    const before = await serviceZones(service);
    value(await call('caps:apply', { changes: await previewed(call, RULE) }));
    const seven = await previewed(call, { ...RULE, threshold: 7 });
    kill.arm(4);
    await call('caps:apply', { changes: seven });
    await first.core.stop();
    const now = await serviceZones(service);
    expect([...now.values()].filter((z) => z.alert?.threshold === 7)).toHaveLength(4);

    const second = await restart();
    await vi.waitFor(async () => expect(value(await second.call('caps:get')).record?.changed.filter((z) => z.after.threshold === 7)).toHaveLength(4), { timeout: 5_000 });
    const undo = value(await second.call('caps:undo'));
    // Not one zone skipped as "changed elsewhere": the record knew the four new caps.
    expect(undo.outcomes.filter((o) => o.result === 'skipped')).toEqual([]);
    expect(alerts(await serviceZones(service))).toEqual(alerts(before));
    await second.core.stop();
  });

  it('an undo killed after its third change: the next Undo puts back exactly the caps still set', async () => {
    const { first, call, kill, restart } = await firstRun();
    const before = await serviceZones(service);
    const applied = value(await call('caps:apply', { changes: await previewed(call, RULE) }));
    const changed = applied.record!.changed.map((z) => z.zoneId).sort();
    kill.arm(3);
    await call('caps:undo');
    await first.core.stop();
    const now = await serviceZones(service);
    const putBack = changed.filter((id) => JSON.stringify(alertOf(now.get(id))) === JSON.stringify(alertOf(before.get(id))));
    expect(putBack).toHaveLength(3);

    const second = await restart();
    const left = changed.filter((id) => !putBack.includes(id));
    await vi.waitFor(async () => expect(value(await second.call('caps:get')).record?.changed.map((z) => z.zoneId).sort()).toEqual(left), { timeout: 5_000 });
    expect(titled(second.core.notices.list(), 'Undo of caps was interrupted')[0]?.body).toContain(`It had put back the earlier alert of 3 of ${changed.length} zones.`);
    const undo = value(await second.call('caps:undo'));
    expect(undo.outcomes.filter((o) => o.result === 'restored').map((o) => o.zoneId).sort()).toEqual(left);
    expect(alerts(await serviceZones(service))).toEqual(alerts(before));
    await second.core.stop();
  });
});

describe('the account cap’s own stop, killed after its third change', () => {
  it('is recovered like the user’s: Restore turns back on exactly the three zones it turned off', async () => {
    const { first, call, kill, restart, profileId } = await firstRun();
    const wasOn = enabledIds(await serviceZones(service));
    const spent = first.core.overview().accounts.find((a) => a.profileId === profileId())!.figures.spendTodayCents!;
    value(await call('caps:setAccountCap', { rule: { dailyCents: spent - 1_000, monthlyCents: null, restoreNextPeriod: false } }));
    kill.arm(3);
    value(await call('poll:refresh'));
    await vi.waitFor(() => expect(kill.killed()).toBe(true), { timeout: 5_000 });
    await first.core.stop();
    const now = await serviceZones(service);
    const off = wasOn.filter((id) => now.get(id)!.enabled === false);
    expect(off).toHaveLength(3);

    const second = await restart();
    await vi.waitFor(async () => expect(value(await second.call('spend:get')).record?.disabled.map((z) => z.zoneId).sort()).toEqual(off), { timeout: 5_000 });
    expect(titled(second.core.notices.list(), 'Stop all spend was interrupted')[0]?.body).toContain(`It had turned off 3 of ${wasOn.length} zones.`);
    value(await second.call('spend:restore'));
    expect(enabledIds(await serviceZones(service))).toEqual(wasOn);
    await second.core.stop();
  });
});
