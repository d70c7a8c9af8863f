import { monthEndLine } from '../../../../shared/forecast';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MonthComparisonCard } from '../../../../renderer/src/components/history/MonthComparisonCard';
import { ZoneTrend } from '../../../../renderer/src/components/history/ZoneTrend';
import { RemoveAccount } from '../../../../renderer/src/components/RemoveAccount';
import { resetAccountStores } from '../../../../renderer/src/stores/account-switch';
import { AccountsView } from '../../../../renderer/src/views/AccountsView';
import { formatBilled } from '../../../../shared/money';
import { overviewOf, readout, showAccount } from '../accounts';
import { READOUT_NOW } from '../../../fixtures/readouts';
import { fakeApi } from '../fake-api';
import { sampleComparison, sampleMonths, sampleTrend } from './ledger-samples';
import { recentAccountDays } from '../../../../electron/core/ledger/ledger-views';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts-store';

// uPlot measures the screen when imported, which jsdom cannot; the words beside each chart are what is tested.
vi.mock('../../../../renderer/src/components/history/TrendPlot', () => ({ default: ({ title }: { title: string }) => <div role="img" aria-label={title} /> }));

const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

afterEach(cleanup);
beforeEach(resetAccountStores);

describe("a zone's trend", () => {
  it('shows the last 90 UTC days in words and in a chart, each day in a table with why it is estimated', async () => {
    const user = userEvent.setup();
    const trend = sampleTrend();
    const api = fakeApi({ 'history:zone': trend }).install();
    render(<ZoneTrend zoneId="WEB1" refreshKey="a" />);
    expect(await screen.findByRole('heading', { name: 'Last 90 days (UTC days)' })).toBeTruthy();
    expect(api.callsTo('history:zone')).toEqual([{ profileId: 'p1', zoneId: 'WEB1', days: 90 }]);
    const whole = trend.days.filter((d) => d.coverage !== 'partial');
    const total = whole.reduce((sum, d) => sum + d.spendCents, 0);
    const estimated = whole.filter((d) => d.coverage === 'estimated').length;
    expect(screen.getByText(new RegExp(`^Over ${whole.length} UTC days held of the last 90: ${esc(formatBilled(total))}`)).textContent).toMatch(new RegExp(`; ${estimated} days estimated\\.$`));
    expect(await screen.findByRole('img', { name: 'Daily spend and usage of this zone over the last 90 UTC days' })).toBeTruthy();
    await user.click(screen.getByText('Show the days as a table'));
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(trend.days.length);
    expect(rows[0]!.textContent).toMatch(/^Sun, Nov 22, 2026so far, through Nov 22 09:17 UTC/);
    expect(rows.find((r) => r.textContent!.startsWith('Sat, Oct 31, 2026'))!.textContent).toMatch(/estimated: the month's figures start again at 00:00 UTC/);
    expect(screen.getByText('Not enough updates in the last 48 hours to show a rate yet.')).toBeTruthy();
    // The zone's month end, as the core forecast it from the same ledger.
    const line = screen.getByText((_, el) => el?.classList.contains('month-end') ?? false);
    expect(line.textContent).toBe(`${monthEndLine(trend.monthEnd!)} — ${trend.monthEnd!.words}.`);
    expect(line.textContent).toMatch(/^Month end ≈ \$[\d,]+, likely \$[\d,]+–\$[\d,]+ — From \d+ days of history/);
  });

  it('reads the trend again after each update', async () => {
    const api = fakeApi({ 'history:zone': sampleTrend() }).install();
    const { rerender } = render(<ZoneTrend zoneId="WEB1" refreshKey="a" />);
    await screen.findByRole('heading', { name: 'Last 90 days (UTC days)' });
    rerender(<ZoneTrend zoneId="WEB1" refreshKey="b" />);
    await waitFor(() => expect(api.callsTo('history:zone')).toHaveLength(2));
  });
});

describe('this month against last month', () => {
  it('gives the change and both spans of whole UTC days', async () => {
    const comparison = sampleComparison();
    fakeApi({ 'history:compare': comparison }).install();
    render(<dl><MonthComparisonCard refreshKey="a" /></dl>);
    const change = Math.round(((comparison.thisMonth!.spendCents - comparison.lastMonth!.spendCents) / comparison.lastMonth!.spendCents) * 100);
    expect(change).toBeGreaterThan(5);
    expect(await screen.findByText(`+${change} %`)).toBeTruthy();
    expect(screen.getByText(`Nov 1–21: ${formatBilled(comparison.thisMonth!.spendCents)} (2 days estimated)`)).toBeTruthy();
    expect(screen.getByText(`Oct 1–21: ${formatBilled(comparison.lastMonth!.spendCents)}`)).toBeTruthy();
  });

  it('says why it cannot compare', async () => {
    fakeApi({ 'history:compare': { thisMonth: null, lastMonth: null, reason: 'There is no history of October 2026 yet.' } }).install();
    render(<dl><MonthComparisonCard refreshKey="a" /></dl>);
    expect(await screen.findByText('There is no history of October 2026 yet.')).toBeTruthy();
  });
});

describe('All accounts', () => {
  it("draws each account's last 30 UTC days as a small line that says what it shows", async () => {
    const days = recentAccountDays(sampleMonths(), Date.parse('2026-11-22T10:30:00Z'), 30);
    fakeApi({
      'history:recent': [
        { profileId: 'p1', fromDay: '2026-10-23', days },
        { profileId: 'p2', fromDay: '2026-10-23', days: [] },
      ],
    }).install(null);
    useAccountsStore.setState({ overview: overviewOf([readout('p1', { label: 'Client A' }), readout('p2', { label: 'Client B' })]), selection: 'all', adding: false, error: null });
    render(<AccountsView now={READOUT_NOW} />);
    const line = await screen.findByRole('img', { name: /^Last 30 UTC days: / });
    const total = days.reduce((sum, d) => sum + d.spendCents, 0);
    expect(line.getAttribute('aria-label')).toMatch(new RegExp(`^Last 30 UTC days: ${esc(formatBilled(total))} over the 30 held, highest .* on Nov \\d+, 3 estimated$`));
    expect(line.querySelector('path')!.getAttribute('d')).toMatch(/^M0\.0 [\d.]+ (L[\d.]+ [\d.]+ ){29}$|^M0\.0 [\d.]+( L[\d.]+ [\d.]+){29}$/);
    expect(screen.getByText('No daily history yet')).toBeTruthy();
  });
});

describe('Remove account', () => {
  it('offers to export its daily history before it is erased', async () => {
    const user = userEvent.setup();
    showAccount('p1');
    const api = fakeApi({ 'history:exportCsv': { saved: true, rows: 120, fileName: 'zonewatch-daily-spend-2026-11-22.csv', leftOut: 0 }, 'accounts:remove': { removed: true }, 'accounts:list': overviewOf([]) }).install();
    render(<RemoveAccount account={readout('p1', { label: 'Client A' })} />);
    await user.click(screen.getByRole('button', { name: 'Remove this account…' }));
    await user.click(screen.getByRole('button', { name: 'Export its daily history first (CSV)' }));
    expect(await screen.findByText('Saved 120 rows to zonewatch-daily-spend-2026-11-22.csv.')).toBeTruthy();
    expect(api.callsTo('history:exportCsv')).toEqual([{ profileId: 'p1' }]);
    expect(api.callsTo('accounts:remove')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove and erase' }));
    await waitFor(() => expect(api.callsTo('accounts:remove')).toEqual([{ profileId: 'p1' }]));
  });
});
