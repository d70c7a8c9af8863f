import { describe, expect, it } from 'vitest';
import { moveAccount } from '../../../../renderer/src/model/account-order';
import { nextFreeColor } from '../../../../renderer/src/model/account-colors';

describe('the order of accounts', () => {
  it('moves one account up or down by one place', () => {
    expect(moveAccount(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveAccount(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the order as it is at either end', () => {
    expect(moveAccount(['a', 'b'], 'a', -1)).toEqual(['a', 'b']);
    expect(moveAccount(['a', 'b'], 'b', 1)).toEqual(['a', 'b']);
  });
});

describe('a new account’s colour', () => {
  it('is the first one no account wears yet', () => {
    expect(nextFreeColor([])).toBe('blue');
    expect(nextFreeColor(['blue', 'orange'])).toBe('green');
  });
});
