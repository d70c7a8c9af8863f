import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CapsView } from '../../../../renderer/src/views/CapsView';
import { useCapsStore } from '../../../../renderer/src/stores/caps-store';
import { planCaps } from '../../../../electron/core/caps/cap-plan';
import { capsView } from '../../../../electron/core/caps/caps-view';
import { emptyAccountCapState, type CapRule, type CapsReport } from '../../../../shared/caps';
import type { Snapshot } from '../../../../shared/snapshot';
import { ipc, type Channel } from '../../../../shared/ipc';
import { formatIssues } from '../../../../shared/api/issues';
import { fakeApi } from '../fake-api';
import { snapshotWith, zone } from '../samples';
import { CAPS_BOXES, layOutVirtualBoxes } from '../virtual-layout';

// Caps at the size of a reseller's account (docs/desktop.md › Caps): 4,998 zones, drawn only as far
// as they show, "all zones" previewed and set in one go, and a refusal said where it was clicked.

const ZONES = 4_998;
const CAPPED = 1_739;
const ROW_HEIGHT = 60;
const LIST_HEIGHT = 480;

beforeAll(() => layOutVirtualBoxes(CAPS_BOXES, { box: LIST_HEIGHT, row: ROW_HEIGHT }));

const initial = useCapsStore.getState();
beforeEach(() => useCapsStore.setState(initial, true));
afterEach(cleanup);

function bigSnapshot(): Snapshot {
  const zones = Array.from({ length: ZONES }, (_, i) =>
    zone(`Z${String(i).padStart(5, '0')}`, {
      name: `Zone ${String(i).padStart(4, '0')}`,
      spend_today_cents: 100 + i,
      alert: i < CAPPED ? { type: 'dollars_per_day', threshold: 1_500, action: 'disable_zone' } : null,
    }),
  );
  const snapshot = snapshotWith(zones, 'admin');
  return { ...snapshot, discovery: { ...snapshot.discovery, role: 'admin' } };
}

/** The window's API with the caps channels answered by the core's own derivations, each input checked by the IPC contract as main checks it. */
function fake(snapshot: Snapshot, extra: Partial<Record<Channel, (input: unknown) => unknown>> = {}) {
  const usual = () => null;
  const handlers: Partial<Record<Channel, (input: never) => unknown>> = {
    'caps:get': () => capsView(snapshot, usual, null, emptyAccountCapState()),
    'caps:preview': ({ zoneIds, rule }: { zoneIds: string[]; rule: CapRule }) => planCaps({ snapshot, zoneIds, rule, usual, block: null }),
    ...extra,
  };
  const checked = (channel: 'caps:get' | 'caps:preview' | 'caps:apply') => (input: unknown) => {
    const parsed = ipc[channel].input.safeParse(input);
    if (!parsed.success) return { fail: { kind: 'invalid_argument', message: 'Invalid argument.', fields: formatIssues(parsed.error) } };
    return handlers[channel]?.(parsed.data as never);
  };
  return fakeApi({ 'caps:get': checked('caps:get'), 'caps:preview': checked('caps:preview'), 'caps:apply': checked('caps:apply') }).install();
}

const rows = () => within(screen.getByRole('table', { name: 'Caps by zone' })).getAllByRole('rowheader');

