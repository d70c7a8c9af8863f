import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceHost } from '../../../electron/service/service-host';
import { startTrayApp, type TrayApp } from './tray-app';

const apps: TrayApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function start(options: Parameters<typeof startTrayApp>[0] = {}): Promise<TrayApp> {
  const app = await startTrayApp({ ...options, service: { now: '2026-11-22T10:00:00Z', zones: 12, users: 3, history: 2, seed: 1, ...options.service } });
  apps.push(app);
  return app;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Rule names of every notification since `from`, one array per notification. */
function rulesSince(app: TrayApp, from: number): string[][] {
  return app.notifications.slice(from).map((n) => n.events.map((e) => e.rule));
}

describe('alerts with the window closed (the real core and the local service on one simulated clock)', () => {
  it('says a failed payment and a new invoice once each, within one discovery period, without the Billing view', async () => {
    const app = await start();
    await app.advance(15 * MINUTE);
    const before = app.notifications.length;
    app.service.control.addBillingEvent({ type: 'payment', status: 'failed', amount_cents: 7_500 });
    await app.advance(11 * MINUTE);
    app.service.control.addBillingEvent({ type: 'invoice', amount_cents: 12_345 });
    await app.advance(11 * MINUTE);
    await app.advance(2 * HOUR, 60);
    const billing = app.notifications.slice(before).filter((n) => n.events.some((e) => e.rule === 'billing'));
    expect(billing.map((n) => n.title)).toEqual(['A payment of $75.00 failed', expect.stringMatching(/^New invoice: \$\d+\.\d\d$/)]);
    expect(app.shown).toContain('A payment of $75.00 failed');
  });

  it('says a key revoked mid-day exactly once, stops asking, and again only after a new key worked', async () => {
    const app = await start();
    await app.advance(2 * HOUR, 60);
    const before = app.notifications.length;
    app.service.control.setKeyRevoked(app.service.keys.admin, true);
    await app.advance(6 * HOUR, 60);
    expect(rulesSince(app, before)).toEqual([['connection']]);
    expect(app.notifications.at(-1)?.title).toBe('The API key was rejected');
    const requests = app.requests.length;
    await app.advance(HOUR, 60);
    expect(app.requests.length).toBe(requests);

    // A restart with the same rejected key says nothing more.
    app.service.control.setKeyRevoked(app.service.keys.admin, false);
    // The same account's key entered again, not a new account.
    const saved = await app.core.invoke('key:set', { profileId: app.profileId, apiKey: app.service.keys.admin, baseUrl: app.service.url });
    expect(saved).toEqual({ ok: true, value: { keyBackend: 'keychain', profileId: app.profileId } });
    expect(app.core.overview().accounts).toHaveLength(1);
    await app.advance(10 * MINUTE, 60);
    app.service.control.setKeyRevoked(app.service.keys.admin, true);
    await app.advance(HOUR, 60);
    expect(app.notifications.slice(before).map((n) => n.title)).toEqual([
      'The API key was rejected',
      'The API key works again',
      'The API key was rejected',
    ]);
  });

  it('says a 30-minute outage once and its end once, and no spend alert on recovery', async () => {
    const app = await start();
    await app.advance(3 * HOUR, 60);
    const before = app.notifications.length;
    app.service.control.setFaults({ rate: 1, statuses: [503] });
    await app.advance(30 * MINUTE, 30);
    app.service.control.setFaults({});
    await app.advance(3 * HOUR, 60);
    expect(app.notifications.slice(before).map((n) => n.events.map((e) => e.title))).toEqual([
      [expect.stringMatching(/^No fresh data for \d+ minutes$/)],
      ['Connected again'],
    ]);
  });

  it('adds no jump when a zone with a day of spend is pinned mid-day', async () => {
    const app = await start();
    await app.advance(4 * HOUR, 60);
    const before = app.notifications.length;
    const known = new Set(Object.keys(app.core.snapshot(app.profileId)!.zones));
    // The users list names no user for this zone: only pinning it by hand brings it in.
    const hidden = app.zoneIds.find((id) => !known.has(id))!;
    expect(hidden).toBeDefined();
    const pinned = await app.call('zones:pin', { text: hidden });
    expect(pinned.ok).toBe(true);
    await app.advance(3 * HOUR, 60);
    expect(app.core.snapshot(app.profileId)!.zones[hidden]?.zone.spend_today_cents).toBeGreaterThan(0);
    expect(app.notifications.slice(before)).toEqual([]);
  });

  it('names one zone that runs ×10 among 25, once, though the account moves less than 3×; again after it ended', async () => {
    const app = await start({ service: { zones: 25 } });
    await app.advance(3 * HOUR, 60);
    const before = app.notifications.length;
    const zones = Object.values(app.core.snapshot(app.profileId)!.zones).map(({ zone }) => zone);
    const total = zones.reduce((sum, zone) => sum + zone.spend_today_cents!, 0);
    // A zone with a real share of the spend, but well under a third of it.
    const target = zones
      .filter((zone) => zone.enabled && zone.spend_today_cents! < total * 0.2)
      .sort((a, b) => b.spend_today_cents! - a.spend_today_cents!)[0]!;
    app.service.control.spike(target.zone_id);
    await app.advance(3 * HOUR, 60);
    const spikes = app.notifications.slice(before).flatMap((n) => n.events).filter((e) => e.rule === 'zoneSpike');
    expect(spikes).toHaveLength(1);
    expect(spikes[0]).toMatchObject({ zoneId: target.zone_id, target: { view: 'zone', zoneId: target.zone_id } });
    expect(spikes[0]!.title).toContain(target.name);
    app.service.control.spike(target.zone_id);
    await app.advance(HOUR, 60);
    expect(app.notifications.slice(before).flatMap((n) => n.events).filter((e) => e.rule === 'zoneSpike')).toHaveLength(2);
  });

  it('says a balance flapping around its alert once in two hours', async () => {
    const app = await start();
    await app.advance(HOUR, 60);
    const before = app.notifications.length;
    for (let minute = 0; minute < 120; minute++) {
      app.service.control.setBalance(minute % 2 === 0 ? 990 : 1_010);
      await app.advance(MINUTE, 60);
    }
    const rules = rulesSince(app, before).flat();
    expect(rules.filter((rule) => rule === 'lowBalance')).toHaveLength(1);
    expect(rules.filter((rule) => rule === 'runway').length).toBeLessThanOrEqual(1);
    expect(rules.filter((rule) => rule !== 'lowBalance' && rule !== 'runway')).toEqual([]);
  });

  it('crosses a month end with no spike from the reset and at most the new invoice', async () => {
    const app = await start({ service: { now: '2026-11-30T20:00:00Z' } });
    const before = app.notifications.length;
    await app.advance(8 * HOUR, 60);
    const events = app.notifications.slice(before).flatMap((n) => n.events);
    expect(events.filter((e) => e.rule === 'spike' || e.rule === 'zoneSpike')).toEqual([]);
    expect(events.filter((e) => e.rule !== 'billing')).toEqual([]);
    expect(events.filter((e) => e.rule === 'billing').length).toBeLessThanOrEqual(1);
  });

  it('goes through two simulated days with the window closed and warns only of the spikes the service ran', async () => {
    const app = await start();
    const host = app.service.control as ServiceHost;
    const spiked = new Set<string>();
    for (let step = 0; step < 48 * 30; step++) {
      await app.advance(2 * MINUTE, 120);
      // The service starts a ×10 spike on a random zone now and then (about once in 5 days a zone).
      for (const [id, zone] of host.state.zones) if (zone.spikeUntil !== null && zone.spikeUntil > host.state.now) spiked.add(id);
    }
    const warnings = app.notifications.flatMap((n) => n.events).filter((e) => e.severity !== 'info');
    expect(warnings.filter((e) => e.rule !== 'zoneSpike' && e.rule !== 'spike')).toEqual([]);
    for (const event of warnings.filter((e) => e.rule === 'zoneSpike')) expect(spiked).toContain(event.zoneId);
    // Each simulated spike is said at most once.
    const zoneSpikes = warnings.filter((e) => e.rule === 'zoneSpike').map((e) => e.zoneId);
    expect(zoneSpikes.length).toBeLessThanOrEqual(spiked.size);
  }, 180_000);
});

describe('the demo’s first screen', () => {
  for (const now of ['2026-11-01T23:00:00Z', '2026-11-15T23:00:00Z', '2026-11-30T23:00:00Z']) {
    it(`shows no threshold warning on a fresh start at ${now}`, async () => {
      const app = await startTrayApp({ demo: true, service: { now } });
      apps.push(app);
      await app.advance(2 * MINUTE, 30);
      expect(app.core.status(app.profileId)?.profile?.demo).toBe(true);
      expect(app.core.overview().accounts.map((account) => [account.profileId, account.demo])).toEqual([['demo', true]]);
      expect(app.notifications.filter((n) => n.severity !== 'info')).toEqual([]);
    });
  }
});

describe('an existing install', () => {
  it('moves the former fixed thresholds to automatic and keeps a user’s own', async () => {
    const app = await start({
      settings: { alerts: { spendToday: { thresholdsCents: [1_000, 5_000] }, spendMonth: { thresholdsCents: [10_000, 70_000] } } },
    });
    const settings = await app.core.invoke('settings:get', undefined);
    expect(settings.ok && settings.value).toMatchObject({
      alerts: { spendToday: { thresholdsCents: null }, spendMonth: { thresholdsCents: [10_000, 70_000] } },
    });
  });
});
