import { z } from 'zod';

// Large documents of figures (the daily ledger, the per-zone intraday history) keep each column of
// numbers as one comma-separated string: a thousand figures are one value for the store and the
// schema to walk instead of a thousand, which is most of what reading and writing them costs
// (`npm run bench -- history`), and the file is as small as the numbers themselves.

/** A column as written: digits, signs, points and commas only; an empty part is a missing figure. */
export const NumberColumn = z.string().regex(/^[\d.,eE+-]*$/);

/**
 * The column of `values`, each multiplied by `scale` and rounded to a whole number first (a whole
 * number turns into text several times faster than a fraction): `scale` 10,000 keeps cents to a
 * ten-thousandth of a cent. Null, undefined and non-finite values are written as nothing.
 */
export function encodeColumn(values: readonly (number | null | undefined)[], scale = 1): string {
  const parts: string[] = [];
  for (const value of values) parts.push(value === null || value === undefined || !Number.isFinite(value) ? '' : String(Math.round(value * scale)));
  return parts.join(',');
}

/** The column read back, `count` values long (missing ones null); a part that is no number reads as null. */
export function decodeColumn(text: string, count: number, scale = 1): (number | null)[] {
  const parts = text === '' ? [] : text.split(',');
  const out: (number | null)[] = [];
  for (let index = 0; index < count; index += 1) {
    const part = parts[index];
    const value = part === undefined || part === '' ? NaN : Number(part);
    out.push(Number.isFinite(value) ? value / scale : null);
  }
  return out;
}

/** How many values a column holds (its last part may be empty). */
export function columnLength(text: string): number {
  return text === '' ? 0 : text.split(',').length;
}
