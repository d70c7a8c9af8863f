/** The runway of `spendForecast` (shared/spend-forecast.ts) in words: 0 once the balance is gone, Infinity while nothing is spent. */
export function runwayText(hours: number): string {
  if (hours <= 0) return 'balance used up';
  if (!Number.isFinite(hours)) return 'no spend, so no end in sight';
  if (hours < 1) return `balance lasts ${Math.round(hours * 60)} min`;
  if (hours < 48) return `balance lasts ${Math.round(hours)} h`;
  return `balance lasts ${Math.round(hours / 24)} days`;
}
