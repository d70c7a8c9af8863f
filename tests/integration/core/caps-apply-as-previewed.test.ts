import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../../shared/api/zone';
import { applyChangesOf, type CapsPreview } from '../../../shared/caps';
import { createApiClient } from '../../../electron/core/api/client';
import { APPLY_CHUNK } from '../../../electron/core/caps/fresh-check';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { serviceZones, setFaults, startTestService } from './service-harness';

// Apply sends exactly what its preview showed, and only to the zones it listed as changing, each
// only while it still holds the cap the preview showed (docs/architecture.md › Caps). Every write
// the service receives from the app is counted.

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({ zones: 60 });
});
afterAll(() => service.close());

const RULE = { kind: 'fixed', type: 'dollars_per_day', threshold: 7.5, action: 'disable_and_send_notification' } as const;
const THEIRS = { type: 'dollars_per_month', threshold: 77, action: 'send_notification' } as const;
const admin = () => createApiClient({ baseUrl: service.url, getApiKey: () => service.keys.admin });
const alertOf = (alert: Pick<Alert, 'type' | 'threshold' | 'action'> | null | undefined) => (alert ? { type: alert.type, threshold: alert.threshold, action: alert.action } : null);

/** A zone write the service received from the app: the zone and the alert it was sent. */
type Write = { zoneId: string; alert: unknown };

/**
 * The app on the local service with every zone known but `late`, which the key can see and the
 * app has not found yet (docs/desktop.md › Caps: a preview lists it as not known). `writes` holds
 * each zone write the app sends to the service, as it sends it.
 */
async function appWithLateZone() {
  await service.control.reset();
  const writes: Write[] = [];
  /** Runs once, just before the first zone write reaches the service. */
  const hooks: { beforeFirstWrite: (() => Promise<void>) | null } = { beforeFirstWrite: null };
  const { core } = createTestCore({
    http: {
      fetch: async (input, init) => {
        if (init?.method === 'PUT') {
          const hook = hooks.beforeFirstWrite;
          hooks.beforeFirstWrite = null;
          await hook?.();
          const zoneId = decodeURIComponent(new URL(String(input)).pathname.split('/').pop()!);
          writes.push({ zoneId, alert: (JSON.parse(String(init.body)) as { alert?: unknown }).alert });
        }
        return fetch(input, init);
      },
    },
  });
  let profileId = '';
  const call = accountCaller(core, () => profileId);
  await core.start();
  profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
  const [late, ...others] = service.seeded.undiscoveredZoneIds;
  if (others.length > 0) value(await call('zones:pin', { text: others.join(' ') }));
  value(await call('poll:refresh'));
  /** The app finds `late` (here by a pin; a poll's discovery does the same). */
  const discoverLate = async () => {
    value(await call('zones:pin', { text: late! }));
    value(await call('poll:refresh'));
    expect(value(await call('caps:get')).zones.map((z) => z.zoneId)).toContain(late);
  };
  return { core, call, writes, hooks, late: late!, discoverLate };
}

const previewAll = async (call: ReturnType<typeof accountCaller>): Promise<CapsPreview> => value(await call('caps:preview', { zoneIds: service.seeded.zoneIds, rule: RULE }));
const zonesWritten = (writes: readonly Write[]) => writes.map((w) => w.zoneId).sort();
const idsOf = (preview: CapsPreview) => preview.changes.map((c) => c.zoneId).sort();

