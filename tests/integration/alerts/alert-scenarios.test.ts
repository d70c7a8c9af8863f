import { afterEach, describe, expect, it } from 'vitest';
import type { AlertSettings } from '../../../shared/alert-settings';
import { QuietHours } from '../../../shared/settings';
import { emptyAlertMemory, type AlertMemory } from '../../../electron/core/alerts/alert-memory';
import { createAlertCenter, type NotificationHistory } from '../../../electron/core/alerts/alert-center';
import type { AlertInput } from '../../../electron/core/alerts/alert-input';
import { AlertRunner, alertInput, historyPoint, only } from '../../unit/core/alerts/alert-scenario';
import { ServiceProbe, type Observation } from './service-probe';

const probes: ServiceProbe[] = [];
afterEach(async () => {
  await Promise.all(probes.splice(0).map((probe) => probe.close()));
});

async function start(): Promise<ServiceProbe> {
  const probe = await ServiceProbe.start();
  probes.push(probe);
  return probe;
}

/** Advance the simulated clock, poll once, run the rules; returns this cycle's events. */
async function cycle(probe: ServiceProbe, runner: AlertRunner, seconds: number, options: { billing?: boolean } = {}) {
  if (seconds > 0) await probe.advance(seconds);
  const seen = await probe.observe(options);
  return runner.run(seen.now, seen.snapshot, { status: seen.status, billing: seen.billing, noHistory: seen.status.consecutiveFailures > 0 });
}

async function cycles(probe: ServiceProbe, runner: AlertRunner, count: number, seconds: number, options: { billing?: boolean } = {}) {
  for (let i = 0; i < count; i += 1) await cycle(probe, runner, seconds, options);
}

function spendToday(seen: Observation): number {
  return Object.values(seen.snapshot.zones).reduce((sum, { zone }) => sum + zone.spend_today_cents!, 0);
}

/** The zone whose spend grew most over the runner's history: spiking it moves the account's rate. */
function topSpender(runner: AlertRunner): string {
  const first = runner.history[0]!;
  const last = runner.history.at(-1)!;
  const growth = (id: string) => (last.zones[id]?.s ?? 0) - (first.zones[id]?.s ?? 0);
  return Object.keys(last.zones).sort((a, b) => growth(b) - growth(a))[0]!;
}

