/**
 * Reads a `Retry-After` header: delta-seconds or an HTTP date (RFC 9110 › 10.2.3). Returns
 * undefined when absent or unreadable, so the caller applies its own default.
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
