import { z } from 'zod';
import type { HistoryPoint } from '../../../shared/history';
import { ZoneId } from '../../../shared/api/zone';

/** How long per-zone samples are kept on disk (docs/architecture.md › Per-zone intraday history). */
export const INTRADAY_KEEP_MS = 48 * 3_600_000;

const Figures = z.array(z.number().nullable());

/**
 * The per-zone samples of the history's last 48 hours, by column: the zone ids once, then for each
 * point its time and each zone's spend today, this month (cents, to 1/10,000 of a cent) and
 * throughput (bit/s), null where the point did not sample the zone. About a third of the bytes of
 * the same samples as objects, and every figure is read back as it was within 0.0001 ¢.
 */
export const IntradayFile = z.object({
  v: z.literal(1),
  zones: z.array(ZoneId),
  points: z.array(z.object({ t: z.number().int(), s: Figures, m: Figures, b: Figures })),
});
export type IntradayFile = z.infer<typeof IntradayFile>;

export const EMPTY_INTRADAY: IntradayFile = { v: 1, zones: [], points: [] };

const cents = (value: number) => Math.round(value * 10_000) / 10_000;

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
        s: samples.map((sample) => (sample === undefined ? null : cents(sample.s))),
        m: samples.map((sample) => (sample === undefined ? null : cents(sample.m))),
        b: samples.map((sample) => (sample === undefined ? null : Math.round(sample.b))),
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
    file.zones.forEach((id, index) => {
      const s = stored.s[index];
      const m = stored.m[index];
      const b = stored.b[index];
      if (s != null && m != null && b != null) zones[id] = { s, m, b };
    });
    return { ...point, zones };
  });
}
