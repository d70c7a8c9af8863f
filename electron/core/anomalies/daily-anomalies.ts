import type { Anomaly } from '../../../shared/anomalies';
import type { DerivedDay, DerivedMonth } from '../ledger/ledger-model';
import { addDays, dayKey } from '../ledger/utc-calendar';
import { anomalyCause, type Cause } from './anomaly-cause';
import { explains, OFF_ELSEWHERE, type OffFact } from './off-days';
import { STOPPED_SHARE, usualBand, type ZoneDays } from './usual-band';

// Daily anomalies (docs/architecture.md › Daily anomalies), worked out from the daily ledger and the
// facts kept of what turned zones off (off-days-record.ts) alone: the same files give the same
// anomalies after a restart. Pure.

/** A move smaller than this is no anomaly, whatever its percentage: nobody acts on a few cents. */
export const MIN_IMPACT_CENTS = 10;

type ZoneSeries = { zoneId: string; name: string | null; days: Map<string, DerivedDay> };

function zoneSeries(months: readonly DerivedMonth[]): ZoneSeries[] {
  const byZone = new Map<string, ZoneSeries>();
  for (const month of [...months].sort((a, b) => a.month.localeCompare(b.month))) {
    for (const zone of month.zones) {
      const series = byZone.get(zone.zoneId) ?? { zoneId: zone.zoneId, name: null, days: new Map() };
      if (zone.name !== null) series.name = zone.name;
      for (const day of zone.days) series.days.set(dayKey(month.month, day.dom), day);
      byZone.set(zone.zoneId, series);
    }
  }
  return [...byZone.values()];
}

/** The zone carried next to no traffic that day or a day beside it: it was off (stopped, capped or switched), which explains a low day. */
function lookedStopped(days: ZoneDays, day: string, usual: number): boolean {
  return [-1, 0, 1].some((offset) => {
    const found = days.get(addDays(day, offset));
    return found !== undefined && found.coverage !== 'partial' && (found.spend < STOPPED_SHARE * usual || found.usage === 0);
  });
}

/**
 * Why a low day is no surprise, or null: a stop, a cap or a switch the app knows of that day (else
 * the day before: a zone turned off late runs little of the next day), named in its words; else a
 * day that looks stopped, named as turned off by someone. `facts` are the zone's own.
 */
function offCause(series: ZoneSeries, day: string, usual: number, facts: readonly OffFact[]): string | null {
  const fact = facts.find((f) => f.from <= day && day <= f.to) ?? facts.find((f) => explains(f, day));
  if (fact) return fact.words;
  return lookedStopped(series.days, day, usual) ? OFF_ELSEWHERE : null;
}

/** One zone-day judged against its band, or null when it is within it (or cannot be judged). */
function judge(series: ZoneSeries, day: string, found: DerivedDay, facts: readonly OffFact[]): Anomaly | null {
  // An estimated day holds its usual share of a stretch nobody read: it cannot say which day broke the pattern.
  if (found.coverage === 'estimated') return null;
  const band = usualBand(series.days, day);
  if (band === null) return null;
  const early = found.coverage === 'partial';
  const above = found.spend > band.high;
  const below = !early && found.spend < band.low;
  if (!above && !below) return null;
  const impact = found.spend - band.usual;
  if (Math.abs(impact) < MIN_IMPACT_CENTS) return null;
  const name = series.name ?? series.zoneId;
  const off = below ? offCause(series, day, band.usual, facts) : null;
  const cause: Cause = off ? { kind: 'turned_off', words: `${name}: ${off}` } : anomalyCause(name, found, band.days, band.usual);
  return {
    zoneId: series.zoneId,
    name: series.name,
    day,
    direction: above ? 'above' : 'below',
    spendCents: found.spend,
    usualCents: band.usual,
    lowCents: band.low,
    highCents: band.high,
    impactCents: impact,
    impactPercent: (100 * impact) / band.usual,
    cause: cause.kind,
    words: cause.words,
    early,
  };
}

/**
 * Every zone-day the ledger holds from `fromDay` on that lies outside its usual band: whole days
 * once closed, and today's (the partial day) as soon as its spend so far is above the band's top.
 * A low day a zone's being turned off explains (`facts`, or a day beside it with next to no
 * traffic) is kept with that cause (`turned_off`). Newest first, then by impact.
 */
export function dailyAnomalies(months: readonly DerivedMonth[], fromDay = '', facts: readonly OffFact[] = []): Anomaly[] {
  const out: Anomaly[] = [];
  const factsOf = new Map<string, OffFact[]>();
  for (const fact of facts) {
    const own = factsOf.get(fact.zoneId);
    if (own) own.push(fact);
    else factsOf.set(fact.zoneId, [fact]);
  }
  for (const series of zoneSeries(months)) {
    const own = factsOf.get(series.zoneId) ?? [];
    for (const [day, found] of series.days) {
      if (day < fromDay) continue;
      const anomaly = judge(series, day, found, own);
      if (anomaly) out.push(anomaly);
    }
  }
  return out.sort((a, b) => b.day.localeCompare(a.day) || Math.abs(b.impactCents) - Math.abs(a.impactCents) || a.zoneId.localeCompare(b.zoneId));
}
