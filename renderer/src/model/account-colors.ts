import { ACCOUNT_COLORS, type AccountColor } from '../../../shared/accounts';

/** An account colour in words, for the colour field and for people who do not see the swatch. */
export const COLOR_NAME: Record<AccountColor, string> = {
  blue: 'Blue',
  green: 'Green',
  orange: 'Orange',
  purple: 'Purple',
  red: 'Red',
  teal: 'Teal',
  pink: 'Pink',
  grey: 'Grey',
};

/** A new account's colour: the first one no watched account wears yet, so accounts stay told apart. */
export function nextFreeColor(used: readonly AccountColor[]): AccountColor {
  return ACCOUNT_COLORS.find((c) => !used.includes(c)) ?? ACCOUNT_COLORS[used.length % ACCOUNT_COLORS.length]!;
}
