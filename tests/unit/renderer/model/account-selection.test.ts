import { describe, expect, it } from 'vitest';
import { reconcileSelection, selectedAccountId } from '../../../../renderer/src/model/account-selection';

describe('which account the window shows', () => {
  it('keeps the current account while it is watched, else the remembered one, else the first', () => {
    expect(reconcileSelection(['a', 'b'], 'b', 'a')).toBe('b');
    expect(reconcileSelection(['a', 'b'], null, 'b')).toBe('b');
    expect(reconcileSelection(['a', 'b'], 'gone', 'b')).toBe('b');
    expect(reconcileSelection(['a', 'b'], 'gone', 'also-gone')).toBe('a');
  });

  it('keeps "All accounts" while any account is watched, and has nothing to show without accounts', () => {
    expect(reconcileSelection(['a'], 'all', null)).toBe('all');
    expect(reconcileSelection([], 'all', 'a')).toBeNull();
  });

  it('names one account only when one is selected', () => {
    expect(selectedAccountId('a')).toBe('a');
    expect(selectedAccountId('all')).toBeNull();
    expect(selectedAccountId(null)).toBeNull();
  });
});
