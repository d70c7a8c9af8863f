import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../electron/core/api/client';
import { applyChangesOf } from '../../../shared/caps';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import type { SecretBackend } from '../../../electron/core/ports';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, heldClock, value } from './core-host';
import { startTestService, serviceZones } from './service-harness';

// Caps on a simulated clock (docs/desktop.md › Caps): the service's own (it moves only when told)
// and the app's (held here, so a UTC day can end between two cycles).

let service: RunningService;
beforeAll(async () => {
  // A Thursday: the zones run their weekday traffic (docs/service.md › Traffic over weeks; at the
  // weekend most are quieter, and a zone's ×10 day would not reach three times its usual day).
  service = await startTestService({ zones: 25, now: '2026-11-19T10:00:00Z' });
});
afterAll(() => service.close());

const admin = () => createApiClient({ baseUrl: service.url, getApiKey: () => service.keys.admin });

/** The app's clock: real time shifted to `startIso`, moved on by the test; long timers held as core-host's are. */
function appClock(startIso: string) {
  const held = heldClock();
  let offset = Date.parse(startIso) - Date.now();
  return { clock: { ...held.clock, now: () => Date.now() + offset }, moveTo: (iso: string) => void (offset = Date.parse(iso) - Date.now()) };
}

type Notice = { title: string; body: string };
const titled = (notifications: unknown[], pattern: RegExp) => (notifications as Notice[]).filter((n) => pattern.test(n.title));

describe('the laptop asleep while a zone runs away', () => {
  it('the service turns the zone off at its cap, and Zonewatch says so once when it starts again', async () => {
    await service.control.reset();
    const keychain: SecretBackend = { ...createMemoryBackend(), kind: 'keychain' };
    const time = appClock('2026-11-19T10:00:00Z');
    const first = createTestCore({ secretBackends: { keychain }, clock: time.clock });
    let profileId = '';
    await first.core.start();
    const call = accountCaller(first.core, () => profileId);
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    value(await call('poll:refresh'));
    // Caps on every zone at three times its usual day, at least $5: set in one go while awake.
    const rule = { kind: 'usual', multiple: 3, floorDollars: 5, action: 'disable_and_send_notification' } as const;
    const preview = value(await call('caps:preview', { zoneIds: Object.keys(first.core.snapshot(profileId)!.zones), rule }));
    const applied = value(await call('caps:apply', { changes: applyChangesOf(preview) }));
    expect(applied.outcomes.every((o) => o.result === 'set')).toBe(true);
    const runaway = service.seeded.perGigabyteDatacenterZoneId;
    const cap = (await serviceZones(service)).get(runaway)!.alert!;
    expect(cap).toMatchObject({ type: 'dollars_per_day', action: 'disable_and_send_notification' });
    await first.core.stop();

    // Asleep: the zone's traffic goes ×10 again and again; the service alone enforces its cap.
    for (let spike = 0; spike < 26; spike += 1) {
      await service.control.spike(runaway);
      await service.control.advance(30 * 60);
      if ((await serviceZones(service)).get(runaway)!.enabled === false) break;
    }
    const stopped = (await serviceZones(service)).get(runaway)!;
    expect(stopped.enabled).toBe(false);
    expect(stopped.spend_today_cents! / 100).toBeGreaterThanOrEqual(cap.threshold);
    const at = stopped.alert!.last_triggered!;
    for (const [id, zone] of await serviceZones(service)) if (id !== runaway && zone.enabled) expect(zone.alert?.last_triggered ?? null, id).not.toBe(at);

    time.moveTo('2026-11-19T15:00:00Z');
    const second = createTestCore({ secretBackends: { keychain }, clock: time.clock }, first.dir);
    await second.core.start();
    const call2 = accountCaller(second.core, () => profileId);
    value(await call2('poll:refresh'));
    value(await call2('poll:refresh'));
    // Said once, in the first notification after the start (grouped with whatever else that cycle found).
    const said = value(await call2('notifications:list')).flatMap((n) => n.events.filter((e) => /turned off by its/.test(e.title)));
    expect(said).toHaveLength(1);
    expect(said[0]!.zoneId).toBe(runaway);
    expect((second.recorded.notifications as Notice[]).filter((n) => n.body.includes(said[0]!.title) || n.title === said[0]!.title)).toHaveLength(1);
    expect(said[0]!.title).toBe(`${stopped.name} was turned off by its $${cap.threshold}/day cap`);
    expect(said[0]!.body).toContain(`at ${at.slice(11, 16)} UTC`);
    const row = value(await call2('caps:get')).zones.find((z) => z.zoneId === runaway)!;
    expect(row).toMatchObject({ enabled: false, cap: { state: 'set', lastTriggered: at } });
    await second.core.stop();
  });
});