describe('caps Apply is what its preview showed', () => {
  it('writes no zone the app found between the preview and Apply, and sends each listed zone exactly its new cap', async () => {
    const { core, call, writes, late, discoverLate } = await appWithLateZone();
    try {
      const preview = await previewAll(call);
      expect(preview.cannotChange.map((z) => z.zoneId)).toEqual([late]);
      expect(preview.cannotChange[0]!.reason).toMatch(/^Not known to Zonewatch/);
      const lateBefore = (await serviceZones(service, [late])).get(late)!.alert;
      await discoverLate();

      const report = value(await call('caps:apply', { changes: applyChangesOf(preview) }));
      expect(zonesWritten(writes)).toEqual(idsOf(preview));
      expect(writes.map((w) => w.zoneId)).not.toContain(late);
      for (const write of writes) expect(write.alert, write.zoneId).toEqual(preview.changes.find((c) => c.zoneId === write.zoneId)!.after);
      expect(report.outcomes.map((o) => o.zoneId).sort()).toEqual(idsOf(preview));
      expect(report.outcomes.every((o) => o.result === 'set')).toBe(true);
      expect(report.summary).toBe(`Set the cap on ${preview.changes.length} zones.`);
      expect((await serviceZones(service, [late])).get(late)!.alert).toEqual(lateBefore);
    } finally {
      await core.stop();
    }
  });

  it('leaves a zone whose cap was changed elsewhere after the preview, and says so', async () => {
    const { core, call, writes } = await appWithLateZone();
    try {
      const preview = await previewAll(call);
      const elsewhere = preview.changes.find((c) => c.before === null)!;
      await admin().updateZone(elsewhere.zoneId, { alert: THEIRS });

      const report = value(await call('caps:apply', { changes: applyChangesOf(preview) }));
      expect(zonesWritten(writes)).toEqual(idsOf(preview).filter((id) => id !== elsewhere.zoneId));
      expect(report.outcomes.find((o) => o.zoneId === elsewhere.zoneId)).toEqual({
        zoneId: elsewhere.zoneId,
        name: elsewhere.name,
        result: 'skipped',
        reason: 'Its cap was changed since the preview: left as it is. Preview again to see it as it is now.',
      });
      expect(report.summary).toBe(`Set the cap on ${preview.changes.length - 1} zones. 1 zone changed since the preview, left as it is.`);
      // Undo has nothing of that zone's to put back.
      expect(report.record?.changed.map((z) => z.zoneId)).not.toContain(elsewhere.zoneId);
      expect(report.record?.failed).toEqual([]);
      expect(alertOf((await serviceZones(service, [elsewhere.zoneId])).get(elsewhere.zoneId)!.alert)).toEqual(THEIRS);
    } finally {
      await core.stop();
    }
  });

  it('re-reads a zone just before it sends to it: a cap changed elsewhere while Apply already sends to others is left too', async () => {
    const { core, call, writes, hooks } = await appWithLateZone();
    try {
      const preview = await previewAll(call);
      expect(preview.changes.length).toBeGreaterThan(APPLY_CHUNK);
      const last = preview.changes.at(-1)!;
      hooks.beforeFirstWrite = async () => void (await admin().updateZone(last.zoneId, { alert: THEIRS }));

      const report = value(await call('caps:apply', { changes: applyChangesOf(preview) }));
      expect(zonesWritten(writes)).toEqual(idsOf(preview).filter((id) => id !== last.zoneId));
      expect(report.outcomes.find((o) => o.zoneId === last.zoneId)?.result).toBe('skipped');
      expect(alertOf((await serviceZones(service, [last.zoneId])).get(last.zoneId)!.alert)).toEqual(THEIRS);
    } finally {
      await core.stop();
    }
  });

  it('Retry after a partial failure writes only the failed previewed zones still as previewed', async () => {
    const { core, call, writes, late, discoverLate } = await appWithLateZone();
    try {
      const preview = await previewAll(call);
      await discoverLate();
      const [retried, elsewhere] = preview.changes.filter((c) => c.before === null).map((c) => c.zoneId);
      // The found zone fails too, had it been written.
      await setFaults(service, { failZoneIds: [retried!, elsewhere!, late] });
      const applied = value(await call('caps:apply', { changes: applyChangesOf(preview) }));
      await setFaults(service, {});
      expect(zonesWritten(writes)).toEqual(idsOf(preview));
      expect(applied.record?.failed.map((z) => z.zoneId).sort()).toEqual([retried!, elsewhere!].sort());
      await admin().updateZone(elsewhere!, { alert: THEIRS });

      writes.length = 0;
      const retry = value(await call('caps:retry'));
      expect(writes).toEqual([{ zoneId: retried, alert: preview.changes.find((c) => c.zoneId === retried)!.after }]);
      expect(retry.outcomes.map((o) => [o.zoneId, o.result]).sort()).toEqual([[retried, 'set'], [elsewhere, 'skipped']].sort());
      expect(retry.summary).toBe('Set the cap on 1 zone. 1 zone changed since the preview, left as it is.');
      expect(retry.record?.failed).toEqual([]);
      const now = await serviceZones(service, [retried!, elsewhere!]);
      expect(alertOf(now.get(retried!)!.alert)).toEqual(alertOf(RULE));
      expect(alertOf(now.get(elsewhere!)!.alert)).toEqual(THEIRS);
    } finally {
      await core.stop();
    }
  });
});