describe('alerts over the local service', () => {
  it('says each spend-today threshold once a UTC day, and again the next day', async () => {
    const probe = await start();
    const s0 = Math.ceil(spendToday(await probe.observe({ billing: false })));
    const thresholds = [s0 + 100, s0 + 300];
    const runner = new AlertRunner(only({ spendToday: { thresholdsCents: thresholds } }));
    await cycles(probe, runner, 48, 300, { billing: false }); // four hours
    expect(runner.events.map((e) => e.key)).toEqual(thresholds.map((t) => `spendToday:${t}:2026-11-22`));

    await probe.advance(Date.parse('2026-11-23T00:05:00Z') / 1000 - probe.now / 1000);
    await cycles(probe, runner, 47, 1_800, { billing: false }); // the whole next day
    expect(runner.events.map((e) => e.key)).toEqual([
      ...thresholds.map((t) => `spendToday:${t}:2026-11-22`),
      ...thresholds.map((t) => `spendToday:${t}:2026-11-23`),
    ]);
  });

  it('says a spend spike once, and again for the next spike after the rate came back down', async () => {
    const probe = await start();
    const runner = new AlertRunner(only({ spike: {} }));
    await cycles(probe, runner, 120, 60, { billing: false });
    expect(runner.events).toEqual([]);
    const zoneId = topSpender(runner);
    await probe.spike(zoneId);
    await cycles(probe, runner, 40, 60, { billing: false });
    expect(runner.events).toHaveLength(1);
    expect(runner.events[0]).toMatchObject({ rule: 'spike', zoneId, target: { view: 'zone', zoneId } });
    await cycles(probe, runner, 180, 60, { billing: false });
    expect(runner.events).toHaveLength(1);
    await probe.spike(zoneId);
    await cycles(probe, runner, 30, 60, { billing: false });
    expect(runner.events).toHaveLength(2);
  });

  it('says the balance is low once, however it hovers, re-arms after a top-up, and warns about the runway', async () => {
    const probe = await start();
    const runner = new AlertRunner(only({ lowBalance: { thresholdCents: 1_000 }, runway: { hours: 24 } }));
    await cycles(probe, runner, 60, 60, { billing: false });
    expect(runner.events).toEqual([]);
    await probe.balance(2_500); // about 15 hours at this account's rate
    await cycle(probe, runner, 0, { billing: false });
    expect(runner.rules()).toEqual(['runway']);
    for (let i = 0; i < 100; i += 1) {
      await probe.advance(60);
      await probe.balance(i % 2 === 0 ? 990 : 1_010);
      await cycle(probe, runner, 0, { billing: false });
    }
    expect(runner.rules()).toEqual(['runway', 'lowBalance']);
    await probe.balance(50_000);
    await cycles(probe, runner, 2, 60, { billing: false });
    await probe.balance(300);
    await cycles(probe, runner, 5, 60, { billing: false });
    expect(runner.rules()).toEqual(['runway', 'lowBalance', 'runway', 'lowBalance']);
  });

  it('warns once about expiring trial credit and about a pending downgrade or closure', async () => {
    const probe = await start();
    const runner = new AlertRunner(only({ trialExpiry: { hoursBefore: 72 }, billing: {} }));
    await cycle(probe, runner, 0);
    await probe.account({ trial_amount_cents: 500, trial_expires_on: '2026-11-24T10:00:00Z' });
    await cycles(probe, runner, 3, 300);
    await probe.account({ status: 'pending_downgrade_plan', pending_downgrade_plan_id: 'payg' });
    await cycles(probe, runner, 3, 300);
    await probe.account({ status: 'pending_account_closure' });
    await cycles(probe, runner, 3, 300);
    expect(runner.events.map((e) => e.title)).toEqual([
      'Trial credit expires in about 47 hours',
      'Plan downgrade pending',
      'Account closure pending',
    ]);
  });

  it('reports new invoices and failed payments once, and not the history it found', async () => {
    const probe = await start();
    const runner = new AlertRunner(only({ billing: {} }));
    await cycles(probe, runner, 2, 60);
    expect(runner.events).toEqual([]);
    await probe.billingEvent({ type: 'invoice', amount_cents: 12_345 });
    await cycles(probe, runner, 3, 60);
    await probe.billingEvent({ type: 'payment', status: 'succeeded', amount_cents: 5_000 });
    await probe.billingEvent({ type: 'payment', status: 'failed', amount_cents: 7_500 });
    await cycles(probe, runner, 3, 60);
    expect(runner.events.map((e) => [e.severity, e.title.replace(/\$[\d,.]+/, '$X')])).toEqual([
      ['info', 'New invoice: $X'],
      ['critical', 'A payment of $X failed'],
    ]);
  });

  it('follows a zone through waiting for capacity, provisioning and provisioned', async () => {
    const probe = await start();
    const runner = new AlertRunner(only({ zoneState: {} }));
    const zoneId = probe.service.seeded.reservedDatacenterZoneId;
    await cycle(probe, runner, 0, { billing: false });
    await probe.capacity(0);
    const before = (await probe.observe({ billing: false })).snapshot.zones[zoneId]!.zone;
    await probe.updateZone(zoneId, { pool_size: before.pool_size! + 5 });
    await cycle(probe, runner, 0, { billing: false });
    await probe.capacity(5_000);
    await cycles(probe, runner, 24, 300, { billing: false });
    expect(runner.events.map((e) => e.title)).toEqual([
      `${before.name} is waiting for capacity to be approved`,
      `${before.name} is being provisioned`,
      `${before.name} is provisioned and ready`,
    ]);
    expect(runner.events.every((e) => e.zoneId === zoneId)).toBe(true);
  });

  it('reports zones disabled elsewhere, disabled by their own alert, and deleted, once each', async () => {
    const probe = await start();
    const runner = new AlertRunner(only({ zoneState: {} }));
    const first = await probe.observe({ billing: false });
    runner.run(first.now, first.snapshot, { status: first.status });
    // The alert zone has spent the most today, so a $1-a-day alert trips on the next minute.
    const [alertId, handId, goneId] = Object.values(first.snapshot.zones)
      .filter(({ zone }) => zone.enabled)
      .sort((a, b) => b.zone.spend_today_cents! - a.zone.spend_today_cents!)
      .map(({ zone }) => zone.zone_id);
    await probe.updateZone(handId!, { enabled: false });
    await cycles(probe, runner, 3, 60, { billing: false });
    await probe.updateZone(alertId!, { alert: { type: 'dollars_per_day', threshold: 1, action: 'disable_zone' } });
    await cycles(probe, runner, 3, 60, { billing: false });
    await probe.deleteZone(goneId!);
    await cycles(probe, runner, 3, 60, { billing: false });
    const names = (id: string) => first.snapshot.zones[id]!.zone.name;
    expect(runner.events.map((e) => [e.zoneId, e.title])).toEqual([
      [handId, `${names(handId!)} was disabled`],
      [alertId, `${names(alertId!)} was turned off by its $1/day cap`],
      [goneId, `${names(goneId!)} is gone`],
    ]);
  });

  it('says a zone is over its throughput ceiling once per excursion', async () => {
    const probe = await start();
    const warmup = new AlertRunner(only({}));
    await cycles(probe, warmup, 5, 60, { billing: false });
    const last = warmup.history.at(-1)!;
    const [zoneId, top] = Object.entries(last.zones).sort((a, b) => b[1].b - a[1].b)[0]!;
    const runner = new AlertRunner(only({ throughputCeiling: { bps: top.b * 4, sustainCycles: 3 } }));
    await cycles(probe, runner, 10, 60, { billing: false });
    expect(runner.events).toEqual([]);
    await probe.spike(zoneId);
    await cycles(probe, runner, 40, 60, { billing: false });
    expect(runner.events).toMatchObject([{ rule: 'throughputCeiling', zoneId }]);
    await probe.spike(zoneId);
    await cycles(probe, runner, 10, 60, { billing: false });
    expect(runner.events).toHaveLength(2);
  });

  it('says a rejected key once per episode, and when it works again', async () => {
    const probe = await start();
    const runner = new AlertRunner(only({ connection: {} }));
    await cycle(probe, runner, 0);
    const goodKey = probe.key;
    probe.key = 'not-the-right-key-0000';
    await cycles(probe, runner, 20, 60);
    probe.key = goodKey;
    await cycles(probe, runner, 3, 60);
    probe.key = 'not-the-right-key-0000';
    await cycles(probe, runner, 5, 60);
    expect(runner.events.map((e) => e.title)).toEqual([
      'The API key was rejected',
      'The API key works again',
      'The API key was rejected',
    ]);
  });

  it('says once when no refresh succeeded for 10 minutes, and when it is back', async () => {
    const probe = await start();
    const runner = new AlertRunner(only({ connection: { offlineMinutes: 10 } }));
    await cycle(probe, runner, 0);
    await probe.faults({ rate: 1, statuses: [503] });
    await cycles(probe, runner, 9, 60);
    expect(runner.events).toEqual([]);
    await cycles(probe, runner, 20, 60);
    await probe.faults({});
    await cycles(probe, runner, 2, 60);
    expect(runner.events.map((e) => e.title)).toEqual(['No fresh data for 10 minutes', 'Connected again']);
  });

  it('records but does not show alerts in quiet hours, and repeats none after a restart', async () => {
    const probe = await start();
    let memory: AlertMemory = emptyAlertMemory();
    let history: NotificationHistory = [];
    const shown: string[] = [];
    const alerts: AlertSettings = only({ lowBalance: { thresholdCents: 1_000 } });
    const quiet = QuietHours.parse({ enabled: true, start: '09:00', end: '12:00' });
    const center = () =>
      createAlertCenter({
        notifier: { show: (n) => void shown.push(n.title) },
        memoryDoc: { get: () => memory, set: (v) => void (memory = JSON.parse(JSON.stringify(v)) as AlertMemory) },
        historyDoc: { get: () => history, set: (v) => void (history = JSON.parse(JSON.stringify(v)) as NotificationHistory) },
        clock: { now: () => probe.now },
        getSettings: () => ({ alerts, quietHours: quiet }),
        logger: { info: () => {}, warn: () => {}, error: () => {} },
        timeZone: 'UTC',
      });
    const points: AlertInput['history'][number][] = [];
    const input = async (): Promise<AlertInput> => {
      const seen = await probe.observe({ billing: false });
      points.push(historyPoint(seen.snapshot, seen.now));
      return alertInput({ snapshot: seen.snapshot, history: points, status: seen.status, billing: null }, seen.now);
    };
    const first = center();
    first.onCycle(await input());
    await probe.balance(400);
    const record = first.onCycle(await input());
    expect(record).toMatchObject({ shown: false, suppressedBy: 'quiet_hours', title: 'Balance is low: $4.00' });
    expect(shown).toEqual([]);

    const second = center();
    await probe.advance(60);
    expect(second.onCycle(await input())).toBeNull();
    expect(second.list()).toHaveLength(1);
  });
});
