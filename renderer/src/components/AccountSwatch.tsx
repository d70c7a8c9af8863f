import type { AccountColor } from '../../../shared/accounts';

/** The account's colour as a small dot; decoration only (the label always says which account). */
export function AccountSwatch({ color }: { color: AccountColor }) {
  return <span className={`swatch swatch-${color}`} aria-hidden="true" />;
}
