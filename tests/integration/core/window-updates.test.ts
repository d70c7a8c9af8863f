import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountUpdate } from '../../../shared/account-update';
import type { Snapshot, ZonesRead } from '../../../shared/snapshot';
import { applySnapshotDelta, zoneReadAt } from '../../../shared/snapshot-apply';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { startTestService } from './service-harness';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

/** What the window sees of a snapshot: each zone with when it was last read. */
const seen = (snapshot: Snapshot, read: ZonesRead | null) =>
  Object.fromEntries(Object.entries(snapshot.zones).map(([id, entry]) => [id, { zone: entry.zone, readAt: zoneReadAt(entry, read) }]));

describe('a window that read the snapshot once and then applies the account’s updates', () => {
  const { core, recorded } = createTestCore();
  let profileId = '';
  const call = accountCaller(core, () => profileId);

  it('ends where the core is, from updates that name only the zones that changed, numbered one by one', async () => {
    await core.start();
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    const first = value(await call('snapshot:get'));
    const toggledId = service.seeded.perGigabyteDatacenterZoneId;
    let held = first.snapshot;
    let read: ZonesRead | null = null;
    const since = recorded.events.length;
    await call('zones:setEnabled', { zoneId: toggledId, enabled: false });
    await call('poll:refresh');
    await call('poll:refresh');
    const updates = (recorded.events.slice(since) as { event: string; payload: unknown }[])
      .filter((event) => event.event === 'account' && (event.payload as AccountUpdate).profileId === profileId)
      .map((event) => event.payload as AccountUpdate);
    expect(updates.length).toBeGreaterThan(1);
    expect(updates.map((update) => update.seq)).toEqual(updates.map((_, i) => first.seq + 1 + i));
    for (const update of updates) {
      if (!update.snapshot) continue;
      // A polled zone the window holds never travels whole, only what changed in it; an action's
      // result (the toggle) is the one zone it sends whole.
      for (const entry of update.snapshot.zonesUpserted) if (entry.zone.zone_id in held.zones) expect(entry.zone.zone_id).toBe(toggledId);
      held = applySnapshotDelta(held, update.snapshot);
      read = update.snapshot.zonesRead ?? read;
    }
    expect(updates.some((update) => (update.snapshot?.zonesPatched ?? []).length > 0 || update.snapshot?.zonesRead)).toBe(true);
    expect(held.zones[toggledId]?.zone.enabled).toBe(false);
    const now = value(await call('snapshot:get'));
    expect(now.seq).toBe(updates.at(-1)!.seq);
    expect(seen(held, read)).toEqual(seen(now.snapshot, null));
    expect({ ...held, zones: null }).toEqual({ ...now.snapshot, zones: null });
  });
});
