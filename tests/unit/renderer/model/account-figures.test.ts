import { forecastDollars } from '../../../../shared/forecast';
import { describe, expect, it } from 'vitest';
import { accountRowText, totalsText } from '../../../../renderer/src/model/account-figures';
import { overviewOf, readout } from '../accounts';

describe('the "All accounts" totals', () => {
  it('add the real accounts, leave the demo out and say so', () => {
    const text = totalsText(overviewOf([readout('a', { balanceCents: 10_000 }), readout('b', { balanceCents: 5_050 }), readout('demo', { demo: true, balanceCents: 99_999 })]));
    expect(text).toMatchObject({ balance: '$150.50', coverage: 'All 2 accounts', attention: null, demoNote: 'The demo account is left out of the totals.' });
  });

  it('say "N of M accounts" while some have no data yet, and how many need attention', () => {
    const overview = overviewOf([readout('a', { attention: 'critical' }), readout('b', { balanceCents: null })]);
    expect(totalsText(overview)).toMatchObject({ coverage: '1 of 2 accounts', attention: '1 account needs attention', demoNote: null });
    const both = overviewOf([readout('a', { attention: 'critical' }), readout('b', { status: { auth: 'rejected', poll: 'stopped_unauthorized' } })]);
    expect(totalsText(both).attention).toBe('2 accounts need attention');
  });

  it('show a missing total as a dash, never as $0.00', () => {
    const text = totalsText(overviewOf([readout('a', { balanceCents: null })]));
    expect(text).toMatchObject({ balance: '—', spendToday: '—', coverage: '0 of 1 account' });
  });
});

describe('an account’s row', () => {
  it('says the month’s spend against the plan minimum, the burn rate, the runway and the month end with its range', () => {
    const account = readout('a', { balanceCents: 12_000, spendMonthCents: 42_000, planMinimumCents: 50_000, burnCentsPerHour: 300 });
    const end = account.figures.monthEnd!;
    expect(accountRowText(account)).toEqual({
      balance: '$120.00',
      spendToday: '$12.00',
      spendMonth: '$420.00 of $500.00 minimum',
      burn: '$3.00/h',
      runway: 'balance lasts 40 h',
      monthEnd: `≈ ${forecastDollars(end.expectedCents)} (${forecastDollars(end.lowCents)}–${forecastDollars(end.highCents)})`,
    });
    expect(accountRowText(account).monthEnd).toMatch(/^≈ \$[\d,]+ \(\$[\d,]+–\$[\d,]+\)$/);
    expect(end.lowCents).toBeLessThan(end.expectedCents);
    expect(end.highCents).toBeGreaterThan(end.expectedCents);
  });

  it('says what is not known yet instead of showing zeros, and that nothing spent means no end in sight', () => {
    expect(accountRowText(readout('a', { balanceCents: null, burnCentsPerHour: null }))).toEqual({ balance: '—', spendToday: '—', spendMonth: '—', burn: 'not enough data yet', runway: '—', monthEnd: '—' });
    expect(accountRowText(readout('a', { planMinimumCents: null })).spendMonth).toBe('$420.00');
    expect(accountRowText(readout('a', { burnCentsPerHour: 0 })).runway).toBe('no spend, so no end in sight');
  });
});
