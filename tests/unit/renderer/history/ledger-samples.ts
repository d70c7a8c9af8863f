import type { LedgerCalendar, LedgerDayView, MonthComparison, ZoneTrend } from '../../../../shared/ledger';
import { emptyOpenMonth, type DerivedMonth } from '../../../../electron/core/ledger/ledger-model';
import { closedMonthDays, closeMonth, deriveOpenMonth, nextOpenMonth } from '../../../../electron/core/ledger/month-files';
import { foldReadings } from '../../../../electron/core/ledger/readings';
import { calendarOf, dayView, monthComparison, zoneDays } from '../../../../electron/core/ledger/ledger-views';
import { syntheticZone } from '../../core/ledger/synthetic-zone';

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

/** Readings every 4 hours from Oct 20 to now, none from Nov 10 14:00 to Nov 12 10:00 (Zonewatch off). */
export function sampleMonths(): DerivedMonth[] {
  let open = emptyOpenMonth('2026-10');
  const closed: DerivedMonth[] = [];
  for (let t = Date.parse('2026-10-20T09:17:00Z'); t <= NOW; t += 4 * HOUR) {
    if (t > Date.parse('2026-11-10T14:00:00Z') && t < Date.parse('2026-11-12T10:00:00Z')) continue;
    const month = new Date(t).toISOString().slice(0, 7);
    if (month !== open.month) {
      closed.push(closedMonthDays(closeMonth(open)));
      open = nextOpenMonth(open, month);
    }
    foldReadings(open, zones.map((zone) => ({ ...zone.readingAt(t), name: zone.zoneId === 'WEB1' ? 'Web scraping' : 'API monitoring' })));
  }
  return [...closed, deriveOpenMonth(open, false)];
}

export const sampleCalendar = (): LedgerCalendar => calendarOf(sampleMonths(), Date.parse('2026-11-22T09:17:00Z'));
export const sampleDay = (day: string): LedgerDayView => dayView(sampleMonths(), day);
export const sampleComparison = (): MonthComparison => monthComparison(sampleMonths(), NOW);
export function sampleTrend(zoneId = 'WEB1'): ZoneTrend {
  const { name, days } = zoneDays(sampleMonths(), zoneId, '2026-08-25');
  return { zoneId, name, days, intraday: [], lastReadingAt: '2026-11-22T09:17:00.000Z' };
}
