import { describe, expect, it } from 'vitest';
import { BillingEntry } from '../../../../shared/api/billing';
import { groupByMonth } from '../../../../renderer/src/model/billing-groups';
import { sampleInvoiceEntry, samplePaymentEntry } from '../../../fixtures/api-samples';

describe('groupByMonth', () => {
  it('groups entries by the UTC month they were made in, with that month’s totals', () => {
    const late = BillingEntry.parse({ ...samplePaymentEntry(), created_on: '2026-10-31T23:30:00-02:00' });
    const early = BillingEntry.parse({ ...sampleInvoiceEntry(), created_on: '2026-11-01T00:10:00Z' });
    const totals = [{ month: '2026-11', invoicedCents: 5, paidCents: 7, failedCents: 0, count: 2 }];
    const groups = groupByMonth([late, early], totals);
    expect(groups.map((g) => [g.month, g.label, g.entries.length, g.total?.paidCents ?? null])).toEqual([['2026-11', 'November 2026', 2, 7]]);
  });
});
