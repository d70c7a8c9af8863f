import { describe, expect, it } from 'vitest';
import { retryPlan, stopPlan } from '../../../../electron/core/spend-stop/stop-plan';
import { ApiError } from '../../../../electron/core/api/error';
import { account, snapshotWith, zone } from '../readout/readout-fixtures';

/** What the account's read model says blocks a change: none, for a healthy account. */
const block = (options: Parameters<typeof account>[0] = {}) => account(options).offers.changeBlockedBy;

const zones = [
  zone('A', { name: 'small', spend_today_cents: 10, enabled: true }),
  zone('B', { name: 'big', spend_today_cents: 900, enabled: true }),
  zone('C', { name: 'off', spend_today_cents: 50, enabled: false }),
];

describe('stopPlan', () => {
  it('names every running zone, biggest spender first, with their spend today', () => {
    const plan = stopPlan(snapshotWith(zones), block());
    expect(plan.zones.map((z) => z.zoneId)).toEqual(['B', 'A']);
    expect(plan.spendTodayCents).toBe(910);
    expect(plan.notAllowed).toEqual([]);
    expect(plan.blockedReason).toBeNull();
  });

  it('also stops a zone whose on/off state is unknown, and leaves an unknown spend out of the total', () => {
    const plan = stopPlan(
      snapshotWith([...zones, zone('D', { name: undefined, enabled: undefined, spend_today_cents: 5 }), zone('E', { name: 'unsure', spend_today_cents: undefined })]),
      block(),
    );
    expect(plan.zones).toEqual([
      { zoneId: 'B', name: 'big', spendTodayCents: 900 },
      { zoneId: 'A', name: 'small', spendTodayCents: 10 },
      { zoneId: 'D', name: 'D', spendTodayCents: 5 },
      { zoneId: 'E', name: 'unsure', spendTodayCents: null },
    ]);
    expect(plan.spendTodayCents).toBe(915);
  });

  it('lists a zone whose spend is unknown after every zone with a known spend, even one that spent nothing today', () => {
    const plan = stopPlan(
      snapshotWith([zone('A', { name: 'unsure', spend_today_cents: undefined }), zone('B', { name: 'idle', spend_today_cents: 0 }), zone('C', { name: 'busy', spend_today_cents: 3 })]),
      block(),
    );
    expect(plan.zones.map((z) => z.name)).toEqual(['busy', 'idle', 'unsure']);
    expect(plan.spendTodayCents).toBe(3);
  });

  it('lists the same zones in the same order whatever order the snapshot holds them in: unknown spends last, by id', () => {
    // Twelve running zones, idle ones and unknown spends among them (more than ten, so V8 sorts them
    // by more than insertion): the confirmation shows one order however the zones arrived.
    const spends: Record<string, number | undefined> = { A: 0, B: undefined, C: 40, D: undefined, E: 0, F: 7, G: undefined, H: 40, I: 0, J: undefined, K: 3, L: undefined };
    const running = Object.entries(spends).map(([id, cents]) => zone(id, { name: id, spend_today_cents: cents, enabled: true }));
    const expected = ['C', 'H', 'F', 'K', 'A', 'E', 'I', 'B', 'D', 'G', 'J', 'L'];
    const orders = [running, [...running].reverse(), running.filter((_, i) => i % 2 === 0).concat(running.filter((_, i) => i % 2 === 1))];
    for (const order of orders) expect(stopPlan(snapshotWith(order), block()).zones.map((z) => z.zoneId)).toEqual(expected);
    // Two zones only, the idle one first: still the idle one before the unknown one.
    expect(stopPlan(snapshotWith([running[0]!, running[1]!]), block()).zones.map((z) => z.zoneId)).toEqual(['A', 'B']);
  });

  it('lets a billing admin stop nothing and names the running zones as not allowed', () => {
    const snapshot = snapshotWith(zones);
    snapshot.discovery.role = 'billing_admin';
    const plan = stopPlan(snapshot, block());
    expect(plan.zones).toEqual([]);
    expect(plan.notAllowed.map((z) => z.zoneId)).toEqual(['B', 'A']);
  });

  it('refuses up front with a rejected key, offline (the account’s requests or the computer), or without a key', () => {
    expect(stopPlan(snapshotWith(zones), block({ poller: { unauthorized: true, lastError: new ApiError('unauthorized', 'no') } })).blockedReason).toMatch(/rejected the API key.*nothing was stopped/);
    expect(stopPlan(snapshotWith(zones), block({ poller: { consecutiveFailures: 1, lastError: new ApiError('network', 'down') } })).blockedReason).toMatch(/offline.*Nothing was stopped/);
    expect(stopPlan(snapshotWith(zones), block({ app: { offline: true } })).blockedReason).toMatch(/offline.*Nothing was stopped/);
    expect(stopPlan(snapshotWith(zones), block({ keyBackend: 'none' })).blockedReason).toMatch(/no API key stored.*nothing was stopped/);
  });
});

describe('retryPlan', () => {
  it('tries again only the zones the last stop left running that the role may change', () => {
    const plan = retryPlan(
      {
        stoppedAt: '2026-11-21T03:00:00Z',
        updatedAt: '2026-11-21T03:00:00Z',
        disabled: [{ zoneId: 'A', name: 'a', spendTodayCents: 1 }],
        remaining: [
          { zoneId: 'B', name: 'b', spendTodayCents: 5, result: 'failed', reason: 'HTTP 500' },
          { zoneId: 'C', name: 'c', spendTodayCents: 7, result: 'not_allowed', reason: 'role' },
        ],
      },
      block(),
    );
    expect(plan.zones.map((z) => z.zoneId)).toEqual(['B']);
    expect(plan.notAllowed.map((z) => z.zoneId)).toEqual(['C']);
    expect(plan.spendTodayCents).toBe(5);
  });
});
