import type { LedgerCalendar, LedgerDayView, MonthComparison, ZoneTrend } from '../../../../shared/ledger';
import { monthEndForecast } from '../../../../electron/core/forecast/month-end';
import { emptyOpenMonth, type DerivedMonth } from '../../../../electron/core/ledger/ledger-model';
import { closedMonthDays, closeMonth, deriveOpenMonth, nextOpenMonth } from '../../../../electron/core/ledger/month-files';
import { foldReadings } from '../../../../electron/core/ledger/readings';
import { calendarOf, dayView, monthComparison, zoneDays } from '../../../../electron/core/ledger/ledger-views';
import { syntheticZone } from '../../core/ledger/synthetic-zone';
import type { Anomaly } from '../../../../shared/anomalies';
import { dailyAnomalies } from '../../../../electron/core/anomalies/daily-anomalies';
import type { OffFact } from '../../../../electron/core/anomalies/off-days';

// The window's ledger fixtures, made by the core's own code from readings of synthetic zones
// (the same derivation the app runs), not written by hand.

const HOUR = 3_600_000;
export const NOW = Date.parse('2026-11-22T10:30:00Z');

/** Days since Oct 1: the web zone grows a little every day. */
const age = (t: number) => (t - Date.parse('2026-10-01T00:00:00Z')) / (24 * HOUR);
const zones = [
  syntheticZone('WEB1', (hour) => (new Date(hour).getUTCHours() >= 8 ? 90 : 30) * (1 + age(hour) / 50)),
  syntheticZone('API2', () => 12),
];

const NAMES: Record<string, string> = { WEB1: 'Web scraping', API2: 'API monitoring', LATE3: 'Late starter' };
/** A zone Zonewatch first reads on Oct 25, after last month's span that Overview compares (Oct 1–21): its October before that is one lump. */
const lateZone = { zone: syntheticZone('LATE3', () => 20), from: Date.parse('2026-10-25T09:17:00Z') };

/**
 * Readings every 4 hours from Oct 20 to now, none from Nov 10 14:00 to Nov 12 10:00 (Zonewatch
 * off); with `withLateZone`, a third zone read only from Oct 25 on.
 */
export function sampleMonths({ withLateZone = false }: { withLateZone?: boolean } = {}): DerivedMonth[] {
  let open = emptyOpenMonth('2026-10');
  const closed: DerivedMonth[] = [];
  for (let t = Date.parse('2026-10-20T09:17:00Z'); t <= NOW; t += 4 * HOUR) {
    if (t > Date.parse('2026-11-10T14:00:00Z') && t < Date.parse('2026-11-12T10:00:00Z')) continue;
    const month = new Date(t).toISOString().slice(0, 7);
    if (month !== open.month) {
      closed.push(closedMonthDays(closeMonth(open)));
      open = nextOpenMonth(open, month);
    }
    const read = withLateZone && t >= lateZone.from ? [...zones, lateZone.zone] : zones;
    foldReadings(open, read.map((zone) => ({ ...zone.readingAt(t), name: NAMES[zone.zoneId] ?? null })));
  }
  return [...closed, deriveOpenMonth(open, false)];
}

export const sampleCalendar = (): LedgerCalendar => calendarOf(sampleMonths(), Date.parse('2026-11-22T09:17:00Z'));
export const sampleDay = (day: string): LedgerDayView => dayView(sampleMonths(), day);
export const sampleComparison = (options: { withLateZone?: boolean } = {}): MonthComparison => monthComparison(sampleMonths(options), NOW);
export function sampleTrend(zoneId = 'WEB1'): ZoneTrend {
  const { name, days } = zoneDays(sampleMonths(), zoneId, '2026-08-25');
  // The zone's month end as the core forecasts it from the same ledger.
  const monthEnd = monthEndForecast({ months: sampleMonths(), zones: [{ zoneId, spentMonthCents: null, spentTodayCents: null, running: true, standingCentsPerDay: 0 }], accountSpentCents: null, now: NOW }).zones.get(zoneId) ?? null;
  return { zoneId, name, days, intraday: [], lastReadingAt: '2026-11-22T09:17:00.000Z', monthEnd };
}

/**
 * The anomalies the core finds in two closed months (the ledger's own reading of its files) from
 * Oct 1 to Nov 21: Catalog crawler spends 4× its usual on Wed Nov 18, Price monitor under a third of its usual on Fri Nov 20.
 */
export function sampleAnomalies(facts: readonly OffFact[] = []): Anomaly[] {
  const zone = (name: string, month: string, days: number, factor: (day: string) => number, cents: number) => {
    const dayKeys = Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
    return { n: name, f: 1, s: dayKeys.map((d) => cents * factor(d)), u: dayKeys.map((d) => (cents * factor(d) * 1e9) / 1000), e: [], b: null };
  };
  const crawler = (day: string) => (day === '2026-11-18' ? 4 : 1);
  const monitor = (day: string) => (day === '2026-11-20' ? 0.3 : 1);
  const months = (['2026-10', '2026-11'] as const).map((month) => {
    const days = month === '2026-10' ? 31 : 21;
    return closedMonthDays({ v: 1, month, zones: { CRAWL1: zone('Catalog crawler', month, days, crawler, 1000), PRICE2: zone('Price monitor', month, days, monitor, 2000) } });
  });
  return dailyAnomalies(months, '', facts);
}

/** Two closed months (Oct 1 – Nov 21): Catalog crawler spends $10 a day, twice that from Nov 9 on, with a ×4 day on Nov 12. */
export function sampleSummaryMonths(): DerivedMonth[] {
  return (['2026-10', '2026-11'] as const).map((month) => {
    const days = month === '2026-10' ? 31 : 21;
    const cents = Array.from({ length: days }, (_, i) => {
      const day = `${month}-${String(i + 1).padStart(2, '0')}`;
      return (day >= '2026-11-09' ? 2000 : 1000) * (day === '2026-11-12' ? 4 : 1);
    });
    return closedMonthDays({ v: 1, month, zones: { CRAWL1: { n: 'Catalog crawler', f: 1, s: cents, u: cents.map((c) => c * 1e6), e: [], b: null } } });
  });
}
