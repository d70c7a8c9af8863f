import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverviewView } from '../../../../renderer/src/views/OverviewView';
import { formatBilled } from '../../../../shared/money';
import type { HistoryPoint } from '../../../../shared/history';
import type { Snapshot } from '../../../../shared/snapshot';
import { readoutFor } from '../../../fixtures/readouts';
import { monthEndLine } from '../../../../shared/forecast';
import { sampleMonths } from '../history/ledger-samples';
import { showAccount } from '../accounts';
import { fakeApi } from '../fake-api';
import { snapshotWith, zone } from '../samples';

// uPlot measures the screen when imported, which jsdom cannot; the chart is not what this tests.
vi.mock('../../../../renderer/src/components/SpendChart', () => ({ SpendChart: () => null }));

afterEach(cleanup);

const NOW = Date.parse('2026-11-22T10:30:00Z');

/** The window shows account p1, whose read model the core derived from this snapshot and history. */
function show(snapshot: Snapshot, history: HistoryPoint[] = []): void {
  showAccount('p1', [readoutFor('p1', snapshot, { history, now: NOW })]);
}

describe('OverviewView', () => {
  it('redraws the history after each update but reads the notifications once, since new ones are pushed', async () => {
    const api = fakeApi({ 'history:get': [], 'notifications:list': [] }).install();
    const first = snapshotWith([zone('A1')]);
    show(first);
    const { rerender } = render(<OverviewView snapshot={first} now={NOW} />);
    await screen.findByText('No alerts in the last 24 hours.');
    const next = { ...first, zonesFetch: { ...first.zonesFetch, fetchedAt: '2026-11-22T10:31:00Z' } };
    rerender(<OverviewView snapshot={next} now={NOW} />);
    await waitFor(() => expect(api.callsTo('history:get')).toHaveLength(2));
    expect(api.callsTo('notifications:list')).toHaveLength(1);
  });

  // The today counter rises $3 an hour while the month counter stands still, so a rate from the
  // month counter (what the card once used) would read $0.00/h here.
  const lastHour = (minutes: number): HistoryPoint[] =>
    Array.from({ length: minutes + 1 }, (_, m) => ({
      t: NOW - minutes * 60_000 + m * 60_000,
      balanceCents: 5_000,
      spendTodayCents: 500 + m * 5,
      spendMonthCents: 10_000,
      throughputBps: 0,
      zones: {},
    }));

  it('shows the burn rate and runway of the account’s read model: the figures the runway alert reads', async () => {
    const history = lastHour(60);
    fakeApi({ 'history:get': history, 'notifications:list': [] }).install();
    const snapshot = snapshotWith([zone('A1')]);
    const readout = readoutFor('p1', snapshot, { history, now: NOW });
    showAccount('p1', [readout]);
    render(<OverviewView snapshot={snapshot} now={NOW} />);
    expect((await screen.findByText(`${formatBilled(readout.figures.burnCentsPerHour!)}/h`)).textContent).toBe('$3.00/h');
    expect(screen.getByText('over the last hour; balance lasts 17 h').tagName).toBe('DD');
  });

  it('shows the month end with its likely range, from the account’s ledger, and what the range means', async () => {
    fakeApi({ 'history:get': [], 'notifications:list': [] }).install();
    const snapshot = snapshotWith([zone('WEB1', { spend_this_month_cents: 150_000, spend_today_cents: 2_000 }), zone('API2', { spend_this_month_cents: 25_000, spend_today_cents: 120 })]);
    const readout = readoutFor('p1', snapshot, { months: sampleMonths(), now: NOW });
    showAccount('p1', [readout]);
    render(<OverviewView snapshot={snapshot} now={NOW} />);
    const card = (await screen.findByText('Month end (forecast)')).closest('div')!;
    const end = readout.figures.monthEnd!;
    expect(end.basis).toBe('pattern');
    expect(card.querySelector('.forecast-line')!.textContent).toBe(monthEndLine(end));
    expect(monthEndLine(end)).toMatch(/^Month end ≈ \$[\d,]+, likely \$[\d,]+–\$[\d,]+$/);
    expect(card.textContent).toContain('About 8 months in 10 end inside the likely range.');
    expect(card.textContent).toContain('(some of them estimated)');
  });

  it('says there is not enough data yet with under half an hour of history, even with spend today', async () => {
    fakeApi({ 'history:get': lastHour(20), 'notifications:list': [] }).install();
    show(snapshotWith([zone('A1')]), lastHour(20));
    render(<OverviewView snapshot={snapshotWith([zone('A1')])} now={NOW} />);
    await screen.findByText('No alerts in the last 24 hours.');
    expect(await screen.findByText('Not enough data yet')).toBeTruthy();
    expect(screen.queryByText(/\/h$/)).toBeNull();
  });

  it('labels spend today, throughput and top zones as covering 23 of 25 zones while two are not known yet', async () => {
    fakeApi({ 'history:get': [], 'notifications:list': [] }).install();
    const known = Array.from({ length: 23 }, (_, i) => zone(`Z${i}`, { spend_today_cents: 10 }));
    const base = snapshotWith(known);
    const snapshot = { ...base, zonesFetch: { ...base.zonesFetch, info: { current: 25, allowed: 100 } } };
    show(snapshot);
    render(<OverviewView snapshot={snapshot} now={NOW} />);
    const spendCard = (await screen.findByText('Spend today')).closest('div')!;
    expect(spendCard.textContent).toContain('$2.30');
    expect(spendCard.textContent).toContain('across 23 of 25 zones');
    expect(screen.getByText('Throughput now').closest('div')!.textContent).toContain('across 23 of 25 zones');
    expect(screen.getByText('Among the zones known so far (across 23 of 25 zones).')).toBeTruthy();
  });

  it('does not label spend today as partial when every zone is known, and counts zones by info.current', async () => {
    fakeApi({ 'history:get': [], 'notifications:list': [] }).install();
    show(snapshotWith([zone('A1'), zone('B2')]));
    render(<OverviewView snapshot={snapshotWith([zone('A1'), zone('B2')])} now={NOW} />);
    const spendCard = (await screen.findByText('Spend today')).closest('div')!;
    expect(spendCard.textContent).not.toContain('across');
    expect(screen.getByText('Throughput now').closest('div')!.textContent).toContain('2 zones');
  });
});
