import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HistoryView } from '../../../../renderer/src/views/HistoryView';
import { resetAccountStores } from '../../../../renderer/src/stores/account-switch';
import { fakeApi } from '../fake-api';
import { readout, showAccount } from '../accounts';
import { NOW, sampleAnomalies, sampleCalendar, sampleDay, sampleSummaryMonths, sampleTrend } from './ledger-samples';
import { accountPeriodSpend, periodOf, periodSummary } from '../../../../electron/core/digest/period-summary';
import { dailyAnomalies } from '../../../../electron/core/anomalies/daily-anomalies';
import { offFacts } from '../../../../electron/core/anomalies/off-days';
import type { SummaryQuery } from '../../../../shared/digest';
import { navigateTo } from '../../../../renderer/src/stores/navigate-to';
import { useNavigationStore } from '../../../../renderer/src/stores/navigation-store';
import { ZoneTrend } from '../../../../renderer/src/components/history/ZoneTrend';

// uPlot measures the screen when imported, which jsdom cannot; the words beside each chart are what is tested.
vi.mock('../../../../renderer/src/components/history/TrendPlot', () => ({ default: ({ title }: { title: string }) => <div role="img" aria-label={title} /> }));

afterEach(cleanup);
beforeEach(resetAccountStores);

describe('unusual days in History', () => {
  it('marks them on the calendar and lists them with impact and cause, filtered, each opening its day', async () => {
    const user = userEvent.setup();
    const anomalies = sampleAnomalies();
    expect(anomalies.map((a) => [a.day, a.direction])).toEqual([
      ['2026-11-20', 'below'],
      ['2026-11-18', 'above'],
    ]);
    const api = fakeApi({ 'history:calendar': sampleCalendar(), 'history:anomalies': anomalies, 'history:day': sampleDay('2026-11-18') }).install();
    render(<HistoryView now={NOW} offline={false} />);
    const list = await screen.findByRole('region', { name: 'Unusual days' });
    expect(screen.getByRole('button', { name: /^Wed, Nov 18, 2026 \(UTC\).*; unusual spend$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Thu, Nov 19, 2026 \(UTC\)/ }).getAttribute('aria-label')).not.toMatch(/unusual/);
    const rows = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual([
      'Nov 20 Price monitor: 600 MB of traffic against a usual 2 GB: $6.00 against a usual $20.00, −$14.00 (−70 %)',
      'Nov 18 Catalog crawler: 4 GB of traffic against a usual 1 GB: $40.00 against a usual $10.00, +$30.00 (+300 %)',
    ]);
    await user.selectOptions(within(list).getByLabelText('Spend'), 'above');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('status').textContent).toBe('1 of 2 unusual days');
    await user.selectOptions(within(list).getByLabelText('What moved'), 'price');
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
    await user.selectOptions(within(list).getByLabelText('What moved'), 'gigabytes');
    await user.click(within(list).getByRole('button', { name: /Catalog crawler/ }));
    expect(api.callsTo('history:day')).toEqual([{ profileId: 'p1', day: '2026-11-18' }]);
  });

  it('lists a low day that Stop all spend explains with that cause, unmarked on the calendar', async () => {
    const stopRecord = { stoppedAt: '2026-11-20T14:02:00.000Z', updatedAt: '2026-11-20T14:02:00.000Z', disabled: [{ zoneId: 'PRICE2', name: 'Price monitor', spendTodayCents: 600 }], remaining: [] };
    fakeApi({ 'history:calendar': sampleCalendar(), 'history:anomalies': sampleAnomalies(offFacts({ snapshot: null, stopRecord, now: Date.parse(stopRecord.stoppedAt) })) }).install();
    render(<HistoryView now={NOW} offline={false} />);
    const list = await screen.findByRole('region', { name: 'Unusual days' });
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toBe('Nov 20 Price monitor: Turned off by Stop all spend at 14:02 UTC: $6.00 against a usual $20.00, −$14.00 (−70 %)');
    expect(screen.getByRole('button', { name: /^Fri, Nov 20, 2026 \(UTC\)/ }).getAttribute('aria-label')).not.toMatch(/unusual/);
    await userEvent.setup().selectOptions(within(list).getByLabelText('What moved'), 'turned_off');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });
});