describe('the account cap Zonewatch enforces', () => {
  async function watched(restoreNextPeriod: boolean) {
    await service.control.reset();
    const time = appClock('2026-11-19T10:00:00Z');
    const { core, recorded } = createTestCore({ clock: time.clock });
    let profileId = '';
    await core.start();
    const call = accountCaller(core, () => profileId);
    profileId = value(await call('key:set', { apiKey: service.keys.admin, baseUrl: service.url })).profileId;
    value(await call('poll:refresh'));
    const spent = core.overview().accounts.find((a) => a.profileId === profileId)!.figures.spendTodayCents!;
    expect(spent).toBeGreaterThan(2_000);
    const view = value(await call('caps:setAccountCap', { rule: { dailyCents: spent - 1_000, monthlyCents: null, restoreNextPeriod } }));
    expect(view.accountCap.rule).toMatchObject({ dailyCents: spent - 1_000, restoreNextPeriod });
    return { core, recorded, call, time };
  }

  for (const restore of [true, false]) {
    it(`stops all spend once when today's spend passes it, notifies with Restore, and ${restore ? 'restores' : 'does not restore'} when the next UTC day begins`, async () => {
      const { core, recorded, call, time } = await watched(restore);
      const known = new Set(Object.keys(core.snapshot(profileIdOf(core))!.zones));
      const before = await serviceZones(service);
      // The zones the app knows (the two no users list names stay unknown to it, and running).
      const running = [...before.values()].filter((z) => z.enabled && known.has(z.zone_id)).map((z) => z.zone_id).sort();
      value(await call('poll:refresh'));
      await vi.waitFor(async () => expect((await spendRecord(call))?.disabled.map((z) => z.zoneId).sort()).toEqual(running), { timeout: 5_000 });
      for (const id of known) expect((await serviceZones(service)).get(id)!.enabled, id).toBe(false);
      await vi.waitFor(() => expect(titled(recorded.notifications, /Account cap reached/)).toHaveLength(1));
      expect((recorded.notifications as { action: unknown }[]).find((n) => /Account cap reached/.test((n as unknown as Notice).title))?.action).toEqual({ kind: 'restoreSpend', label: 'Restore' });

      // Once a day: more cycles the same day stop nothing more, even with a zone turned back on by hand.
      await admin().updateZone(running[0]!, { enabled: true });
      value(await call('poll:refresh'));
      value(await call('poll:refresh'));
      expect(titled(recorded.notifications, /Account cap reached/)).toHaveLength(1);
      expect((await serviceZones(service)).get(running[0]!)!.enabled).toBe(true);
      await admin().updateZone(running[0]!, { enabled: false });

      // The next UTC day, on both clocks.
      await service.control.advance(14 * 3600 + 300);
      time.moveTo('2026-11-20T00:05:00Z');
      value(await call('poll:refresh'));
      if (restore) {
        await vi.waitFor(async () => expect(await spendRecord(call)).toBeNull(), { timeout: 5_000 });
        const after = await serviceZones(service);
        expect([...after.values()].filter((z) => z.enabled && known.has(z.zone_id)).map((z) => z.zone_id).sort()).toEqual(running);
        await vi.waitFor(() => expect(titled(recorded.notifications, /Account cap: zones restored/)).toHaveLength(1));
      } else {
        value(await call('poll:refresh'));
        expect(await spendRecord(call)).not.toBeNull();
        expect([...(await serviceZones(service)).values()].filter((z) => z.enabled && known.has(z.zone_id))).toEqual([]);
        expect(titled(recorded.notifications, /restored/)).toEqual([]);
      }
      // Spend today starts afresh at 00:00 UTC: no second stop on the new day.
      expect(titled(recorded.notifications, /Account cap reached/)).toHaveLength(1);
      await core.stop();
    });
  }
});

type Call = ReturnType<typeof accountCaller>;
const profileIdOf = (core: ReturnType<typeof createTestCore>['core']) => core.overview().accounts[0]!.profileId;
async function spendRecord(call: Call) {
  return value(await call('spend:get')).record;
}
