import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZoneEditForm } from '../../../../renderer/src/components/ZoneEditForm';
import { fakeApi } from '../fake-api';
import { zone } from '../samples';

afterEach(cleanup);

const z = zone('1234ABCD', { pool_size: 10 });

describe('ZoneEditForm', () => {
  it('shows the cost change of a bigger pool and commits only after confirmation', async () => {
    const after = { ...z.cost, ip_pool_count: 12, ip_pool_cents_monthly_total: 1800, standing_charges_cents_monthly: 2310 };
    const api = fakeApi({
      'zones:preview': { zone: z, costBefore: z.cost, costAfter: after, standingMonthlyDeltaCents: 300, standingDailyAfterCents: 77, balanceCents: 5000 },
      'zones:update': zone('1234ABCD', { pool_size: 12 }),
    }).install();
    const onDone = vi.fn();
    render(<ZoneEditForm zone={z} alertEditable onDone={onDone} />);
    await userEvent.clear(screen.getByLabelText('Pool size (IPs)'));
    await userEvent.type(screen.getByLabelText('Pool size (IPs)'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    const preview = await screen.findByRole('region', { name: 'Cost preview' });
    expect(preview.textContent).toContain('Standing charges go from $20.10 to $23.10 a month (+$3.00)');
    expect(api.callsTo('zones:update')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm change' }));
    expect(api.callsTo('zones:update')).toEqual([{ profileId: 'p1', zoneId: '1234ABCD', changes: { pool_size: 12 }, skipResourceCheck: true }]);
    expect(onDone).toHaveBeenCalledWith('Saved the changes to Price scraper EU.');
  });

  it('saves a rename straight away, with no preview', async () => {
    const api = fakeApi({ 'zones:update': zone('1234ABCD', { name: 'New name' }) }).install();
    render(<ZoneEditForm zone={z} alertEditable onDone={() => undefined} />);
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'New name');
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(api.callsTo('zones:preview')).toEqual([]);
    expect(api.callsTo('zones:update')).toEqual([{ profileId: 'p1', zoneId: '1234ABCD', changes: { name: 'New name' }, skipResourceCheck: true }]);
  });

  it('names a bad value beside its field and sends nothing', async () => {
    const api = fakeApi().install();
    render(<ZoneEditForm zone={z} alertEditable onDone={() => undefined} />);
    await userEvent.clear(screen.getByLabelText('Pool size (IPs)'));
    await userEvent.type(screen.getByLabelText('Pool size (IPs)'), '20000');
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(screen.getByLabelText('Pool size (IPs)').getAttribute('aria-describedby')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('accepts an alert threshold up to the reference page’s 1,000,000', async () => {
    const api = fakeApi({ 'zones:update': zone('1234ABCD') }).install();
    render(<ZoneEditForm zone={zone('1234ABCD', { alert: null })} alertEditable onDone={() => undefined} />);
    await userEvent.click(screen.getByLabelText('Alert on this zone'));
    await userEvent.clear(screen.getByLabelText('Alert threshold (dollars)'));
    await userEvent.type(screen.getByLabelText('Alert threshold (dollars)'), '500000');
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(api.callsTo('zones:update')).toEqual([
      { profileId: 'p1', zoneId: '1234ABCD', changes: { alert: { type: 'dollars_per_day', threshold: 500000, action: 'send_notification' } }, skipResourceCheck: true },
    ]);
  });

  it('leaves out the alert fields for a key that cannot see alerts, and never sends an alert', async () => {
    const api = fakeApi({ 'zones:update': zone('1234ABCD', { name: 'New name' }) }).install();
    render(<ZoneEditForm zone={zone('1234ABCD', { alert: null })} alertEditable={false} onDone={() => undefined} />);
    expect(screen.queryByLabelText('Alert on this zone')).toBeNull();
    expect(screen.getByText(/shows zone alerts only to admin keys/)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'New name');
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(api.callsTo('zones:update')).toEqual([{ profileId: 'p1', zoneId: '1234ABCD', changes: { name: 'New name' }, skipResourceCheck: true }]);
  });
});
