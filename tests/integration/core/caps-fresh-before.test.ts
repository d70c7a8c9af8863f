import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, type RequestRecord } from '../../../electron/core/api/client';
import { applyChangesOf } from '../../../shared/caps';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { setFaults, startTestService } from './service-harness';

// Apply checks each zone against a fresh read before it sends, so a cap changed on the service
// after the last poll is never overwritten, and the cap Undo puts back is the one the person had
// (docs/architecture.md › Caps).

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({ zones: 40 });
});
afterAll(() => service.close());

const RULE = { kind: 'fixed', type: 'dollars_per_day', threshold: 5, action: 'disable_and_send_notification' } as const;
const THEIRS = { type: 'dollars_per_month', threshold: 77, action: 'send_notification' } as const;

describe('a cap changed on the service between a poll and Apply', () => {
  it('is left by Apply; previewed again, it is what Undo puts back, not the older cap the last poll saw', async () => {
    await service.control.reset();
    const { core } = createTestCore();
    let profileId = '';
    const call = accountCaller(core, () => profileId);
    await core.start();
    try {
      profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
      value(await call('zones:pin', { text: service.seeded.undiscoveredZoneIds.join(' ') }));
      value(await call('poll:refresh'));
      const target = service.seeded.zoneIds[0]!;
      const admin = createApiClient({ baseUrl: service.url, getApiKey: () => service.keys.admin });
      // The person sets their own cap elsewhere; no poll runs before the preview or Apply.
      await admin.updateZone(target, { alert: THEIRS });
      const preview = value(await call('caps:preview', { zoneIds: service.seeded.zoneIds, rule: RULE }));
      expect(preview.changes.find((c) => c.zoneId === target)?.before).not.toEqual(THEIRS);

      const applied = value(await call('caps:apply', { changes: applyChangesOf(preview) }));
      expect(applied.outcomes.find((o) => o.zoneId === target)?.result).toBe('skipped');
      // Apply's fresh read is what the next preview shows.
      const again = value(await call('caps:preview', { zoneIds: [target], rule: RULE }));
      expect(again.changes.map((c) => c.before)).toEqual([THEIRS]);
      expect(value(await call('caps:apply', { changes: applyChangesOf(again) })).outcomes.map((o) => o.result)).toEqual(['set']);
      const undone = value(await call('caps:undo'));
      expect(undone.outcomes.find((o) => o.zoneId === target)?.result).toBe('restored');

      const [zone] = (await admin.getZones([target])).zones;
      expect(zone?.alert).toMatchObject(THEIRS);
    } finally {
      await core.stop();
    }
  });
});

describe('a poll cycle while caps are applied', () => {
  it('does not report the caps the run has set so far as changed elsewhere (docs/architecture.md › Caps)', async () => {
    await service.control.reset();
    const requests: RequestRecord[] = [];
    const { core } = createTestCore({ http: { onRequest: (record) => requests.push(record) } });
    let profileId = '';
    const call = accountCaller(core, () => profileId);
    await core.start();
    try {
      profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
      const shared = value((await core.invoke('settings:get', undefined)) as Result<ChannelOutput<'settings:get'>>).alerts;
      value(await core.invoke('settings:update', { alerts: { ...shared, capDrift: { ...shared.capDrift, enabled: true } } }));
      value(await call('zones:pin', { text: service.seeded.undiscoveredZoneIds.join(' ') }));
      value(await call('poll:refresh'));
      // Slow answers, so the cycle reads the zones while the run is still sending.
      await setFaults(service, { latencyMs: 150 });
      let applyEnded = false;
      const preview = value(await call('caps:preview', { zoneIds: service.seeded.zoneIds, rule: RULE }));
      const applying = call('caps:apply', { changes: applyChangesOf(preview) }).finally(() => (applyEnded = true));
      const setSoFar = () => requests.filter((r) => r.operation.startsWith('PUT') && r.status === 200).length;
      await vi.waitFor(() => expect(setSoFar()).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 5 });
      value(await call('poll:refresh'));
      expect(applyEnded).toBe(false);
      value(await applying);
      const drift = value(await call('notifications:list')).filter((n) => n.events.some((e) => e.rule === 'capDrift'));
      // Zones found for the first time may be named as new without a cap; none of the run's caps may read as changed elsewhere.
      const changedElsewhere = drift.flatMap((n) => n.events.map((e) => e.title)).filter((title) => !title.startsWith('New zone'));
      expect(changedElsewhere).toEqual([]);
    } finally {
      await setFaults(service, {});
      await core.stop();
    }
  }, 60_000);
});
