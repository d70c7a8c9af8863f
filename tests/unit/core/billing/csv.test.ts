import { describe, expect, it } from 'vitest';
import { BILLING_CSV_HEADER, billingCsv } from '../../../../electron/core/billing/csv';
import { invoice, payment } from '../../../fixtures/billing-entries';
import { BillingEntry } from '../../../../shared/api/billing';
import { documentedInvoice } from '../../../fixtures/contract/billing-history';
import { HOSTILE_CELLS, formulasIn, parseCsv } from '../csv/spreadsheet-reading';

function rows(csv: string): string[] {
  return csv.trimEnd().split('\r\n');
}

describe('billingCsv', () => {
  it('starts with a header row', () => {
    expect(rows(billingCsv([]))).toEqual([BILLING_CSV_HEADER.join(',')]);
  });

  it('groups rows by UTC month, newest first, with amounts in dollars as the app shows them', () => {
    const csv = billingCsv([
      payment('2026-10-31T23:30:00Z', 1000),
      invoice('2026-10', 12_244.8178, 'October 2026'),
      payment('2026-11-05T14:22:07Z', 5000, 'failed', 'mastercard'),
    ]);
    const lines = rows(csv);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['2026-11', '2026-11', '2026-10']);
    expect(lines[1]).toBe(
      `2026-11,2026-11-05T14:22:07.000Z,payment,manual_top_up,failed,mastercard •••• 0042,50.00,,,,https://api.bytio.com/receipts/rc_${Date.parse('2026-11-05T14:22:07Z')}_5000.pdf`,
    );
    expect(lines[2]).toContain(',invoice,October 2026,,,122.45,122.45,0.00,0.00,');
  });

  it('leaves a figure the service did not send usably as an empty cell, never a made-up 0', () => {
    const entry = BillingEntry.parse({ ...documentedInvoice(), tax_cents: 'n/a', name: null });
    const row = billingCsv([entry]).split('\r\n')[1]!.split(',');
    expect(row[3]).toBe('');
    expect(row[9]).toBe('');
    expect(row[6]).toBe('66.00');
  });

  it('neutralises an invoice name that a spreadsheet would run as a formula', () => {
    const csv = billingCsv([invoice('2026-10', 100, '=cmd|\' /C calc\'!A0')]);
    expect(rows(csv)[1]).toContain(`,"'=cmd|' /C calc'!A0",`);
    expect(csv).not.toMatch(/,=cmd/);
  });

  it('leaves no formula, for a spreadsheet splitting on , ; or tab, in any text the API sends', () => {
    const entries = HOSTILE_CELLS.flatMap((text, i) => [
      invoice(`2025-${String((i % 12) + 1).padStart(2, '0')}`, 100 + i, text),
      BillingEntry.parse({ ...payment(`2026-0${(i % 9) + 1}-10T10:00:00Z`, 200 + i), payment_type: text, status: text }),
    ]);
    const csv = billingCsv(entries);
    expect(formulasIn(csv)).toEqual([]);
    const names = parseCsv(csv, ',').map((cells) => cells[3]);
    expect(names).toContain("Pro plan;'=cmd|' /C calc'!A0");
  });
});