describe("unusual days on a zone's trend", () => {
  it("lists only that zone's unusual days", async () => {
    fakeApi({ 'history:zone': sampleTrend('CRAWL1'), 'history:anomalies': sampleAnomalies() }).install();
    render(<ZoneTrend zoneId="CRAWL1" refreshKey="a" />);
    const list = await screen.findByRole('region', { name: 'Unusual days of this zone' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Nov 18 Catalog crawler: 4 GB of traffic against a usual 1 GB: $40.00 against a usual $10.00, +$30.00 (+300 %)']);
    expect(within(list).queryByLabelText('Zone')).toBeNull();
  });
});

describe('the Summary in History', () => {
  it('shows the last week from Monday as the digest says it, any earlier week or month, and exports it', async () => {
    const user = userEvent.setup();
    const months = sampleSummaryMonths();
    const summaryFor = ({ kind, from }: { kind: 'week' | 'month'; from: string }) =>
      periodSummary(periodOf({ kind, from }), [{ label: 'Northwind', spend: accountPeriodSpend(months, periodOf({ kind, from })), anomalies: dailyAnomalies(months), monthEnd: null, runwayHours: 24 * 30 }]);
    const api = fakeApi({
      'history:calendar': sampleCalendar(),
      'history:summary': (input: { kind: 'week' | 'month'; from: string }) => summaryFor(input),
      'history:exportSummaryCsv': { saved: true, rows: 4, fileName: 'zonewatch-summary-week-2026-11-09.csv', leftOut: 0 },
    }).install();
    render(<HistoryView now={NOW} offline={false} />);
    const card = await screen.findByRole('region', { name: 'Summary' });
    // NOW is Sunday Nov 22: the last whole week is Nov 9–15.
    await within(card).findByText(/^Nov 9–Nov 15 \(UTC\):/);
    expect(api.callsTo('history:summary')).toEqual([{ profileId: 'p1', kind: 'week', from: '2026-11-09' }]);
    expect(card.textContent).toContain('$200.00 against $70.00 the week before (+186 %)');
    expect(within(card).getByText(/^Nov 12 Catalog crawler: 8 GB of traffic against a usual 1 GB, \+\$70\.00 \(\+700 %\)$/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Later period' }));
    expect(api.callsTo('history:summary').at(-1)).toEqual({ profileId: 'p1', kind: 'week', from: '2026-11-09' });
    await user.click(within(card).getByRole('button', { name: 'Earlier period' }));
    expect(api.callsTo('history:summary').at(-1)).toEqual({ profileId: 'p1', kind: 'week', from: '2026-11-02' });
    await user.selectOptions(within(card).getByLabelText('Period'), 'month');
    expect(api.callsTo('history:summary').at(-1)).toEqual({ profileId: 'p1', kind: 'month', from: '2026-10-01' });
    await user.click(within(card).getByRole('button', { name: 'Export this summary (CSV)' }));
    expect(api.callsTo('history:exportSummaryCsv')).toEqual([{ profileId: 'p1', kind: 'month', from: '2026-10-01' }]);
  });

  it('sums up all accounts beside the selected one, a part each, and exports them in one CSV', async () => {
    const user = userEvent.setup();
    const months = sampleSummaryMonths();
    const input = (label: string, factor: number, query: SummaryQuery) => ({ label, spend: accountPeriodSpend(months.map((m) => ({ ...m, zones: m.zones.map((z) => ({ ...z, days: z.days.map((d) => ({ ...d, spend: d.spend * factor })) })) })), periodOf(query)), anomalies: [], monthEnd: null, runwayHours: 24 * 30 });
    const api = fakeApi({
      'history:calendar': sampleCalendar(),
      'history:summary': ({ kind, from }: SummaryQuery) => periodSummary(periodOf({ kind, from }), [input('Acme proxies', 1, { kind, from })]),
      'history:summaryAll': ({ kind, from }: SummaryQuery) => periodSummary(periodOf({ kind, from }), [input('Acme proxies', 1, { kind, from }), input('Side project', 0.5, { kind, from })]),
      'history:exportSummaryAllCsv': { saved: true, rows: 6, fileName: 'zonewatch-summary-all-accounts-week-2026-11-09.csv', leftOut: 0 },
    }).install();
    showAccount('p1', [readout('p1', { label: 'Acme proxies' }), readout('p2', { label: 'Side project' })]);
    render(<HistoryView now={NOW} offline={false} />);
    const card = await screen.findByRole('region', { name: 'Summary' });
    await within(card).findByText(/^Nov 9–Nov 15 \(UTC\):/);
    expect(within(card).queryByRole('region', { name: 'Side project' })).toBeNull();
    await user.selectOptions(within(card).getByLabelText('Of'), 'all');
    const side = await within(card).findByRole('region', { name: 'Side project' });
    expect(api.callsTo('history:summaryAll')).toEqual([{ kind: 'week', from: '2026-11-09' }]);
    expect(within(card).getByRole('region', { name: 'Acme proxies' }).textContent).toContain('$200.00 against $70.00 the week before (+186 %)');
    expect(side.textContent).toContain('$100.00 against $35.00 the week before (+186 %)');
    await user.click(within(card).getByRole('button', { name: 'Export this summary of all accounts (CSV)' }));
    expect(api.callsTo('history:exportSummaryAllCsv')).toEqual([{ kind: 'week', from: '2026-11-09' }]);
    expect(api.callsTo('history:exportSummaryCsv')).toEqual([]);
    // A digest covers every account: its click opens the Summary of all accounts on its period.
    await user.selectOptions(within(card).getByLabelText('Of'), 'account');
    act(() => navigateTo({ view: 'history', period: { kind: 'day', from: '2026-11-12' } }));
    await within(card).findByRole('region', { name: 'Side project' });
    expect(api.callsTo('history:summaryAll').at(-1)).toEqual({ kind: 'day', from: '2026-11-12' });
    expect((within(card).getByLabelText('Of') as HTMLSelectElement).value).toBe('all');
  });

  it("opens on a digest's period when its notification is clicked, the Summary's heading focused", async () => {
    const months = sampleSummaryMonths();
    const api = fakeApi({
      'history:calendar': sampleCalendar(),
      'history:summary': ({ kind, from }: SummaryQuery) => periodSummary(periodOf({ kind, from }), [{ label: 'Northwind', spend: accountPeriodSpend(months, periodOf({ kind, from })), anomalies: dailyAnomalies(months), monthEnd: null, runwayHours: 24 * 30 }]),
    }).install();
    // The click as main sends it: the `navigate` event with the digest's target.
    navigateTo({ view: 'history', period: { kind: 'day', from: '2026-11-12' } });
    expect(useNavigationStore.getState().view).toBe('history');
    render(<HistoryView now={NOW} offline={false} />);
    const card = await screen.findByRole('region', { name: 'Summary' });
    await within(card).findByText(/^Nov 12 \(UTC\):/);
    expect(api.callsTo('history:summary').at(-1)).toEqual({ profileId: 'p1', kind: 'day', from: '2026-11-12' });
    expect(card.textContent).toContain('$80.00 against $20.00 the day before (+300 %)');
    expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Summary' }));
    expect((within(card).getByLabelText('Period') as HTMLSelectElement).value).toBe('day');
    // Another digest clicked while History shows: the Summary moves to its week.
    act(() => navigateTo({ view: 'history', period: { kind: 'week', from: '2026-11-02' } }));
    await within(card).findByText(/^Nov 2–Nov 8 \(UTC\):/);
    expect(api.callsTo('history:summary').at(-1)).toEqual({ profileId: 'p1', kind: 'week', from: '2026-11-02' });
  });
});
