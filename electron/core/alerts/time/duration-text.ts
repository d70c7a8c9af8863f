/** A stretch of hours in plain words: "less than an hour", "5 hours", "3 days". */
export function formatHours(hours: number): string {
  if (!Number.isFinite(hours)) return 'indefinitely';
  if (hours < 1) return 'less than an hour';
  if (hours < 2) return 'about an hour';
  if (hours < 48) return `about ${Math.floor(hours)} hours`;
  return `about ${Math.floor(hours / 24)} days`;
}

/** A moment as "2026-12-01 00:00 UTC" (spend periods and service dates are UTC). */
export function formatUtc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
