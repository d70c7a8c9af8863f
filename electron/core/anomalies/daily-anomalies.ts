import type { Anomaly } from '../../../shared/anomalies';
import type { DerivedDay, DerivedMonth } from '../ledger/ledger-model';
import { addDays, dayKey } from '../ledger/utc-calendar';
import { anomalyCause } from './anomaly-cause';
import { STOPPED_SHARE, usualBand, type ZoneDays } from './usual-band';

// Daily anomalies (docs/architecture.md › Daily anomalies), worked out from the daily ledger alone:
// the same ledger gives the same anomalies after a restart, so they are kept as the ledger is. Pure.

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
function explainedByStop(days: ZoneDays, day: string, usual: number): boolean {
  return [-1, 0, 1].some((offset) => {
    const found = days.get(addDays(day, offset));
    return found !== undefined && found.coverage !== 'partial' && (found.spend < STOPPED_SHARE * usual || found.usage === 0);
  });
}

/** One zone-day judged against its band, or null when it is within it (or cannot be judged). */
function judge(series: ZoneSeries, day: string, found: DerivedDay): Anomaly | null {
  // An estimated day holds an even share of a stretch nobody read: it cannot say which day broke the pattern.
  if (found.coverage === 'estimated') return null;
  const band = usualBand(series.days, day);
  if (band === null) return null;
  const early = found.coverage === 'partial';
  const above = found.spend > band.high;
  const below = !early && found.spend < band.low && !explainedByStop(series.days, day, band.usual);
  if (!above && !below) return null;
  const impact = found.spend - band.usual;
  if (Math.abs(impact) < MIN_IMPACT_CENTS) return null;
  const cause = anomalyCause(series.name ?? series.zoneId, found, band.days, band.usual);
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
 * Newest first, then by impact.
 */
export function dailyAnomalies(months: readonly DerivedMonth[], fromDay = ''): Anomaly[] {
  const out: Anomaly[] = [];
  for (const series of zoneSeries(months)) {
    for (const [day, found] of series.days) {
      if (day < fromDay) continue;
      const anomaly = judge(series, day, found);
      if (anomaly) out.push(anomaly);
    }
  }
  return out.sort((a, b) => b.day.localeCompare(a.day) || Math.abs(b.impactCents) - Math.abs(a.impactCents) || a.zoneId.localeCompare(b.zoneId));
}
