import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Zone } from '../../../shared/api/zone';
import { applyChangesOf, type CapsReport } from '../../../shared/caps';
import { createApiClient, type RequestRecord } from '../../../electron/core/api/client';
import type { RunningService } from '../../../electron/service/start-service';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import type { SecretBackend } from '../../../electron/core/ports';
import { accountCaller, createTestCore, value } from './core-host';
import { setFaults, startTestService, serviceZones } from './service-harness';

// Caps in bulk on the real core and the local service (docs/desktop.md › Caps): a preview of 25
// zones, one update per changed zone, Retry, a record that survives a restart and an exact Undo
// that leaves alone a zone someone changed in between.

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({ zones: 25 });
});
afterAll(() => service.close());

const admin = () => createApiClient({ baseUrl: service.url, getApiKey: () => service.keys.admin });


const alertOf = (zone: Zone | undefined) => (zone?.alert ? { type: zone.alert.type, threshold: zone.alert.threshold, action: zone.alert.action } : null);
const byResult = (report: CapsReport, result: string) => report.outcomes.filter((o) => o.result === result).map((o) => o.zoneId).sort();
const RULE = { kind: 'fixed', type: 'dollars_per_day', threshold: 5, action: 'disable_and_send_notification' } as const;

describe('caps on 25 zones: preview, apply, retry, restart, undo', () => {
  const requests: RequestRecord[] = [];
  const keychain: SecretBackend = { ...createMemoryBackend(), kind: 'keychain' };
  const first = createTestCore({ secretBackends: { keychain }, http: { onRequest: (record) => requests.push(record) } });
  let profileId = '';
  const caller = (core: typeof first.core) => accountCaller(core, () => profileId);
  const call = caller(first.core);
  let before: Map<string, Zone>;
  let failing: string;
  let applied: CapsReport;

  it('shows every zone with its cap as the service holds it, and the coverage in one line', async () => {
    await service.control.reset();
    await first.core.start();
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    value(await call('zones:pin', { text: service.seeded.undiscoveredZoneIds.join(' ') }));
    value(await call('poll:refresh'));
    before = await serviceZones(service);
    const view = value(await call('caps:get'));
    expect(view.zones).toHaveLength(25);
    const capped = [...before.values()].filter((z) => z.alert).length;
    expect(capped).toBeGreaterThan(0);
    expect(view.coverage).toBe(`Caps on ${capped} of 25 zones`);
    for (const row of view.zones) {
      const truth = before.get(row.zoneId)!;
      if (truth.alert) expect(row.cap).toMatchObject({ state: 'set', type: truth.alert.type, threshold: truth.alert.threshold, action: truth.alert.action });
      else expect(row.cap).toEqual({ state: 'none' });
    }
  });

  it('previews every zone with its old and new cap, and flags those already past it', async () => {
    const preview = value(await call('caps:preview', { zoneIds: service.seeded.zoneIds, rule: RULE }));
    expect(preview.blockedReason).toBeNull();
    expect(preview.cannotChange).toEqual([]);
    const same = [...before.values()].filter((z) => z.alert?.type === 'dollars_per_day' && z.alert.threshold === 5 && z.alert.action === RULE.action);
    expect(preview.changes.length + preview.unchanged.length).toBe(25);
    expect(preview.unchanged.map((z) => z.zoneId)).toEqual(same.map((z) => z.zone_id));
    for (const change of preview.changes) {
      const truth = before.get(change.zoneId)!;
      expect(change.before).toEqual(alertOf(truth));
      expect(change.after).toEqual({ type: 'dollars_per_day', threshold: 5, action: RULE.action });
      // The snapshot is a moment older than the service's figures, which only grow within the day.
      if (truth.spend_today_cents! < 490) expect(change.warning, change.name).toBeNull();
      if (truth.spend_today_cents! >= 510) expect(change.warning, change.name).toBe('below_today');
    }
    expect(preview.changes.some((c) => c.warning === 'below_today')).toBe(true);
    expect(preview.changes.some((c) => c.warning === null)).toBe(true);
    // Nothing was sent.
    expect(await serviceZones(service)).toEqual(before);
  });

  it('sizes a cap to each zone’s usual daily spend: here this month so far over the UTC days gone by, as the ledger holds no whole day yet', async () => {
    const rule = { kind: 'usual', multiple: 3, floorDollars: 5, action: 'send_notification' } as const;
    const preview = value(await call('caps:preview', { zoneIds: service.seeded.zoneIds, rule }));
    const view = value(await call('caps:get'));
    // The core's clock (the app's, not the service's) says how many UTC days of this month have gone by.
    const now = new Date(Date.now());
    const elapsedDays = (now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) / 86_400_000;
    for (const zone of [...preview.changes.map((c) => ({ id: c.zoneId, threshold: c.after.threshold })), ...preview.unchanged.map((u) => ({ id: u.zoneId, threshold: null }))]) {
      const usual = view.zones.find((z) => z.zoneId === zone.id)!.usual!;
      expect(usual).toMatchObject({ basis: 'this_month', estimated: true });
      expect(usual.days).toBeCloseTo(Math.max(1, elapsedDays), 2);
      const usualCents = before.get(zone.id)!.spend_this_month_cents! / usual.days;
      expect(usual.cents).toBeCloseTo(usualCents, 6);
      if (zone.threshold !== null) expect(zone.threshold, zone.id).toBe(Math.max(5, Math.ceil((3 * usualCents) / 100)));
    }
    expect(preview.changes.length).toBeGreaterThan(20);
    expect(await serviceZones(service)).toEqual(before);
  });

  it('sends one update per changed zone and reports each, the one the service refuses as failed', async () => {
    failing = service.seeded.zoneIds.find((id) => before.get(id)!.alert === null)!;
    await setFaults(service, { failZoneIds: [failing] });
    const preview = value(await call('caps:preview', { zoneIds: service.seeded.zoneIds, rule: RULE }));
    requests.length = 0;
    applied = value(await call('caps:apply', { changes: applyChangesOf(preview) }));
    await setFaults(service, {});
    const puts = requests.filter((r) => r.operation.startsWith('PUT'));
    const changedIds = applied.outcomes.map((o) => o.zoneId);
    // One request per changed zone: a change is never retried (docs/architecture.md › Requests).
    expect(puts).toHaveLength(changedIds.length);
    expect(byResult(applied, 'failed')).toEqual([failing]);
    expect(applied.summary).toMatch(/Retry sends it again/);
    const after = await serviceZones(service);
    for (const id of changedIds) {
      if (id === failing) expect(after.get(id)!.alert).toBeNull();
      else expect(alertOf(after.get(id))).toEqual({ type: 'dollars_per_day', threshold: 5, action: RULE.action });
    }
    expect(applied.record?.failed.map((z) => z.zoneId)).toEqual([failing]);
    expect(value(await call('caps:get')).coverage).toBe('Caps on 24 of 25 zones');
  });

  it('retries only the zone that failed', async () => {
    requests.length = 0;
    const retry = value(await call('caps:retry'));
    expect(requests.filter((r) => r.operation.startsWith('PUT'))).toHaveLength(1);
    expect(byResult(retry, 'set')).toEqual([failing]);
    expect(retry.record?.failed).toEqual([]);
    expect(retry.record?.changed.find((z) => z.zoneId === failing)?.before).toBeNull();
    expect(value(await call('caps:get')).coverage).toBe('Caps on 25 of 25 zones');
  });

  it('keeps the record across a restart and undoes exactly, leaving alone a zone changed elsewhere and one deleted', async () => {
    const record = value(await call('caps:get')).record;
    await first.core.stop();
    const second = createTestCore({ secretBackends: { keychain } }, first.dir);
    await second.core.start();
    const call2 = caller(second.core);
    expect(value(await call2('caps:get')).record).toEqual(record);
    const changedIds = record!.changed.map((z) => z.zoneId);
    const [elsewhere, deleted] = [changedIds[0]!, changedIds[1]!];
    const theirs = { type: 'gigabytes_per_day', threshold: 77, action: 'send_notification' } as const;
    await admin().updateZone(elsewhere, { alert: theirs });
    await admin().deleteZone(deleted);

    const undo = value(await call2('caps:undo'));
    expect(byResult(undo, 'skipped')).toEqual([elsewhere]);
    expect(byResult(undo, 'gone')).toEqual([deleted]);
    expect(byResult(undo, 'restored')).toEqual(changedIds.filter((id) => id !== elsewhere && id !== deleted).sort());
    expect(undo.summary).toMatch(/1 zone changed elsewhere since/);
    expect(undo.record).toBeNull();
    const after = await serviceZones(service);
    for (const id of service.seeded.zoneIds) {
      if (id === deleted) expect(after.has(id)).toBe(false);
      else if (id === elsewhere) expect(alertOf(after.get(id))).toEqual(theirs);
      else expect(alertOf(after.get(id)), id).toEqual(alertOf(before.get(id)));
    }
    expect(value(await call2('caps:get')).record).toBeNull();
    await second.core.stop();
  });
});

