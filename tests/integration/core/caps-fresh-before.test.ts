import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../electron/core/api/client';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { startTestService } from './service-harness';

// Apply takes each zone's "before" from a fresh read, so Undo puts back what the person had even
// when they changed it on the service after the last poll (docs/desktop.md › Caps).

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({ zones: 6 });
});
afterAll(() => service.close());

const RULE = { kind: 'fixed', type: 'dollars_per_day', threshold: 5, action: 'disable_and_send_notification' } as const;
const THEIRS = { type: 'dollars_per_month', threshold: 77, action: 'send_notification' } as const;

describe('a cap changed on the service between a poll and Apply', () => {
  it('is what Undo puts back, not the older cap the last poll saw', async () => {
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
      // The person sets their own cap elsewhere; no poll runs before Apply.
      await admin.updateZone(target, { alert: THEIRS });

      const applied = value(await call('caps:apply', { zoneIds: service.seeded.zoneIds, rule: RULE }));
      expect(applied.outcomes.find((o) => o.zoneId === target)?.result).toBe('set');
      const undone = value(await call('caps:undo'));
      expect(undone.outcomes.find((o) => o.zoneId === target)?.result).toBe('restored');

      const [zone] = (await admin.getZones([target])).zones;
      expect(zone?.alert).toMatchObject(THEIRS);
    } finally {
      await core.stop();
    }
  });
});
