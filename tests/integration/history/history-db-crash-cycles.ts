// The poll cycles the history database's crash test writes (history-db-crash.test.ts): zones
// spending at steady, different rates, as the service counts them, read every 7 hours from late
// January, so days go by and months close while the writer is killed.
import type { DayCosts, ZoneReading } from '../../../electron/core/ledger/ledger-model';
import { DAY_MS, monthOf, monthStart } from '../../../electron/core/ledger/utc-calendar';

export const CRASH_PROFILE = 'crash';
export const CRASH_ZONES = 200;
const HOUR = 3_600_000;
const START = Date.parse('2026-01-27T01:05:00Z');

/** When cycle `i` reads. */
export const cycleAt = (i: number): number => START + i * 7 * HOUR;

/** What cycle `i` reads: every zone's day and month so far. */
export function cycleReadings(i: number): ZoneReading[] {
  const at = cycleAt(i);
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  const month = monthStart(monthOf(at));
  return Array.from({ length: CRASH_ZONES }, (_, z): ZoneReading => {
    const rate = 2.5 + (z % 13) * 1.75;
    const spendToday = (rate * (at - day)) / HOUR;
    const spendMonth = (rate * (at - month)) / HOUR;
    const costs: DayCosts = [400 + (z % 5) * 25, z % 3, (z % 3) * 1_500, z % 4, (z % 4) * 3_000.5];
    return { zoneId: `C${String(z).padStart(4, '0')}`, name: `Zone ${z}`, at, spendToday, spendMonth, usageToday: Math.round(spendToday * 1e6), usageMonth: Math.round(spendMonth * 1e6), costs };
  });
}
