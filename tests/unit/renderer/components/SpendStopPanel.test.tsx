import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SpendStopPanel } from '../../../../renderer/src/components/SpendStopPanel';
import { useNavigationStore } from '../../../../renderer/src/stores/navigation-store';
import { useSpendStopStore } from '../../../../renderer/src/stores/spend-stop-store';
import type { SpendStopPlan, SpendStopRecord, SpendStopReport } from '../../../../shared/spend-stop';
import { fakeApi } from '../fake-api';
import { snapshotWith, zone } from '../samples';

const initial = useSpendStopStore.getState();
beforeEach(() => {
  useSpendStopStore.setState(initial, true);
  useNavigationStore.setState({ view: 'overview', zoneId: null, focus: null });
});
afterEach(cleanup);

const ref = (zoneId: string, name: string, spendTodayCents: number) => ({ zoneId, name, spendTodayCents });
const plan: SpendStopPlan = { zones: [ref('A', 'Scraper', 1_200), ref('B', 'Monitor', 300)], spendTodayCents: 1_500, notAllowed: [], blockedReason: null };
const record: SpendStopRecord = {
  stoppedAt: '2026-11-22T03:00:00Z',
  updatedAt: '2026-11-22T03:00:00Z',
  disabled: [ref('A', 'Scraper', 1_200)],
  remaining: [{ ...ref('B', 'Monitor', 300), result: 'failed', reason: 'The service had a problem.' }],
};
const report: SpendStopReport = {
  action: 'stop',
  at: '2026-11-22T03:00:00Z',
  outcomes: [
    { ...ref('A', 'Scraper', 1_200), result: 'disabled', reason: null },
    { ...ref('B', 'Monitor', 300), result: 'failed', reason: 'The service had a problem.' },
  ],
  summary: 'Disabled 1 zone. 1 zone still running: Monitor.',
  record,
};
const running = snapshotWith([zone('A', { name: 'Scraper', enabled: true }), zone('B', { name: 'Monitor', enabled: true })]);

describe('SpendStopPanel', () => {
  it('confirms once with the zone count and spend, then reports each zone and what still runs', async () => {
    const api = fakeApi({ 'spend:get': { record: null }, 'spend:plan': plan, 'spend:stop': report }).install();
    render(<SpendStopPanel snapshot={running} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop all spend…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop all spend on Acme proxies?' });
    expect(dialog.textContent).toContain('disable 2 zones that spent $15.00 today');
    expect(api.callsTo('spend:stop')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Disable 2 zones' }));
    expect(api.callsTo('spend:stop')).toEqual([{ profileId: 'p1', retry: false }]);
    const shown = await screen.findByRole('status', { name: 'Stop report' });
    expect(shown.textContent).toContain('Acme proxies: Disabled 1 zone. 1 zone still running: Monitor.');
    expect(shown.textContent).toContain('Monitor — failed: The service had a problem.');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const api = fakeApi({ 'spend:get': { record: null }, 'spend:plan': plan }).install();
    render(<SpendStopPanel snapshot={running} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop all spend…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('spend:stop')).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows why a stop cannot run instead of a confirmation', async () => {
    fakeApi({ 'spend:get': { record: null }, 'spend:plan': { ...plan, blockedReason: 'Zonewatch is offline. Nothing was stopped.' } }).install();
    render(<SpendStopPanel snapshot={running} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop all spend…' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Zonewatch is offline. Nothing was stopped.');
    expect(screen.queryByRole('button', { name: /Disable/ })).toBeNull();
  });

  it('while a record exists, says how many zones still run and offers retry, restore and dismiss', async () => {
    const restored: SpendStopReport = { ...report, action: 'restore', summary: 'Turned 1 zone back on.', outcomes: [{ ...ref('A', 'Scraper', 1), result: 'enabled', reason: null }], record: null };
    const api = fakeApi({ 'spend:get': { record }, 'spend:restore': restored }).install();
    const snapshot = snapshotWith([zone('A', { name: 'Scraper', enabled: false }), zone('B', { name: 'Monitor', enabled: true })]);
    render(<SpendStopPanel snapshot={snapshot} />);
    expect(await screen.findByText(/1 of 2 zones still running/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry stopping 1 zone…' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Restore 1 zone' }));
    expect(api.callsTo('spend:restore')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(/still running/)).toBeNull());
    expect(screen.getByRole('status', { name: 'Stop report' }).textContent).toContain('Turned 1 zone back on.');
  });

  it('opens the confirmation at once when an account notification led here', async () => {
    fakeApi({ 'spend:get': { record: null }, 'spend:plan': plan }).install();
    useNavigationStore.getState().go('overview', undefined, 'stopSpend');
    render(<SpendStopPanel snapshot={running} />);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('disable 2 zones');
    expect(useNavigationStore.getState().focus).toBeNull();
  });
});