describe('caps reports in plain words', () => {
  it('says what failed as an action, and reads a zone whose cap was removed as still there', async () => {
    await service.control.reset();
    const { core } = createTestCore();
    await core.start();
    let profileId = '';
    const call = accountCaller(core, () => profileId);
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    value(await call('zones:pin', { text: service.seeded.undiscoveredZoneIds.join(' ') }));
    value(await call('poll:refresh'));
    const before = await serviceZones(service);
    const preview = value(await call('caps:preview', { zoneIds: service.seeded.zoneIds, rule: RULE }));
    const planned = preview.changes;
    const hadCap = planned.find((c) => c.before !== null)!.zoneId;
    const [hadNone, failing] = planned.filter((c) => c.before === null).map((c) => c.zoneId);
    await setFaults(service, { failZoneIds: [failing!] });
    const applied = value(await call('caps:apply', { changes: applyChangesOf(preview) }));
    expect(applied.outcomes.find((o) => o.zoneId === failing)?.reason).toMatch(new RegExp(`^Could not set the cap of zone ${failing}: the service had a problem`));
    await setFaults(service, {});
    value(await call('caps:retry'));

    // Someone removes both caps: the zones are still there, one as it was before Zonewatch's cap.
    for (const id of [hadCap, hadNone!]) await admin().updateZone(id, { alert: null });
    await setFaults(service, { failZoneIds: [failing!] });
    const undo = value(await call('caps:undo'));
    await setFaults(service, {});
    const outcome = (id: string) => undo.outcomes.find((o) => o.zoneId === id);
    expect(outcome(hadCap)).toMatchObject({ result: 'skipped', reason: 'Its alert was changed elsewhere since Zonewatch set it: left as it is.' });
    expect(outcome(hadNone!)).toMatchObject({ result: 'as_before', reason: 'Its alert is already what it was before Zonewatch changed it: left as it is.' });
    expect(outcome(failing!)?.reason).toMatch(new RegExp(`^Could not put back the alert of zone ${failing}: the service had a problem`));
    expect(undo.summary).toContain('1 zone already as before, left as it is. 1 zone changed elsewhere since, left as it is.');
    expect(undo.summary).not.toMatch(/no longer there/);
    expect(alertOf((await serviceZones(service)).get(hadCap))).toBeNull();
    expect(before.has(hadCap)).toBe(true);
    await core.stop();
  });
});

