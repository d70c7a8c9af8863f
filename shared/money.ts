// Money arrives in cents and may be fractional (docs/api.md › Units, money and time).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdUnitPrice = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/**
 * How far a scaled amount may sit from a whole number and still count as it. Products such as
 * 1234.56 × 100 land a hair off (123455.99999999999); without this they would round up a whole
 * hundredth of a cent. An absolute floor for small amounts, a few ulps for large ones.
 */
function tolerance(scaled: number): number {
  return Math.max(1e-7, Math.abs(scaled) * 8 * Number.EPSILON);
}

/** Rounds to a whole number, half away from zero, ignoring float noise around the half. */
function roundHalfAwayFromZero(value: number): number {
  const magnitude = Math.abs(value);
  const rounded = Math.floor(magnitude + 0.5 + tolerance(magnitude));
  // `|| 0` turns -0 into 0 so that nothing shows as "-$0.00".
  return (Math.sign(value) * rounded) || 0;
}

/**
 * The amount the platform bills: cents rounded UP to 2 decimal places of a cent
 * (docs/api.md › Units, money and time): 1234.561 → 1234.57, 1234.56 stays 1234.56. "Up" is toward +∞.
 */
export function billedCents(cents: number): number {
  const hundredths = cents * 100;
  const nearest = Math.round(hundredths);
  const whole = Math.abs(hundredths - nearest) <= tolerance(hundredths) ? nearest : Math.ceil(hundredths);
  return (whole || 0) / 100;
}

function formatWholeCents(wholeCents: number): string {
  return usd.format(wholeCents / 100);
}

/**
 * A billed amount in dollars. Two steps: the platform's round-up to hundredths of a cent
 * (`billedCents`), then ordinary half-up rounding to whole cents for display, since a dollar
 * amount shows two decimals. So 1234.561 ¢ → 1234.57 ¢ → "$12.35", 1234.5 ¢ (already a whole
 * hundredth) → "$12.35" by the half-up step, and 1234.49 ¢ → "$12.34".
 */
export function formatBilled(cents: number): string {
  return formatWholeCents(roundHalfAwayFromZero(billedCents(cents)));
}

/** A balance: not a charge, so no round-up; half away from zero to whole cents ("-$1.00"). */
export function formatBalance(cents: number): string {
  return formatWholeCents(roundHalfAwayFromZero(cents));
}

/**
 * A unit price (per GB, per IP per month…). Prices under $1 keep up to 4 decimals so that
 * 0.35 ¢ reads "$0.0035" rather than "$0.00"; from $1 on, two decimals ("$1.50").
 */
export function formatUnitPrice(cents: number): string {
  if (Math.abs(cents) < 100) return usdUnitPrice.format(cents / 100 || 0);
  return formatBalance(cents);
}
