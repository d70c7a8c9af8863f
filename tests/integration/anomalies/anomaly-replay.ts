// 90 days of the local service's traffic with anomalies of known size and cause injected on known
// days (docs/service.md › Injected anomalies), replayed day by day on a simulated clock through the
// app's own ledger and anomaly detection: each day is judged the moment it closes, from the ledger
// as it stood then. Shared by the integration test and `npm run bench -- forecast`.
import { type Anomaly, isUnusual } from '../../../shared/anomalies';
import { dailyAnomalies } from '../../../electron/core/anomalies/daily-anomalies';
import { createLedger } from '../../../electron/core/ledger/ledger-store';
import { createMemoryStore } from '../../../electron/core/storage/persistence';
import type { InjectedAnomaly } from '../../../electron/service/injected-anomalies';
import { seedState } from '../../../electron/service/seed-data';
import { isRunawayDay, isStoppedDay } from '../../../electron/service/weekly-traffic';
import { zoneDayRecords } from '../../../electron/service/zone-days';

const DAY = 86_400_000;
const JUDGED_DAYS = 90;
/** Eight weeks of days before the judged ones, so every zone has its band from the first. */
const PAST_DAYS = JUDGED_DAYS + 60;
const START = Date.UTC(2027, 2, 1);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type Replay = {
  /** What was found, each on the day it closed. */
  found: Anomaly[];
  injected: InjectedAnomaly[];
  /** Runaway days of the traffic model (docs/service.md › Traffic over weeks): anomalies too, of cause `gigabytes`. */
  runaway: { zoneId: string; day: string }[];
};

export function replayAnomalies(seed: number): Replay {
  const fromDay = dayKey(START - JUDGED_DAYS * DAY);
  const { state, facts } = seedState({ seed, now: START, zones: 25, users: 12, history: 0, pastDays: PAST_DAYS, keyFor: (i) => `key-${i}`, anomalies: { count: 24, fromDay, toDay: dayKey(START - DAY) } });
  const hidden = new Set(facts.undiscoveredZoneIds);
  const days = zoneDayRecords(state.zones.values()).filter((d) => !hidden.has(d.zoneId));
  const found: Anomaly[] = [];
  for (let day = START - JUDGED_DAYS * DAY; day < START; day += DAY) {
    // 01:00 UTC the next day: the day has closed, and the ledger holds every day up to it.
    const now = day + DAY + 3_600_000;
    const ledger = createLedger({ profileId: `replay-${seed}`, memory: true, factory: createMemoryStore, now: () => now, logger: silent, tell: () => () => undefined });
    ledger.backfill(days.filter((d) => d.day >= dayKey(day - PAST_DAYS * DAY) && d.day <= dayKey(day)));
    // A low day a stop explains is listed with that cause, but is no anomaly to count.
    found.push(...dailyAnomalies(ledger.months(), dayKey(day)).filter((a) => a.day === dayKey(day) && isUnusual(a)));
  }
  const runaway: Replay['runaway'] = [];
  for (const zone of state.zones.values()) {
    if (hidden.has(zone.zone_id)) continue;
    for (let day = START - JUDGED_DAYS * DAY; day < START; day += DAY) {
      const record = zone.days.get(dayKey(day));
      if (record && record.usageBytes > 0 && isRunawayDay(zone.traffic, day / DAY) && !isStoppedDay(zone.traffic, day / DAY)) runaway.push({ zoneId: zone.zone_id, day: dayKey(day) });
    }
  }
  return { found, injected: facts.injectedAnomalies, runaway };
}

export type Score = { precision: number; recall: number; foundCount: number; injectedFound: number; injectedCount: number; wrongCause: string[]; missed: string[]; falseAlarms: string[] };

/**
 * Precision: of the days found, the share that were injected or runaway days. Recall: of the
 * injected days, the share found on their day, on their zone, with their cause.
 */
export function score(replays: readonly Replay[]): Score {
  let found = 0;
  let right = 0;
  let injectedCount = 0;
  let injectedFound = 0;
  const wrongCause: string[] = [];
  const missed: string[] = [];
  const falseAlarms: string[] = [];
  for (const { found: list, injected, runaway } of replays) {
    const truth = new Set([...injected, ...runaway].map((a) => `${a.zoneId} ${a.day}`));
    found += list.length;
    for (const a of list) {
      if (truth.has(`${a.zoneId} ${a.day}`)) right += 1;
      else falseAlarms.push(`${a.day} ${a.words} (${a.impactPercent.toFixed(0)} %)`);
    }
    for (const i of injected) {
      injectedCount += 1;
      const hit = list.find((a) => a.zoneId === i.zoneId && a.day === i.day);
      if (hit && hit.cause === i.kind) injectedFound += 1;
      else if (hit) wrongCause.push(`${i.day} ${i.kind} ×${i.factor}: ${hit.words}`);
      else missed.push(`${i.day} ${i.zoneId} ${i.kind} ×${i.factor}`);
    }
  }
  return { precision: found === 0 ? 0 : right / found, recall: injectedCount === 0 ? 0 : injectedFound / injectedCount, foundCount: found, injectedFound, injectedCount, wrongCause, missed, falseAlarms };
}
