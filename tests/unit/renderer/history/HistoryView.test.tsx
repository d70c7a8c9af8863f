import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryView } from '../../../../renderer/src/views/HistoryView';
import { resetAccountStores } from '../../../../renderer/src/stores/account-switch';
import { formatBilled } from '../../../../shared/money';
import { formatBytes } from '../../../../shared/units';
import { fakeApi } from '../fake-api';
import { NOW, sampleCalendar, sampleDay } from './ledger-samples';

afterEach(cleanup);
beforeEach(resetAccountStores);

const dayButton = (name: RegExp) => screen.getByRole('button', { name });

describe('HistoryView', () => {
  it('shows the month of today as a calendar of UTC days, each day naming its spend and how exact it is', async () => {
    const calendar = sampleCalendar();
    fakeApi({ 'history:calendar': calendar }).install();
    render(<HistoryView now={NOW} offline={false} />);
    expect(await screen.findByRole('heading', { name: 'November 2026' })).toBeTruthy();
    const grid = screen.getByRole('table', { name: 'November 2026, UTC days: spend per day' });
    expect(within(grid).getAllByRole('button')).toHaveLength(30);
    const nov3 = calendar.days.find((d) => d.day === '2026-11-03')!;
    expect(dayButton(/^Tue, Nov 3, 2026 \(UTC\)/).getAttribute('aria-label')).toBe(`Tue, Nov 3, 2026 (UTC): ${formatBilled(nov3.spendCents)}, ${formatBytes(nov3.usageBytes!)}, exact`);
    // Zonewatch did not run from the 10th in the afternoon to the 12th in the morning.
    expect(dayButton(/^Wed, Nov 11, 2026/).getAttribute('aria-label')).toMatch(/, estimated$/);
    expect(dayButton(/^Sun, Nov 22, 2026/).getAttribute('aria-label')).toMatch(/so far, through Nov 22 09:17 UTC$/);
    expect(dayButton(/^Mon, Nov 23, 2026/).getAttribute('aria-label')).toBe('Mon, Nov 23, 2026 (UTC): no history');
    expect(screen.getByText(/As of/).textContent).toMatch(/As of 1 h ago\./);
  });

  it('names the day pointed at or focused under the calendar', async () => {
    fakeApi({ 'history:calendar': sampleCalendar() }).install();
    render(<HistoryView now={NOW} offline={true} />);
    await screen.findByRole('heading', { name: 'November 2026' });
    expect(screen.getByText(/^Spend per UTC day/).textContent).toMatch(/Offline: as of 1 h ago\.$/);
    fireEvent.mouseEnter(dayButton(/^Wed, Nov 11, 2026/));
    expect(screen.getByText(/^Wed, Nov 11, 2026 \(UTC\): \$.*, estimated$/, { selector: 'p' })).toBeTruthy();
    act(() => dayButton(/^Thu, Nov 5, 2026/).focus());
    expect(screen.getByText(/^Thu, Nov 5, 2026 \(UTC\): \$.*, exact$/, { selector: 'p' })).toBeTruthy();
  });

  it('is reachable by keyboard: one day in the tab order, arrows move by day and week, Page Up goes to the month before', async () => {
    const user = userEvent.setup();
    fakeApi({ 'history:calendar': sampleCalendar() }).install();
    render(<HistoryView now={NOW} offline={false} />);
    await screen.findByRole('heading', { name: 'November 2026' });
    const grid = screen.getByRole('table');
    expect(within(grid).getAllByRole('button').filter((b) => b.tabIndex === 0).map((b) => b.dataset.day)).toEqual(['2026-11-22']);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous month' }));
    await user.tab();
    expect(document.activeElement).toBe(dayButton(/^Sun, Nov 22/));
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(document.activeElement).toBe(dayButton(/^Sat, Nov 14/));
    await user.keyboard('{PageUp}');
    expect(await screen.findByRole('heading', { name: 'October 2026' })).toBeTruthy();
    expect(document.activeElement).toBe(dayButton(/^Wed, Oct 14/));
    // October's last day is never read to its end: estimated.
    expect(dayButton(/^Sat, Oct 31/).getAttribute('aria-label')).toMatch(/estimated$/);
    // The history starts on Oct 20: the month says what October spent before it, not split by day.
    expect(screen.getByText(/spent before Oct 20, not split by day/)).toBeTruthy();
  });

  it("lists a chosen day's zones by spend, with why a figure is estimated", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'history:calendar': sampleCalendar(), 'history:day': (input: { day: string }) => sampleDay(input.day) }).install();
    render(<HistoryView now={NOW} offline={false} />);
    await screen.findByRole('heading', { name: 'November 2026' });
    await user.click(dayButton(/^Wed, Nov 11/));
    expect(api.callsTo('history:day')).toEqual([{ profileId: 'p1', day: '2026-11-11' }]);
    const section = await screen.findByRole('region', { name: 'Wed, Nov 11, 2026 (UTC)' });
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual(['Web scraping', 'API monitoring']);
    expect(rows[0]!.textContent).toMatch(/estimated: no reading from Nov 10 13:17 UTC to Nov 12 00:00 UTC, whose spend is spread over that time by what the zone usually spends on each day/);
    expect(dayButton(/^Wed, Nov 11/).getAttribute('aria-pressed')).toBe('true');
  });

  it('says when there is no history yet', async () => {
    fakeApi({ 'history:calendar': { days: [], before: [], lastReadingAt: null } }).install();
    render(<HistoryView now={NOW} offline={false} />);
    expect(await screen.findByText(/No daily history yet: it starts from Zonewatch's first update/)).toBeTruthy();
  });

  it('exports the daily history as CSV and says where it went', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'history:calendar': sampleCalendar(), 'history:exportCsv': { saved: true, rows: 98, fileName: 'zonewatch-daily-spend-2026-11-22.csv', leftOut: 0 } }).install();
    render(<HistoryView now={NOW} offline={false} />);
    await user.click(await screen.findByRole('button', { name: 'Export daily history (CSV)' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved 98 rows to zonewatch-daily-spend-2026-11-22.csv.'));
    expect(api.callsTo('history:exportCsv')).toEqual([{ profileId: 'p1' }]);
  });
});
