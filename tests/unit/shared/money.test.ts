import { describe, expect, it } from 'vitest';
import { billedCents, formatBalance, formatBilled, formatUnitPrice } from '../../../shared/money';

describe('billedCents', () => {
  it('rounds up to 2 decimal places of a cent', () => {
    expect(billedCents(1234.561)).toBe(1234.57);
    expect(billedCents(1234.5601)).toBe(1234.57);
    expect(billedCents(0.001)).toBe(0.01);
  });

  it('leaves amounts that already have 2 decimals alone, despite float error', () => {
    // 1234.56 * 100 is 123455.99999999999 and 0.29 * 100 is 28.999999999999996 in floating point.
    expect(billedCents(1234.56)).toBe(1234.56);
    expect(billedCents(0.29)).toBe(0.29);
    expect(billedCents(1.15)).toBe(1.15);
    expect(billedCents(0.1 + 0.2)).toBe(0.3);
    expect(billedCents(1234.5)).toBe(1234.5);
    expect(billedCents(0)).toBe(0);
  });

  it('does not mistake a real fraction of a hundredth for float error on large amounts', () => {
    expect(billedCents(123_456_789.121)).toBe(123_456_789.13);
  });
});

// Rule: a billed amount is first rounded UP to hundredths of a cent (the platform's billing rule),
// then shown in dollars with 2 decimals by ordinary half-up rounding to whole cents.
describe('formatBilled', () => {
  it('shows fractional cents rounded up, then to whole cents', () => {
    expect(formatBilled(1234.561)).toBe('$12.35'); // 1234.57 ¢ → 1235 ¢
    expect(formatBilled(1234.5)).toBe('$12.35'); // 1234.50 ¢ stays, then half-up → 1235 ¢
    expect(formatBilled(1234.49)).toBe('$12.34'); // 1234.49 ¢ stays, then → 1234 ¢
    expect(formatBilled(1234.491)).toBe('$12.35'); // round-up gives 1234.50 ¢, then half-up → 1235 ¢
    expect(formatBilled(0)).toBe('$0.00');
  });

  it('uses thousands separators', () => {
    expect(formatBilled(123_456.561)).toBe('$1,234.57');
    expect(formatBilled(1_234_567_890)).toBe('$12,345,678.90');
  });
});

describe('formatBalance', () => {
  it('rounds half up to whole cents, without the billing round-up', () => {
    expect(formatBalance(1234.561)).toBe('$12.35');
    expect(formatBalance(1234.49)).toBe('$12.34');
    // 1.005 dollars as cents is 100.49999999999999 in floating point: still half a cent, so up.
    expect(formatBalance(1.005 * 100)).toBe('$1.01');
    expect(formatBalance(123_456.4)).toBe('$1,234.56');
  });

  it('shows negative balances with a leading minus and never "-$0.00"', () => {
    expect(formatBalance(-100)).toBe('-$1.00');
    expect(formatBalance(-1234.5)).toBe('-$12.35');
    expect(formatBalance(-0.4)).toBe('$0.00');
  });
});

describe('formatUnitPrice', () => {
  it('keeps up to 4 decimals below $1', () => {
    expect(formatUnitPrice(0.35)).toBe('$0.0035');
    expect(formatUnitPrice(25.5)).toBe('$0.255');
    expect(formatUnitPrice(60)).toBe('$0.60');
    expect(formatUnitPrice(0)).toBe('$0.00');
  });

  it('shows 2 decimals from $1 on', () => {
    expect(formatUnitPrice(150)).toBe('$1.50');
    expect(formatUnitPrice(100)).toBe('$1.00');
    expect(formatUnitPrice(150_000.4)).toBe('$1,500.00');
  });
});
