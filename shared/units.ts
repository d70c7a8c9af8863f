// docs/api.md › Units, money and time: decimal units, 1 GB = 10^9 bytes. Days and months are UTC.

export const GB = 1e9;

/** docs/api.md › Costs: a day of a monthly charge is the monthly amount ÷ 30. */
export const BILLING_MONTH_DAYS = 30;

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const BIT_RATE_UNITS = ['bit/s', 'kbit/s', 'Mbit/s', 'Gbit/s', 'Tbit/s'] as const;

const formatters = new Map<number, Intl.NumberFormat>();
function formatterFor(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals });
    formatters.set(decimals, formatter);
  }
  return formatter;
}

/** A count as every view says it: whole, with thousands separators ("4,998"). */
export function formatCount(count: number): string {
  return formatterFor(0).format(count);
}

/** A count and its noun: "1 zone", "4,998 zones". */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "1 zone", "4,998 zones": the count most views say. */
export const zonesText = (count: number): string => countOf(count, 'zone', 'zones');

/** About three significant digits (1.23, 12.3, 123); whole numbers in the smallest unit. */
function decimalsFor(value: number, unitIndex: number): number {
  if (unitIndex === 0) return 0;
  const magnitude = Math.abs(value);
  if (magnitude < 10) return 2;
  if (magnitude < 100) return 1;
  return 0;
}

function formatDecimal(value: number, units: readonly string[]): string {
  let unitIndex = 0;
  let scaled = value;
  while (Math.abs(scaled) >= 1000 && unitIndex < units.length - 1) {
    scaled /= 1000;
    unitIndex += 1;
  }
  // 999,999 B is 999.999 KB, which rounds to "1000 KB": show it as "1 MB" instead.
  const decimals = decimalsFor(scaled, unitIndex);
  const factor = 10 ** decimals;
  if (Math.abs(Math.round(scaled * factor) / factor) >= 1000 && unitIndex < units.length - 1) {
    scaled /= 1000;
    unitIndex += 1;
  }
  const text = formatterFor(decimalsFor(scaled, unitIndex)).format(scaled || 0);
  return `${text} ${units[unitIndex] ?? ''}`;
}

/** 1_234_567_890 → "1.23 GB". */
export function formatBytes(bytes: number): string {
  return formatDecimal(bytes, BYTE_UNITS);
}

/** 12_345_678 → "12.3 Mbit/s". */
export function formatBitRate(bitsPerSecond: number): string {
  return formatDecimal(bitsPerSecond, BIT_RATE_UNITS);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The UTC day a moment falls in, e.g. "2026-11-22". */
export function utcDayKey(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** The UTC month a moment falls in, e.g. "2026-11". */
export function utcMonthKey(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}`;
}

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** When "today" spend resets (spend periods are UTC: docs/api.md › Units, money and time). */
export function startOfNextUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1));
}

export function startOfUtcMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** When "this month" spend resets. */
export function startOfNextUtcMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}
