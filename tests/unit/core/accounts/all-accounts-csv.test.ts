import { describe, expect, it } from 'vitest';
import { allAccountsBillingCsv, billingCsv } from '../../../../electron/core/billing/csv';
import { invoice, payment } from '../../../fixtures/billing-entries';
import { HOSTILE_CELLS, formulasIn } from '../csv/spreadsheet-reading';

describe('the billing CSV of every account', () => {
  it('puts the account first on every row, accounts in order, each row as the one-account export has it', () => {
    const a = [invoice('2026-10', 12_000), payment('2026-11-03T10:00:00Z', 5_000)];
    const b = [invoice('2026-09', 700)];
    const csv = allAccountsBillingCsv([
      { label: 'Client A', entries: a },
      { label: 'Client B', entries: b },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(`Account,${billingCsv([]).split('\r\n')[0]}`);
    const single = billingCsv(a).split('\r\n').slice(1, 3);
    expect(lines.slice(1, 3)).toEqual(single.map((line) => `Client A,${line}`));
    expect(lines[3]).toBe(`Client B,${billingCsv(b).split('\r\n')[1]}`);
    expect(lines.length).toBe(5);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('quotes an account label a spreadsheet would run as a formula', () => {
    const csv = allAccountsBillingCsv([{ label: '=HYPERLINK("x")', entries: [invoice('2026-10', 100)] }]);
    expect(csv.split('\r\n')[1]!.startsWith(`"'=HYPERLINK(""x"")",`)).toBe(true);
  });

  it('leaves no formula, for a spreadsheet splitting on , ; or tab, in any label or invoice name', () => {
    const csv = allAccountsBillingCsv(HOSTILE_CELLS.map((text) => ({ label: text, entries: [invoice('2026-10', 100, text)] })));
    expect(formulasIn(csv)).toEqual([]);
  });
});
