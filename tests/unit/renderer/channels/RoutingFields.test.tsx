import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoutingFields } from '../../../../renderer/src/components/channels/RoutingFields';
import { ROUTE_KEYS, Routing } from '../../../../shared/channels';
import { slack, telegram } from './channel-samples';

afterEach(cleanup);

function Harness({ seen }: { seen: Routing[] }) {
  const [routing, setRouting] = useState(() => Routing.parse(undefined));
  return (
    <RoutingFields
      routing={routing}
      channels={[slack(), telegram()]}
      onChange={(next) => {
        seen.push(next);
        setRouting(next);
      }}
    />
  );
}

describe('Where alerts go', () => {
  it('lists every rule, both digests, a rejected key and an interrupted run, each saying where it goes; the urgent ones marked', () => {
    render(<Harness seen={[]} />);
    const rows = within(screen.getByRole('list', { name: 'Where each alert goes' })).getAllByRole('listitem');
    expect(rows).toHaveLength(ROUTE_KEYS.length);
    const cap = rows.find((r) => r.textContent?.startsWith('The account cap'))!;
    expect(cap.textContent).toContain('Desktop · urgent');
    const weekly = rows.find((r) => r.textContent?.startsWith('The weekly summary'))!;
    expect(weekly.textContent).toContain('Desktop');
    expect(rows.some((r) => r.textContent?.startsWith('A Stop all spend or caps change was interrupted'))).toBe(true);
  });

  it('sends a rule to a channel instead of the desktop, from the keyboard', async () => {
    const seen: Routing[] = [];
    render(<Harness seen={seen} />);
    const change = screen.getByRole('button', { name: 'Change where “Balance runs low” goes' });
    change.focus();
    await userEvent.keyboard('{Enter}');
    expect(change.getAttribute('aria-expanded')).toBe('true');
    const choices = screen.getByRole('group', { name: 'Where “Balance runs low” goes' });
    await userEvent.click(within(choices).getByRole('checkbox', { name: 'Phone' }));
    await userEvent.click(within(choices).getByRole('checkbox', { name: 'Desktop' }));
    expect(seen.at(-1)?.routes.lowBalance).toEqual({ desktop: false, channels: ['telegramchan01'] });
    const row = change.closest('li')!;
    expect(row.textContent).toContain('Phone');
    await userEvent.click(within(choices).getByRole('checkbox', { name: 'Phone' }));
    expect(row.textContent).toContain('Nowhere');
    await userEvent.click(within(choices).getByRole('checkbox', { name: 'Urgent: to channels in quiet hours too' }));
    expect(seen.at(-1)?.urgent).toContain('lowBalance');
  });
});
