import type { AccountFigures } from '../../../shared/accounts';

/** A runway in words: 0 once the balance is gone, Infinity while nothing is spent. */
export function runwayText(hours: number): string {
  if (hours <= 0) return 'balance used up';
  if (!Number.isFinite(hours)) return 'no spend, so no end in sight';
  if (hours < 1) return `balance lasts ${Math.round(hours * 60)} min`;
  if (hours < 48) return `balance lasts ${Math.round(hours)} h`;
  return `balance lasts ${Math.round(hours / 24)} days`;
}

/**
 * An account's runway as its read model forecasts it, in words; null without a burn rate yet. The
 * read model has no runway while nothing is being spent (a burn rate of 0): no end in sight.
 */
export function accountRunwayText(figures: Pick<AccountFigures, 'burnCentsPerHour' | 'runwayHours'>): string | null {
  if (figures.burnCentsPerHour === null) return null;
  return runwayText(figures.runwayHours ?? Number.POSITIVE_INFINITY);
}
