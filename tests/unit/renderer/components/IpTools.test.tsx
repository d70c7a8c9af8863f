import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { IpTools } from '../../../../renderer/src/components/IpTools';
import { fakeApi } from '../fake-api';
import { zone } from '../samples';

afterEach(cleanup);

describe('IpTools', () => {
  it('deletes pasted IPs only after confirmation and lists those not in the zone', async () => {
    const api = fakeApi({ 'zones:deleteIps': { done: ['10.0.0.1'], notInZone: ['10.9.9.9'], zone: null } }).install();
    render(<IpTools zone={zone('Z1')} />);
    await userEvent.type(screen.getByLabelText('IP addresses (paste one or many)'), '10.0.0.1 10.9.9.9');
    await userEvent.click(screen.getByRole('button', { name: 'Delete IPs…' }));
    expect(api.calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(api.callsTo('zones:deleteIps')).toEqual([{ profileId: 'p1', zoneId: 'Z1', ips: ['10.0.0.1', '10.9.9.9'] }]);
    expect(screen.getByText('Deleted 1 IP: 10.0.0.1.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'IPs not in this zone' }).textContent).toBe('10.9.9.9');
  });

  it('refuses to send text that is not an IP address', async () => {
    fakeApi().install();
    render(<IpTools zone={zone('Z1')} />);
    await userEvent.type(screen.getByLabelText('IP addresses (paste one or many)'), '10.0.0.1 nonsense');
    expect(screen.getByText('Not IP addresses: nonsense.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh IPs…' })).toHaveProperty('disabled', true);
  });
});
