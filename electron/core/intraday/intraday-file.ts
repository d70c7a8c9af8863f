import { z } from 'zod';
import type { HistoryPoint } from '../../../shared/history';
import { ZoneId } from '../../../shared/api/zone';
import { decodeColumn, encodeColumn, NumberColumn } from '../storage/number-columns';

/** How long per-zone samples are kept on disk (docs/architecture.md › Per-zone intraday history). */
export const INTRADAY_KEEP_MS = 48 * 3_600_000;

/**
 * The per-zone samples of the history's last 48 hours, by column: the zone ids once, then for each
 * point its time and each zone's spend today and this month (in 1/10,000 of a cent) and its
 * throughput (bit/s). A third of the bytes of the same samples as objects, and every figure is read
 * back as it was within 0.0001 ¢.
 */
export const IntradayFile = z.object({
  v: z.literal(1),
  zones: z.array(ZoneId),
  points: z.array(z.object({ t: z.number().int(), s: NumberColumn, m: NumberColumn, b: NumberColumn })),
});
export type IntradayFile = z.infer<typeof IntradayFile>;

export const EMPTY_INTRADAY: IntradayFile = { v: 1, zones: [], points: [] };

/** Spend is written in whole ten-thousandths of a cent (storage/number-columns.ts). */
const PER_CENT = 10_000;

/** The samples of the points kept with zone detail in the last 48 hours before `now`. Pure. */
export function encodeIntraday(points: readonly HistoryPoint[], now: number): IntradayFile {
  const kept = points.filter((point) => now - point.t <= INTRADAY_KEEP_MS && Object.keys(point.zones).length > 0);
  const ids = [...new Set(kept.flatMap((point) => Object.keys(point.zones)))].sort();
  return {
    v: 1,
    zones: ids,
    points: kept.map((point) => {
      const samples = ids.map((id) => point.zones[id]);
      return {
        t: point.t,
        s: encodeColumn(samples.map((sample) => sample?.s), PER_CENT),
        m: encodeColumn(samples.map((sample) => sample?.m), PER_CENT),
        b: encodeColumn(samples.map((sample) => sample?.b)),
      };
    }),
  };
}

/**
 * The history as read from its file (account figures only) with each point's zone samples put back
 * from the intraday file, for the points of the last 48 hours that both files hold. Pure.
 */
export function withZoneDetail(points: readonly HistoryPoint[], file: IntradayFile, now: number): HistoryPoint[] {
  const byTime = new Map(file.points.filter((p) => now - p.t <= INTRADAY_KEEP_MS).map((p) => [p.t, p]));
  return points.map((point) => {
    const stored = byTime.get(point.t);
    if (!stored) return point;
    const zones: HistoryPoint['zones'] = {};
    const count = file.zones.length;
    const [spendToday, spendMonth, throughput] = [decodeColumn(stored.s, count, PER_CENT), decodeColumn(stored.m, count, PER_CENT), decodeColumn(stored.b, count)];
    file.zones.forEach((id, index) => {
      const s = spendToday[index];
      const m = spendMonth[index];
      const b = throughput[index];
      if (s != null && m != null && b != null) zones[id] = { s, m, b };
    });
    return { ...point, zones };
  });
}