describe('Caps at 4,998 zones', () => {
  it('draws only the rows in view under fixed heads, with counts in thousands, and the rest as the list scrolls', async () => {
    fake(bigSnapshot());
    render(<CapsView />);
    expect((await screen.findByRole('status', { name: 'Cap coverage' })).textContent).toBe('Caps on 1,739 of 4,998 zones');
    const table = screen.getByRole('table', { name: 'Caps by zone' });
    expect(table.getAttribute('aria-rowcount')).toBe(String(ZONES + 1));
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Zone', 'Cap', 'Usual daily spend', 'Today', 'Cap used']);
    const drawn = rows();
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(40);
    expect(drawn[0]!.textContent).toBe('Zone 0000');
    expect(drawn[0]!.closest('[role="row"]')!.textContent).toContain('$1,500/day, turns the zone off');

    const list = table.querySelector<HTMLElement>('.caps-list')!;
    act(() => list.scrollTo({ top: list.scrollHeight - LIST_HEIGHT }));
    await waitFor(() => expect(rows().at(-1)!.textContent).toBe('Zone 4997'));
    expect(rows().at(-1)!.closest('[role="row"]')!.getAttribute('aria-rowindex')).toBe(String(ZONES + 1));
    expect(rows().length).toBeLessThan(40);
  });

  it('brings the account cap form into reach without scrolling past the zones', async () => {
    fake(bigSnapshot());
    render(<CapsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Account cap' }));
    expect(document.activeElement).toBe(within(screen.getByRole('form', { name: 'Account cap' })).getByLabelText('Stop all spend when spend today passes ($)'));
  });

  it('previews and sets caps on all 4,998 zones in one go', async () => {
    const report: CapsReport = { action: 'apply', at: '2026-11-22T10:00:00Z', outcomes: [], summary: 'Set the cap on 4,998 zones.', record: null };
    const api = fake(bigSnapshot(), { 'caps:apply': () => report });
    render(<CapsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set caps…' }));
    const form = screen.getByRole('form', { name: 'Set caps' });
    expect(within(form).getByText('4,998 zones picked')).toBeTruthy();
    await userEvent.selectOptions(within(form).getByLabelText('Cap'), 'dollars_per_month');
    await userEvent.clear(within(form).getByLabelText('Amount ($)'));
    await userEvent.type(within(form).getByLabelText('Amount ($)'), '900');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Caps preview' });
    expect((api.callsTo('caps:preview')[0] as { zoneIds: string[] }).zoneIds).toHaveLength(ZONES);
    expect(within(preview).getByRole('heading', { level: 2 }).textContent).toMatch(/^Preview: new caps on 4,998 zones/);
    expect(within(within(preview).getByRole('list', { name: 'Changes' })).getAllByRole('listitem').length).toBeLessThan(40);
    await userEvent.click(within(preview).getByRole('button', { name: 'Set caps on 4,998 zones' }));
    // Every change shown, checked by the IPC contract as main checks it: each zone once, with the caps the preview showed.
    const sent = (api.callsTo('caps:apply')[0] as { changes: { zoneId: string; after: unknown }[] }).changes;
    expect(sent).toHaveLength(ZONES);
    expect(new Set(sent.map((c) => c.zoneId)).size).toBe(ZONES);
    expect(sent.every((c) => JSON.stringify(c.after) === JSON.stringify({ type: 'dollars_per_month', threshold: 900, action: 'disable_and_send_notification' }))).toBe(true);
    expect((await screen.findByRole('status', { name: 'Caps report' })).textContent).toContain('Set the cap on 4,998 zones.');
  });

  it('says a refusal in plain words beside the button that was clicked, and keeps the preview', async () => {
    const message = 'Caps are being changed already. Wait for the report, then try again.';
    fake(bigSnapshot(), {
      'caps:apply': () => ({ fail: { kind: 'unavailable', message } }),
    });
    render(<CapsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set caps…' }));
    const form = screen.getByRole('form', { name: 'Set caps' });
    await userEvent.selectOptions(within(form).getByLabelText('Cap'), 'dollars_per_month');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Caps preview' });
    const button = within(preview).getByRole('button', { name: 'Set caps on 4,998 zones' });
    await userEvent.click(button);
    const said = await within(preview).findByText(`${message} Try again in a moment.`);
    expect(said.getAttribute('role')).toBe('alert');
    // Right under the row of buttons it answers, not above the form.
    expect(said.previousElementSibling).toBe(button.closest('.actions'));
    expect(screen.getAllByRole('alert').filter((a) => !preview.contains(a))).toEqual([]);
    expect(screen.getByRole('region', { name: 'Caps preview' })).toBe(preview);
  });
});
