import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonesText } from '../../../shared/units';
import { applyChangesOf } from '../../../shared/caps';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { startTestService, serviceZones } from './service-harness';

// Caps in bulk on an account of more zones than the window used to be allowed to name
// (docs/desktop.md › Caps): "all zones" of 1,200 previewed and applied in one go, against the
// local service, through the account's client and the shared request budget.

const ZONES = 1_200;
const RULE = { kind: 'fixed', type: 'dollars_per_month', threshold: 750, action: 'send_notification' } as const;

let service: RunningService;
beforeAll(async () => {
  service = await startTestService({ zones: ZONES });
});
afterAll(() => service.close());


describe(`caps on all of ${ZONES.toLocaleString('en-US')} zones`, () => {
  const { core } = createTestCore();
  let profileId = '';
  const call = accountCaller(core, () => profileId);
  afterAll(() => core.stop());

  it('previews and applies one rule on every known zone, and every zone on the service then holds it', async () => {
    await core.start();
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    value(await call('poll:refresh'));
    const view = value(await call('caps:get'));
    const zoneIds = view.zones.map((z) => z.zoneId);
    // The users list finds all but the two zones no collaborator holds.
    expect(zoneIds.length).toBe(ZONES - 2);
    expect(view.coverage).toMatch(/^Caps on \d{1,3}(,\d{3})* of 1,198 zones$/);

    const preview = value(await call('caps:preview', { zoneIds, rule: RULE }));
    expect(preview.cannotChange).toEqual([]);
    expect(preview.changes.length + preview.unchanged.length).toBe(zoneIds.length);
    expect(preview.changes.length).toBeGreaterThan(1_000);

    const report = value(await call('caps:apply', { changes: applyChangesOf(preview) }));
    expect(report.outcomes.filter((o) => o.result !== 'set')).toEqual([]);
    expect(report.outcomes).toHaveLength(preview.changes.length);
    expect(report.summary).toBe(`Set the cap on ${zonesText(preview.changes.length)}.`);

    const onService = await serviceZones(service, zoneIds);
    const holding = [...onService.values()].filter((z) => z.alert?.type === RULE.type && z.alert.threshold === RULE.threshold && z.alert.action === RULE.action);
    expect(holding).toHaveLength(zoneIds.length);
    expect(value(await call('caps:get')).coverage).toBe('Caps on 1,198 of 1,198 zones');
  }, 120_000);
});
