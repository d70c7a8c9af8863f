import type { ZoneReading } from '../../../../electron/core/ledger/ledger-model';

const HOUR = 3_600_000;

/**
 * A zone whose spend runs at a known rate, hour by hour, as the service would count it: month and
 * day totals reset at 00:00 UTC. The truth a test compares the ledger's days with.
 */
export function syntheticZone(zoneId: string, ratePerHour: (hourStart: number) => number) {
  const cache = new Map<number, number>();
  const rate = (hourStart: number) => {
    let r = cache.get(hourStart);
    if (r === undefined) cache.set(hourStart, (r = ratePerHour(hourStart)));
    return r;
  };
  /** Spend between two moments. */
  const spent = (from: number, to: number): number => {
    let total = 0;
    let t = from;
    while (t < to) {
      const hour = Math.floor(t / HOUR) * HOUR;
      const end = Math.min(to, hour + HOUR);
      total += (rate(hour) * (end - t)) / HOUR;
      t = end;
    }
    return total;
  };
  const startOfDay = (t: number) => Math.floor(t / 86_400_000) * 86_400_000;
  const startOfMonth = (t: number) => {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  };
  return {
    zoneId,
    /** What the service reports at `at`. */
    readingAt(at: number): ZoneReading {
      const today = spent(startOfDay(at), at);
      const month = spent(startOfMonth(at), at);
      // Usage in bytes: a whole number, a thousand bytes per cent here.
      return { zoneId, name: `Zone ${zoneId}`, at, spendToday: today, spendMonth: month, usageToday: Math.round(today * 1000), usageMonth: Math.round(month * 1000) };
    },
    /** The whole UTC day `day` (`YYYY-MM-DD`). */
    daySpend(day: string): number {
      const start = Date.parse(`${day}T00:00:00Z`);
      return spent(start, start + 86_400_000);
    },
  };
}
