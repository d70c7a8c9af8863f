import { describe, expect, it } from 'vitest';
import type { HistoryPoint } from '../../../../shared/history';
import { encodeIntraday, IntradayFile, INTRADAY_KEEP_MS, withZoneDetail } from '../../../../electron/core/intraday/intraday-file';
import { zoneIntraday } from '../../../../electron/core/intraday/zone-intraday';
import { storedHistory } from '../../../../electron/core/data/history-store';

const HOUR = 3_600_000;
const now = Date.parse('2026-11-20T12:00:00Z');
const point = (t: number, zones: HistoryPoint['zones']): HistoryPoint => ({ t, balanceCents: 1000, spendTodayCents: 5, spendMonthCents: 50, throughputBps: 1, zones });

describe('the intraday file', () => {
  const points = [
    point(now - 50 * HOUR, { A: { s: 1, m: 10, b: 100 } }),
    point(now - 2 * HOUR, { A: { s: 2.123456789, m: 20.5, b: 200.4 }, B: { s: 1, m: 1, b: 7 } }),
    point(now - HOUR, {}),
    point(now, { A: { s: 4, m: 22, b: 300 } }),
  ];

  it('keeps the zone samples of the last 48 hours, by column, in 1/10,000 of a cent', () => {
    const file = IntradayFile.parse(encodeIntraday(points, now));
    expect(file.zones).toEqual(['A', 'B']);
    expect(file.points.map((p) => p.t)).toEqual([now - 2 * HOUR, now]);
    expect(file.points[0]).toEqual({ t: now - 2 * HOUR, s: '21235,10000', m: '205000,10000', b: '200,7' });
    expect(file.points[1]).toEqual({ t: now, s: '40000,', m: '220000,', b: '300,' });
    expect(IntradayFile.safeParse({ ...file, points: [{ t: now, s: '4,x', m: '1,', b: '1,' }] }).success).toBe(false);
    // A part that is no number reads as a zone not sampled, never as a figure.
    const odd = { ...file, points: [{ t: now, s: '40000,1e', m: '220000,1', b: '300,1' }] };
    expect(withZoneDetail(storedHistory([point(now, {})]), odd, now)[0]!.zones).toEqual({ A: { s: 4, m: 22, b: 300 } });
  });

  it('puts them back on the history read from its file, on the points both hold', () => {
    const restored = withZoneDetail(storedHistory(points), encodeIntraday(points, now), now + HOUR);
    expect(restored.map((p) => Object.keys(p.zones))).toEqual([[], ['A', 'B'], [], ['A']]);
    expect(restored[1]!.zones.A).toEqual({ s: 2.1235, m: 20.5, b: 200 });
    // Past 48 hours nothing comes back, even if the file still held it.
    expect(withZoneDetail(storedHistory(points), encodeIntraday(points, now), now + INTRADAY_KEEP_MS + 3 * HOUR).every((p) => Object.keys(p.zones).length === 0)).toBe(true);
  });
});

describe("a zone's last 48 hours", () => {
  it('gives its spend rate since the sample before and its throughput, across a restart gap too', () => {
    const points = [point(now - 3 * HOUR, { A: { s: 10, m: 100, b: 5 } }), point(now - 2 * HOUR, { B: { s: 0, m: 0, b: 0 } }), point(now - HOUR, { A: { s: 40, m: 130, b: 9 } }), point(now, { A: { s: 45, m: 135, b: 11 } })];
    expect(zoneIntraday(points, 'A', now)).toEqual([
      { t: now - 3 * HOUR, spendCentsPerHour: null, throughputBps: 5 },
      { t: now - HOUR, spendCentsPerHour: 15, throughputBps: 9 },
      { t: now, spendCentsPerHour: 5, throughputBps: 11 },
    ]);
  });
});
