import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CommandPalette } from '../../../../renderer/src/components/palette/CommandPalette';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts-store';
import { useNavigationStore } from '../../../../renderer/src/stores/navigation-store';
import { asksForPalette, usePaletteRequest } from '../../../../renderer/src/stores/palette-request';
import { usePaletteStore } from '../../../../renderer/src/stores/palette-store';
import type { Zone } from '../../../../shared/api/zone';
import type { PaletteChoice } from '../../../../shared/palette';
import { stopPlan } from '../../../../electron/core/spend-stop/stop-plan';
import { spendStopSummary } from '../../../../electron/core/spend-stop/stop-summary';
import type { SpendStopRecord, SpendStopReport, SpendStopResult, SpendStopZone } from '../../../../shared/spend-stop';
import { paletteListOf } from '../../../fixtures/palette';
import { overviewOf, readout } from '../accounts';
import { fail, fakeApi } from '../fake-api';
import { snapshotWith, zone } from '../samples';

const clientA = readout('p1', { label: 'Client A' });
const clientB = readout('p2', { label: 'Client B', color: 'orange' });

// jsdom lays nothing out: the palette's scroller gets a size and its rows a height, as a browser gives them.
beforeAll(() => {
  const size = (element: HTMLElement, scroller: number, row: number) => (element.classList.contains('palette-scroller') ? scroller : element.classList.contains('palette-option') ? row : 0);
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get(this: HTMLElement) { return size(this, 360, 52); } });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get(this: HTMLElement) { return size(this, 400, 400); } });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get(this: HTMLElement) { return size(this, 360, 52); } });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get(this: HTMLElement) { return size(this, 400, 400); } });
});
beforeEach(() => {
  usePaletteStore.setState(usePaletteStore.getInitialState(), true);
  usePaletteRequest.setState({ count: 0 });
  useNavigationStore.setState({ view: 'overview', zoneId: null, focus: null });
});
afterEach(cleanup);

/** The palette over a fake main whose zones change as `zones:setEnabled` changes them. */
function setup(options: { zonesB?: Zone[]; setEnabled?: (input: { zoneId: string; enabled: boolean }) => unknown; extra?: Record<string, unknown> } = {}) {
  const zonesA = [zone('A1', { name: 'scraper eu', open_connections: 0 })];
  let zonesB = options.zonesB ?? [zone('B7', { name: 'crawler seven', open_connections: 12 })];
  let recent: PaletteChoice[] = [];
  const api = fakeApi({
    'palette:list': () => paletteListOf([{ readout: clientA, zones: zonesA }, { readout: clientB, zones: zonesB }], recent),
    'palette:remember': ({ choice }: { choice: PaletteChoice }) => ({ recent: (recent = [choice, ...recent.filter((c) => c.id !== choice.id)]) }),
    'zones:setEnabled':
      options.setEnabled ??
      (({ zoneId, enabled }: { zoneId: string; enabled: boolean }) => {
        zonesB = zonesB.map((z) => (z.zone_id === zoneId ? { ...z, enabled } : z));
        return zonesB.find((z) => z.zone_id === zoneId);
      }),
    ...options.extra,
  }).install('p1');
  useAccountsStore.setState({ overview: overviewOf([clientA, clientB]), selection: 'p1', adding: false, error: null });
  const opener = document.createElement('button');
  opener.textContent = 'where I was';
  document.body.append(opener);
  opener.focus();
  render(<CommandPalette />);
  act(() => usePaletteRequest.getState().request());
  return { api, opener, user: userEvent.setup() };
}

const field = () => screen.getByRole('combobox');
const outcome = (zone: SpendStopZone, result: SpendStopResult) => ({ ...zone, result, reason: null });
const activeOption = () => document.getElementById(field().getAttribute('aria-activedescendant') ?? '')!;

