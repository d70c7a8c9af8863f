import { describe, expect, it } from 'vitest';
import { seedState } from '../../../electron/service/seed-data';

const NOW = Date.parse('2027-03-01T06:00:00Z');
const seed = (anomalies: boolean) =>
  seedState({ seed: 7, now: NOW, zones: 25, users: 12, history: 0, pastDays: 60, keyFor: (i) => `key-${i}`, ...(anomalies ? { anomalies: { count: 12, fromDay: '2027-01-15', toDay: '2027-02-27' } } : {}) });

describe('injected anomalies in the seeded record', () => {
  it('draws the same anomalies from the same seed, every kind in turn, each on a zone it can apply to', () => {
    const { facts, state } = seed(true);
    expect(seed(true).facts.injectedAnomalies).toEqual(facts.injectedAnomalies);
    expect(facts.injectedAnomalies).toHaveLength(12);
    expect(new Set(facts.injectedAnomalies.map((a) => a.kind))).toEqual(new Set(['gigabytes', 'connections', 'reserved_ips', 'price']));
    for (const { zoneId, kind, day } of facts.injectedAnomalies) {
      const zone = state.zones.get(zoneId)!;
      expect(day >= '2027-01-15' && day <= '2027-02-27').toBe(true);
      expect(facts.undiscoveredZoneIds).not.toContain(zoneId);
      if (kind === 'connections') expect(zone.billing_method).toBe('per_connection');
      if (kind === 'reserved_ips') expect(zone.ip_type).toBe('reserved');
    }
    expect(seed(false).facts.injectedAnomalies).toEqual([]);
  });

  it('moves only what its kind says, on its day only, and the day records the cost it was charged at', () => {
    const injected = seed(true);
    const plain = seed(false);
    const days = (state: typeof plain.state, zoneId: string) => state.zones.get(zoneId)!.days;
    for (const { zoneId, day, kind, factor } of injected.facts.injectedAnomalies) {
      const moved = days(injected.state, zoneId).get(day)!;
      const usual = days(plain.state, zoneId).get(day)!;
      expect(moved.spendCents).toBeGreaterThan(usual.spendCents * 1.5);
      if (kind === 'gigabytes') expect(moved.usageBytes / usual.usageBytes).toBeCloseTo(factor, 2);
      else expect(moved.usageBytes).toBe(usual.usageBytes);
      if (kind === 'price') expect(moved.cost!.per_gigabyte_cents!).toBeCloseTo(usual.cost!.per_gigabyte_cents! * factor, 6);
      if (kind === 'connections') expect(moved.cost!.per_connection_count).toBe(Math.round(usual.cost!.per_connection_count! * factor));
      if (kind === 'reserved_ips') expect(moved.cost!.ip_pool_count).toBe(Math.round(usual.cost!.ip_pool_count! * factor));
    }
    // Every other zone-day is as the seed made it.
    const marked = new Set(injected.facts.injectedAnomalies.map((a) => `${a.zoneId} ${a.day}`));
    for (const [zoneId, zone] of plain.state.zones) for (const [day, counters] of zone.days) if (!marked.has(`${zoneId} ${day}`)) expect(days(injected.state, zoneId).get(day)).toEqual(counters);
  });
});
