import { describe, expect, it } from 'vitest';
import type { Anomaly } from '../../../../shared/anomalies';
import { dailyAnomalies } from '../../../../electron/core/anomalies/daily-anomalies';
import { emptyAlertMemory, type AlertMemory } from '../../../../electron/core/alerts/alert-memory';
import { evaluate } from '../../../../electron/core/alerts/evaluate';
import { createLedger } from '../../../../electron/core/ledger/ledger-store';
import type { DemoZoneDay } from '../../../../electron/core/ports';
import { createMemoryStore } from '../../../../electron/core/storage/persistence';
import { alertInput, only, snapshot, status } from './alert-scenario';

// docs/desktop.md › Unusual days: the anomalies the ledger shows, told at once or in a daily or
// weekly summary, above both thresholds, through the alert memory.
const DAY = 86_400_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const key = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Two zones from October 1st; Catalog crawler spends $40 instead of $10 on Wednesday the 25th, Price monitor $1.50 instead of $1 on Tuesday the 24th. */
function anomaliesAt(now: number) {
  const days: DemoZoneDay[] = [];
  for (let t = Date.parse('2026-10-01T00:00:00Z'); t < Date.parse(`${key(now)}T00:00:00Z`); t += DAY) {
    days.push({ zoneId: 'ZONE1', name: 'Catalog crawler', day: key(t), spendCents: key(t) === '2026-11-25' ? 4000 : 1000, usageBytes: key(t) === '2026-11-25' ? 4e9 : 1e9 });
    days.push({ zoneId: 'ZONE2', name: 'Price monitor', day: key(t), spendCents: key(t) === '2026-11-24' ? 300 : 100, usageBytes: 1e8 });
  }
  const ledger = createLedger({ profileId: 'p', memory: true, factory: createMemoryStore, now: () => now, logger: silent, tell: () => () => undefined });
  ledger.backfill(days);
  return dailyAnomalies(ledger.months());
}

function cycle(now: number, delivery: string, memory: AlertMemory) {
  const input = { ...alertInput({ snapshot: snapshot(now, { zones: [] }), history: [], status: status(now), billing: null }, now), anomalies: anomaliesAt(now) };
  // A restart between cycles: the memory is what the file kept.
  return evaluate(null, input, only({ zoneAnomaly: { delivery } }), JSON.parse(JSON.stringify(memory)) as AlertMemory, now);
}

describe('the unusual-day rule', () => {
  it('tells each day once, at once, when both the dollars and the percent pass — never again after a restart', () => {
    const first = cycle(Date.parse('2026-11-26T09:00:00Z'), 'immediately', emptyAlertMemory());
    // Price monitor's +$2.00 (+200 %) is under the $5 default: only Catalog crawler is told.
    expect(first.events.map((e) => [e.title, e.body])).toEqual([
      ['Catalog crawler spent more than usual on Nov 25 (UTC)', 'Nov 25: Catalog crawler: 4 GB of traffic against a usual 1 GB, $40.00 against a usual $10.00, +$30.00 (+300 %)'],
    ]);
    expect(cycle(Date.parse('2026-11-26T09:05:00Z'), 'immediately', first.memory).events).toEqual([]);
  });

  it('tells no low day that a zone turned off explains', () => {
    const now = Date.parse('2026-11-26T09:00:00Z');
    const low = { ...anomaliesAt(now)[0]!, direction: 'below' as const, spendCents: 0, impactCents: -1000, impactPercent: -100 };
    const told = (cause: Anomaly['cause']) => {
      const input = { ...alertInput({ snapshot: snapshot(now, { zones: [] }), history: [], status: status(now), billing: null }, now), anomalies: [{ ...low, cause }] };
      return evaluate(null, input, only({ zoneAnomaly: { delivery: 'immediately' } }), emptyAlertMemory(), now).events.length;
    };
    expect(told('gigabytes')).toBe(1);
    expect(told('turned_off')).toBe(0);
  });

  it('in a daily summary: one notification for the day once it is over, never repeated', () => {
    expect(cycle(Date.parse('2026-11-25T23:00:00Z'), 'daily', emptyAlertMemory()).events).toEqual([]);
    const next = cycle(Date.parse('2026-11-26T08:00:00Z'), 'daily', emptyAlertMemory());
    expect(next.events.map((e) => e.title)).toEqual(['1 unusual day of zone spend, Nov 25 (UTC)']);
    expect(cycle(Date.parse('2026-11-26T18:00:00Z'), 'daily', next.memory).events).toEqual([]);
  });

  it('in a weekly summary: the week from Monday, once it is over', () => {
    expect(cycle(Date.parse('2026-11-29T12:00:00Z'), 'weekly', emptyAlertMemory()).events).toEqual([]);
    const monday = cycle(Date.parse('2026-11-30T08:00:00Z'), 'weekly', emptyAlertMemory());
    expect(monday.events.map((e) => e.title)).toEqual(['1 unusual day of zone spend, the week of Nov 23–Nov 29 (UTC)']);
    expect(cycle(Date.parse('2026-12-01T08:00:00Z'), 'weekly', monday.memory).events).toEqual([]);
  });
});