describe('caps with a key that may not see alerts', () => {
  it('lists every zone as one that cannot be changed, and sends nothing even when asked to', async () => {
    await service.control.reset();
    const requests: RequestRecord[] = [];
    const { core } = createTestCore({ http: { onRequest: (record) => requests.push(record) } });
    await core.start();
    let profileId = '';
    const call = accountCaller(core, () => profileId);
    profileId = value(await call('key:set', { apiKey: service.keys.collaborator, baseUrl: service.url })).profileId;
    value(await call('zones:pin', { text: service.seeded.collaboratorZoneIds.join(' ') }));
    value(await call('poll:refresh'));
    const view = value(await call('caps:get'));
    expect(view.coverage).toBe('Caps are not visible to this API key');
    expect(view.zones.every((zone) => zone.cap.state === 'hidden')).toBe(true);
    const preview = value(await call('caps:preview', { zoneIds: service.seeded.collaboratorZoneIds, rule: RULE }));
    expect(preview.changes).toEqual([]);
    expect(preview.cannotChange.map((z) => z.zoneId).sort()).toEqual([...service.seeded.collaboratorZoneIds].sort());
    expect(preview.cannotChange[0]!.reason).toMatch(/may not see or change zone alerts/);
    // The preview lists nothing to apply; a change asked for anyway is refused in words, before any request.
    requests.length = 0;
    const forced = await call('caps:apply', { changes: [{ zoneId: service.seeded.collaboratorZoneIds[0]!, before: null, after: { type: RULE.type, threshold: RULE.threshold, action: RULE.action } }] });
    expect(forced.ok ? 'applied' : forced.error.message).toMatch(/may not see or change zone alerts/);
    expect(requests).toEqual([]);
    await core.stop();
  });
});
