// A year of the local service's traffic (docs/service.md › Traffic over weeks), as the backtests
// replay it through the app's own ledger: `npm run bench -- forecast` and the month tail test
// (tests/integration/history/month-tail.test.ts) read the same seeds, months and days from here.
import type { AnomalyInjection, InjectedAnomaly } from '../../../electron/service/injected-anomalies';
import { seedState } from '../../../electron/service/seed-data';
import { isRunawayDay, isStoppedDay } from '../../../electron/service/weekly-traffic';
import { zoneDayRecords, type ZoneDayRecord } from '../../../electron/service/zone-days';
import { currentPlan } from '../../../electron/service/zone-operations';
import { zoneView } from '../../../electron/service/zone-view';
import type { Info } from '../../../shared/api/info';
import type { ZoneWire } from '../../../shared/api/zone';

export const DAY_MS = 86_400_000;
/** Months replayed, each whole, ending the month before the service starts. */
export const REPLAYED_MONTHS = 12;
/** The service starts on 1 March 2027: the 12 months replayed are March 2026 to February 2027, with two months of ledger before. */
export const SERVICE_START = Date.UTC(2027, 2, 1);
/** Days of record the service seeds before it starts: the replayed months and 13 months of ledger before the first. */
export const PAST_DAYS = 460;
/** Seeds never used while tuning the forecast or the usual band (docs/architecture.md › Month-end forecast). */
export const BACKTEST_SEEDS = [11, 12, 13] as const;

export const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A replayed month: its first moment and the next month's, epoch ms. */
export type ReplayedMonth = { first: number; next: number };

/** The months replayed, oldest first. */
export function replayedMonths(): ReplayedMonth[] {
  const start = new Date(SERVICE_START);
  const out: ReplayedMonth[] = [];
  for (let back = REPLAYED_MONTHS; back >= 1; back -= 1) {
    const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - back, 1);
    out.push({ first, next: Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - back + 1, 1) });
  }
  return out;
}

/**
 * The seed's record: every zone-day the app can know, the anomalies injected in it (none unless
 * asked), and the zones as the service answers get-zones at a moment of its past (the figures its
 * per-day record gives then: a moment late in a day sees that whole day).
 */
export type ServiceYear = {
  days: ZoneDayRecord[];
  injected: InjectedAnomaly[];
  /** Whether the traffic model made the zone's day a runaway day (docs/service.md › Traffic over weeks): an anomaly too, of cause `gigabytes`. */
  runaway(zoneId: string, day: string): boolean;
  zonesAt(at: number): { zones: ZoneWire[]; info: Info };
};

/**
 * The seed's per-day counters as the app could know them (demo-past.ts leaves out the zones no
 * users list names), seeded by the service's own generator, with anomalies injected when asked.
 */
export function serviceYear(seed: number, anomalies?: AnomalyInjection): ServiceYear {
  const { state, facts } = seedState({ seed, now: SERVICE_START, zones: 25, users: 12, history: 0, pastDays: PAST_DAYS, keyFor: (i) => `key-${i}`, ...(anomalies ? { anomalies } : {}) });
  const hidden = new Set(facts.undiscoveredZoneIds);
  const known = [...state.zones.values()].filter((zone) => !hidden.has(zone.zone_id));
  return {
    days: zoneDayRecords(known),
    injected: facts.injectedAnomalies,
    runaway: (zoneId, day) => {
      const zone = state.zones.get(zoneId);
      const epochDay = Date.parse(`${day}T00:00:00Z`) / DAY_MS;
      return zone !== undefined && isRunawayDay(zone.traffic, epochDay) && !isStoppedDay(zone.traffic, epochDay);
    },
    zonesAt: (at) => ({ zones: known.map((zone) => zoneView(zone, currentPlan(state), at)), info: { current: known.length, allowed: state.allowedZones } }),
  };
}
