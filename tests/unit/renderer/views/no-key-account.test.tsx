import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBar } from '../../../../renderer/src/components/StatusBar';
import { AccountsView } from '../../../../renderer/src/views/AccountsView';
import { READOUT_NOW } from '../../../fixtures/readouts';
import { readout, showAccount } from '../accounts';
import { fakeApi } from '../fake-api';

afterEach(cleanup);

// An account with no stored key reads the same everywhere (docs/architecture.md › Accounts). Its read model comes from the
// core's derivation of a status with no key (tests/fixtures/readouts.ts); the window says what the
// tray says of it (tests/integration/accounts/one-view.test.ts): no API key, and where to enter it.
describe('an account without a key, in the window', () => {
  const noKey = readout('p2', { label: 'Client B', status: { poll: 'no_key', auth: 'no_key', keyBackend: 'none' } });

  it('is its own state, asking for the key', () => {
    expect(noKey).toMatchObject({ state: 'no_key', stateText: 'No API key stored', needsAttention: true });
  });

  it('says so in its row of All accounts, and the switcher says it needs a look', () => {
    fakeApi().install(null);
    showAccount('all', [readout('p1', { label: 'Client A' }), noKey]);
    render(<AccountsView now={READOUT_NOW} />);
    const row = within(screen.getByRole('list', { name: 'Accounts' })).getAllByRole('button')[1]!;
    expect(row.querySelector('.account-state')?.textContent).toBe('No API key stored');
    expect(screen.getByText('1 account needs attention.')).toBeTruthy();
  });

  it('says so above its views, with the way to enter the key, and no other banner', () => {
    fakeApi().install(null);
    showAccount('p2', [readout('p1', { label: 'Client A' }), noKey]);
    render(<StatusBar readout={noKey} now={READOUT_NOW} />);
    expect(screen.getByRole('alert').textContent).toBe('No API key stored for this account, so Zonewatch is not watching it. Enter the key in Settings');
    expect(screen.queryByRole('status')).toBeNull();
    expect(within(screen.getByRole('combobox', { name: 'Account' })).getByRole('option', { name: 'Client B — needs attention' })).toBeTruthy();
  });
});
