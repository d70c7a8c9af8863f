import { z } from 'zod';

/**
 * A whole number within inclusive bounds. Bounds written `1 < x < N` read as 1 ≤ x ≤ N (docs/api.md › Bounds)
 * (`page` defaults to 1, so 1 must be valid). One message covers the wrong type, a fraction and
 * both bounds, so a person sees the allowed range whatever they typed.
 */
export function boundedInt(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.int({ error }).min(min, { error }).max(max, { error });
}
