import type { DayCosts, ZoneReading } from '../ledger/ledger-model';

// A poll cycle's readings as they cross to the worker (docs/architecture.md › The history
// database): ids and names as two arrays, every figure in one Float64Array moved, not copied, so
// the main thread's part of a cycle's write stays a few milliseconds at 5,000 zones.

/** Per reading: at, spend today, spend this month, usage today, usage this month, then the five costs; NaN: none. */
const FIELDS = 10;

export type PackedReadings = { ids: string[]; names: (string | null)[]; figures: Float64Array<ArrayBuffer> };

const orNaN = (value: number | null | undefined) => (value === null || value === undefined ? Number.NaN : value);
const orNull = (value: number) => (Number.isNaN(value) ? null : value);

/** Pure. */
export function packReadings(readings: readonly ZoneReading[]): PackedReadings {
  const figures = new Float64Array(readings.length * FIELDS);
  readings.forEach((r, i) => {
    const at = i * FIELDS;
    figures[at] = r.at;
    figures[at + 1] = r.spendToday;
    figures[at + 2] = r.spendMonth;
    figures[at + 3] = orNaN(r.usageToday);
    figures[at + 4] = orNaN(r.usageMonth);
    for (let k = 0; k < 5; k += 1) figures[at + 5 + k] = orNaN(r.costs?.[k]);
  });
  return { ids: readings.map((r) => r.zoneId), names: readings.map((r) => r.name), figures };
}

/** Pure; the inverse of packReadings (a reading's costs are all five or none). */
export function unpackReadings({ ids, names, figures }: PackedReadings): ZoneReading[] {
  return ids.map((zoneId, i) => {
    const at = i * FIELDS;
    const costs = Array.from({ length: 5 }, (_, k) => figures[at + 5 + k]!);
    return {
      zoneId,
      name: names[i] ?? null,
      at: figures[at]!,
      spendToday: figures[at + 1]!,
      spendMonth: figures[at + 2]!,
      usageToday: orNull(figures[at + 3]!),
      usageMonth: orNull(figures[at + 4]!),
      costs: costs.some(Number.isNaN) ? null : (costs as DayCosts),
    };
  });
}
