/** "updated just now", "updated 3 min ago", "updated 2 h ago", "updated 4 d ago", or "never updated". */
export function updatedAgo(lastSuccessAt: string | null, nowMs: number): string {
  if (lastSuccessAt === null) return 'never updated';
  const minutes = Math.floor(Math.max(0, nowMs - Date.parse(lastSuccessAt)) / 60_000);
  if (minutes < 1) return 'updated just now';
  if (minutes < 60) return `updated ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `updated ${hours} h ago`;
  return `updated ${Math.floor(hours / 24)} d ago`;
}