describe('the command palette', () => {
  it('is a combobox over a listbox whose active row is its active descendant, and announces the result count', async () => {
    const { user } = setup();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    expect(document.activeElement).toBe(field());
    expect(field().getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    await user.type(field(), 'crawler seven');
    expect(activeOption().getAttribute('role')).toBe('option');
    expect(activeOption().textContent).toContain('crawler seven');
    expect(activeOption().textContent).toContain('Client B');
    // The list scrolls itself and is a Tab stop whose active descendant is the field's.
    expect(screen.getByRole('listbox').tabIndex).toBe(0);
    expect(screen.getByRole('listbox').getAttribute('aria-activedescendant')).toBe(activeOption().id);
    expect(screen.getByRole('status').textContent).toContain('1 result');
    await user.clear(field());
    await user.type(field(), 'zzqx');
    expect(screen.getByRole('status').textContent).toContain('Nothing found');
  });

  it('disables a zone of another account with open connections in two keys: Enter, then Enter on the confirmation', async () => {
    const { api, user } = setup();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    await user.type(field(), 'crawler seven');
    await user.keyboard('{Enter}');
    expect(api.callsTo('zones:setEnabled')).toEqual([]);
    const confirm = screen.getByRole('button', { name: 'Disable zone' });
    expect(document.activeElement).toBe(confirm);
    expect(screen.getByText(/12 open connections/)).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('zones:setEnabled')).toEqual([{ profileId: 'p2', zoneId: 'B7', enabled: false }]));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('“crawler seven” of Client B is now off.'));
    expect(activeOption().textContent).toMatch(/off/);
    expect(document.activeElement).toBe(field());
  });

  it('cancels the confirmation with Esc and changes nothing', async () => {
    const { api, user } = setup();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    await user.type(field(), 'crawler seven');
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Disable zone' })).toBeNull();
    expect(document.activeElement).toBe(field());
    expect(api.callsTo('zones:setEnabled')).toEqual([]);
  });

  it('says plainly when the zone was deleted since it was listed', async () => {
    const { user } = setup({ zonesB: [zone('B7', { name: 'crawler seven', open_connections: 0 })], setEnabled: () => fail('not_found', 'Zone not found.') });
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    await user.type(field(), 'crawler seven');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('“crawler seven” is gone: it was deleted, or this key no longer sees it, since it was listed.'));
  });

  it('opens a view of another account, which selects that account, and closes', async () => {
    const { user } = setup();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    await user.type(field(), 'billing client b');
    expect(activeOption().textContent).toContain('Billing of Client B');
    await user.keyboard('{Enter}');
    expect(useAccountsStore.getState().selection).toBe('p2');
    expect(useNavigationStore.getState().view).toBe('billing');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('lists a zone’s other actions on →, and Open detail opens it on its account', async () => {
    const { user } = setup();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    await user.type(field(), 'crawler seven');
    await user.keyboard('{ArrowRight}');
    expect(screen.getAllByRole('option').map((o) => o.querySelector('.palette-title')?.textContent)).toEqual(['Disable crawler seven', 'Open detail', 'Set cap…', 'Copy credentials', 'Refresh IPs…']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(useAccountsStore.getState().selection).toBe('p2');
    expect(useNavigationStore.getState()).toMatchObject({ view: 'zone', zoneId: 'B7' });
  });

  it('Set cap… opens Caps of the zone’s account asking for that zone picked in the form', async () => {
    const { user } = setup();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    await user.type(field(), 'crawler seven');
    await user.keyboard('{ArrowRight}{ArrowDown}{ArrowDown}{Enter}');
    expect(useAccountsStore.getState().selection).toBe('p2');
    expect(useNavigationStore.getState()).toMatchObject({ view: 'caps', zoneId: 'B7', focus: 'setCap' });
  });

  it('Stop all spend… asks inside the palette (Esc sends nothing), then stops through spend:stop and says its summary', async () => {
    // The plan and the report's summary are the core's own (electron/core/spend-stop/).
    const zonesB = [zone('B7', { name: 'crawler seven', spend_today_cents: 900 }), zone('B8', { name: 'monitor eight', spend_today_cents: 100 })];
    const plan = stopPlan(snapshotWith(zonesB), null);
    const outcomes = plan.zones.map((z) => outcome(z, 'disabled'));
    const report: SpendStopReport = { action: 'stop', at: '2026-11-22T10:00:00Z', outcomes, summary: spendStopSummary('stop', outcomes), record: { stoppedAt: '2026-11-22T10:00:00Z', updatedAt: '2026-11-22T10:00:00Z', disabled: plan.zones, remaining: [] } };
    const { api, user } = setup({ zonesB, extra: { 'spend:plan': plan, 'spend:stop': report } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    await user.type(field(), 'stop all spend client b');
    expect(activeOption().textContent).toContain('Stop all spend of Client B…');
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('button', { name: 'Disable 2 zones' });
    expect(document.activeElement).toBe(confirm);
    expect(screen.getByRole('group').textContent).toContain('Stop all spend on Client B: disable 2 zones that spent $10.00 today?');
    expect(api.callsTo('spend:plan')).toEqual([{ profileId: 'p2', retry: false }]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Disable 2 zones' })).toBeNull();
    expect(api.callsTo('spend:stop')).toEqual([]);

    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(await screen.findByRole('button', { name: 'Disable 2 zones' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Client B: ${report.summary}`));
    expect(api.callsTo('spend:stop')).toEqual([{ profileId: 'p2', retry: false }]);
    // It stays in the palette: no view was opened, and the keyboard is back in its field.
    expect(screen.getByRole('combobox')).toBeTruthy();
    expect(useNavigationStore.getState()).toMatchObject({ view: 'overview', focus: null });
    expect(document.activeElement).toBe(field());
  });

  it('Restore runs through spend:restore and says its summary under the account’s name', async () => {
    const zonesB = [zone('B7', { name: 'crawler seven', enabled: false })];
    const stopped: SpendStopRecord = { stoppedAt: '2026-11-22T09:00:00Z', updatedAt: '2026-11-22T09:00:00Z', disabled: [{ zoneId: 'B7', name: 'crawler seven', spendTodayCents: 900 }], remaining: [] };
    const restored = [outcome({ zoneId: 'B7', name: 'crawler seven', spendTodayCents: 900 }, 'enabled')];
    const report: SpendStopReport = { action: 'restore', at: '2026-11-22T10:00:00Z', outcomes: restored, summary: spendStopSummary('restore', restored), record: null };
    const { api, user } = setup({ zonesB, extra: { 'spend:restore': report } });
    useAccountsStore.setState({ overview: overviewOf([clientA, readout('p2', { label: 'Client B', color: 'orange', zones: zonesB, spendStop: stopped })]) });
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    await user.type(field(), 'restore client b');
    expect(activeOption().textContent).toContain('Restore Client B');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Client B: ${report.summary}`));
    expect(api.callsTo('spend:restore')).toEqual([{ profileId: 'p2' }]);
  });

  it('gives the focus back to where it was on Esc', async () => {
    const { opener, user } = setup();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('puts the last choice first next time, with nothing typed', async () => {
    const { user } = setup();
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results$/));
    await user.type(field(), 'billing client b');
    await user.keyboard('{Enter}');
    act(() => usePaletteRequest.getState().request());
    await waitFor(() => expect(activeOption().textContent).toContain('Billing of Client B'));
  });
});

describe('the keys that ask for the palette', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
  it('are Ctrl+K and Cmd+K anywhere, and "/" only where no text field has the focus', () => {
    const text = document.createElement('input');
    const check = document.createElement('input');
    check.type = 'checkbox';
    expect(asksForPalette(key('k', { ctrlKey: true }), text)).toBe(true);
    expect(asksForPalette(key('K', { metaKey: true }), null)).toBe(true);
    expect(asksForPalette(key('/'), document.body)).toBe(true);
    expect(asksForPalette(key('/'), check)).toBe(true);
    expect(asksForPalette(key('/'), text)).toBe(false);
    expect(asksForPalette(key('/'), document.createElement('textarea'))).toBe(false);
    expect(asksForPalette(key('k'), null)).toBe(false);
  });
});
