import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CapsView } from '../../../../renderer/src/views/CapsView';
import { ZoneRow } from '../../../../renderer/src/components/ZoneRow';
import { useCapsStore } from '../../../../renderer/src/stores/caps-store';
import { useNavigationStore } from '../../../../renderer/src/stores/navigation-store';
import { planCaps } from '../../../../electron/core/caps/cap-plan';
import { capsView } from '../../../../electron/core/caps/caps-view';
import { withRule } from '../../../../electron/core/caps/account-cap';
import { CHANGED_SINCE_PREVIEW_REASON, capsSummary } from '../../../../electron/core/caps/caps-summary';
import { emptyAccountCapState, type CapOutcome, type CapRule, type CapsRecord, type CapsReport, type UsualSpend } from '../../../../shared/caps';
import type { Snapshot } from '../../../../shared/snapshot';
import { fakeApi } from '../fake-api';
import { sharedZone, snapshotWith, zone } from '../samples';
import { CAPS_BOXES, layOutVirtualBoxes } from '../virtual-layout';

// Fixtures come from the core's own caps derivation (electron/core/caps/), as the app builds them.

beforeAll(() => layOutVirtualBoxes(CAPS_BOXES, { box: 480, row: 60 }));

const initial = useCapsStore.getState();
beforeEach(() => {
  useCapsStore.setState(initial, true);
  useNavigationStore.setState({ view: 'caps', zoneId: null, focus: null });
});
afterEach(cleanup);

function adminSnapshot(): Snapshot {
  const snapshot = snapshotWith([
    zone('SCRAPE', { name: 'Price scraper EU', spend_today_cents: 1_234.561 }),
    sharedZone('MOBILE', { name: 'App QA', spend_today_cents: 300 }),
    zone('ODDALERT', { name: 'Odd alert', alert: { type: 'requests_per_day', threshold: 5, action: 'send_notification' } }),
  ]);
  return { ...snapshot, discovery: { ...snapshot.discovery, role: 'admin', notYetKnown: 2 } };
}

const USUAL: Record<string, UsualSpend> = {
  SCRAPE: { cents: 1_000, basis: 'ledger', days: 14, estimated: false },
  MOBILE: { cents: 150, basis: 'this_month', days: 21.4, estimated: true },
};
const usual = (zoneId: string) => USUAL[zoneId] ?? null;

function fake(snapshot: Snapshot, extra: Record<string, unknown> = {}) {
  return fakeApi({
    'caps:get': capsView(snapshot, usual, null, emptyAccountCapState()),
    'caps:preview': (input: unknown) => {
      const { zoneIds, rule } = input as { zoneIds: string[]; rule: CapRule };
      return planCaps({ snapshot, zoneIds, rule, usual, block: null });
    },
    ...extra,
  }).install();
}

describe('CapsView', () => {
  it('lists each zone with its cap as it is now, its usual daily spend and how much of the cap it used, under one coverage line', async () => {
    fake(adminSnapshot());
    render(<CapsView />);
    expect((await screen.findByRole('status', { name: 'Cap coverage' })).textContent).toBe('Caps on 2 of 3 zones · 2 zones not yet known');
    const row = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest<HTMLElement>('[role="row"]')!;
    expect(row('Price scraper EU').textContent).toContain('$25.5/day, turns the zone off');
    expect(row('Price scraper EU').textContent).toContain('$10.00 a day (its last 14 days)');
    // $12.35 of a $25.50 cap.
    expect(within(row('Price scraper EU')).getByLabelText('Price scraper EU: share of its cap used').textContent).toBe('48 %');
    expect(row('App QA').textContent).toContain('No cap');
    expect(row('App QA').textContent).toContain('$1.50 a day (this month so far)');
    expect(row('Odd alert').textContent).toContain('Not known yet');
  });

  it('says so when the key may not see caps, and offers no bulk change', async () => {
    const snapshot = snapshotWith([zone('SCRAPE')], 'collaborator');
    fake({ ...snapshot, discovery: { ...snapshot.discovery, role: 'collaborator' } });
    render(<CapsView />);
    expect((await screen.findByRole('status', { name: 'Cap coverage' })).textContent).toBe('Caps are not visible to this API key');
    expect(screen.getAllByRole('note')[0]!.textContent).toMatch(/for admins only/);
    expect(screen.queryByRole('button', { name: 'Set caps…' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: /Price scraper EU/ }).closest('[role="row"]')!.textContent).toContain('Not visible to this key');
  });
});

describe('the bulk form', () => {
  it('previews a multiple of usual spend on every zone before sending, flags a cap already passed and lists what cannot change, then applies it', async () => {
    const snapshot = adminSnapshot();
    const report: CapsReport = { action: 'apply', at: '2026-11-22T10:00:00Z', outcomes: [], summary: 'Set the cap on 2 zones.', record: null };
    const api = fake(snapshot, { 'caps:apply': report });
    render(<CapsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set caps…' }));
    const form = screen.getByRole('form', { name: 'Set caps' });
    expect(within(form).getByText('3 zones picked')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Times the usual daily spend'));
    await userEvent.type(within(form).getByLabelText('Times the usual daily spend'), '1.2');
    await userEvent.clear(within(form).getByLabelText('But at least ($ a day)'));
    await userEvent.type(within(form).getByLabelText('But at least ($ a day)'), '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'Caps preview' });
    const rule = { kind: 'usual', multiple: 1.2, floorDollars: 5, action: 'disable_and_send_notification' };
    expect(api.callsTo('caps:preview')).toEqual([{ profileId: 'p1', zoneIds: ['MOBILE', 'ODDALERT', 'SCRAPE'], rule }]);
    const changes = within(preview).getByRole('list', { name: 'Changes' });
    // $10 × 1.2 = $12 a day, already below today's $12.35; $1.50 × 1.2 rounds up to $2, so the $5 floor.
    expect(changes.textContent).toContain('Price scraper EU: $25.5/day, turns the zone off → $12/day, turns the zone off and notifies');
    expect(changes.textContent).toContain('Below today’s spend: the service would turn this zone off within minutes.');
    expect(changes.textContent).toContain('App QA: No cap → $5/day, turns the zone off and notifies');
    expect(within(preview).getByRole('alert').textContent).toBe('1 zone would be over the new cap at once.');
    const blocked = within(preview).getByRole('list', { name: 'Cannot be changed' }).textContent;
    expect(blocked).toMatch(/Odd alert: Its alert \(requests_per_day, 5, send_notification\) is of a kind Zonewatch does not know/);
    expect(within(preview).getByText(/^2 zones not yet known to Zonewatch/)).toBeTruthy();
    expect(api.callsTo('caps:apply')).toHaveLength(0);

    await userEvent.click(within(preview).getByRole('button', { name: 'Set caps on 2 zones' }));
    // Exactly the two changes shown, each with the cap it showed and the one it showed coming.
    expect(api.callsTo('caps:apply')).toEqual([
      {
        profileId: 'p1',
        changes: [
          { zoneId: 'MOBILE', before: null, after: { type: 'dollars_per_day', threshold: 5, action: 'disable_and_send_notification' } },
          { zoneId: 'SCRAPE', before: { type: 'dollars_per_day', threshold: 25.5, action: 'disable_zone' }, after: { type: 'dollars_per_day', threshold: 12, action: 'disable_and_send_notification' } },
        ],
      },
    ]);
    expect((await screen.findByRole('status', { name: 'Caps report' })).textContent).toContain('Set the cap on 2 zones.');
  });

  it('lists a zone Apply left because its cap changed since the preview, and previews the same zones and rule again', async () => {
    const snapshot = adminSnapshot();
    const outcomes: CapOutcome[] = [
      { zoneId: 'SCRAPE', name: 'Price scraper EU', result: 'set', reason: null },
      { zoneId: 'MOBILE', name: 'App QA', result: 'skipped', reason: CHANGED_SINCE_PREVIEW_REASON },
    ];
    const report: CapsReport = { action: 'apply', at: '2026-11-22T10:00:00Z', outcomes, summary: capsSummary('apply', outcomes), record: null };
    const api = fake(snapshot, { 'caps:apply': report });
    render(<CapsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set caps…' }));
    await userEvent.click(within(screen.getByRole('form', { name: 'Set caps' })).getByRole('button', { name: 'Preview' }));
    await userEvent.click(within(await screen.findByRole('region', { name: 'Caps preview' })).getByRole('button', { name: 'Set caps on 2 zones' }));

    const shown = await screen.findByRole('status', { name: 'Caps report' });
    expect(within(shown).getByText('Set the cap on 1 zone. 1 zone changed since the preview, left as it is.')).toBeTruthy();
    expect(within(shown).getByRole('list', { name: 'Zones and why' }).textContent).toBe('App QA: Its cap was changed since the preview: left as it is. Preview again to see it as it is now.');
    expect(screen.queryByRole('form', { name: 'Set caps' })).toBeNull();
    await userEvent.click(within(shown).getByRole('button', { name: 'Preview again' }));
    const asked = api.callsTo('caps:preview');
    expect(asked).toHaveLength(2);
    expect(asked[1]).toEqual(asked[0]);
    expect(await screen.findByRole('region', { name: 'Caps preview' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Caps report' })).toBeNull();
  });

  it('opens on one zone when asked to set its cap (the palette’s Set cap…): picked by hand alone, the keyboard on its amount', async () => {
    const api = fake(adminSnapshot());
    useNavigationStore.getState().go('caps', 'MOBILE', 'setCap');
    render(<CapsView />);
    const form = await screen.findByRole('form', { name: 'Set caps' });
    expect((within(form).getByLabelText('Zones') as HTMLSelectElement).value).toBe('hand');
    expect(within(form).getByText('1 zone picked')).toBeTruthy();
    const boxes = within(form).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.filter((b) => b.checked).map((b) => b.parentElement?.textContent?.trim())).toEqual(['App QA']);
    expect(document.activeElement).toBe(within(form).getByLabelText('Times the usual daily spend'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('caps:preview')).toEqual([{ profileId: 'p1', zoneIds: ['MOBILE'], rule: { kind: 'usual', multiple: 3, floorDollars: 5, action: 'disable_and_send_notification' } }]));
    // Back from the preview, then Cancel, closes the form for good: the ask was taken.
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await userEvent.click(within(screen.getByRole('form', { name: 'Set caps' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Set caps' })).toBeNull();
    expect(useNavigationStore.getState().focus).toBeNull();
    expect(screen.getByRole('button', { name: 'Set caps…' })).toBeTruthy();
  });

  it('picks zones by network and refuses a rule out of range without sending anything', async () => {
    const api = fake(adminSnapshot());
    render(<CapsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set caps…' }));
    const form = screen.getByRole('form', { name: 'Set caps' });
    await userEvent.selectOptions(within(form).getByLabelText('Zones'), 'network');
    await userEvent.selectOptions(within(form).getByLabelText('Network'), 'mobile');
    expect(within(form).getByText('1 zone picked')).toBeTruthy();
    await userEvent.selectOptions(within(form).getByLabelText('Cap'), 'gigabytes_per_month');
    await userEvent.clear(within(form).getByLabelText('Gigabytes'));
    await userEvent.type(within(form).getByLabelText('Gigabytes'), '0.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview' }));
    expect(within(form).getByRole('alert').textContent).toBe('A cap must be from 1 to 1,000,000.');
    expect(api.callsTo('caps:preview')).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('Gigabytes'));
    await userEvent.type(within(form).getByLabelText('Gigabytes'), '40');
    await userEvent.click(within(form).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(api.callsTo('caps:preview')).toEqual([{ profileId: 'p1', zoneIds: ['MOBILE'], rule: { kind: 'fixed', type: 'gigabytes_per_month', threshold: 40, action: 'disable_and_send_notification' } }]));
  });
});

describe('what Zonewatch set', () => {
  it('offers Undo and Retry while a record exists, and shows what Undo left alone', async () => {
    const snapshot = adminSnapshot();
    const record: CapsRecord = {
      appliedAt: '2026-11-22T09:00:00Z',
      updatedAt: '2026-11-22T09:00:00Z',
      changed: [{ zoneId: 'SCRAPE', name: 'Price scraper EU', before: null, after: { type: 'dollars_per_day', threshold: 30, action: 'disable_zone' } }],
      failed: [{ zoneId: 'MOBILE', name: 'App QA', before: null, after: { type: 'dollars_per_day', threshold: 5, action: 'disable_zone' }, reason: 'The service had a problem.' }],
    };
    const undone: CapsReport = {
      action: 'undo',
      at: '2026-11-22T10:00:00Z',
      outcomes: [{ zoneId: 'SCRAPE', name: 'Price scraper EU', result: 'skipped', reason: 'Its alert was changed elsewhere since Zonewatch set it: left as it is.' }],
      summary: 'Put back the earlier alert of 0 zones. 1 zone changed elsewhere since, left as it is.',
      record: null,
    };
    const api = fakeApi({ 'caps:get': capsView(snapshot, usual, record, emptyAccountCapState()), 'caps:undo': undone }).install();
    render(<CapsView />);
    const panel = await screen.findByRole('region', { name: 'Caps set by Zonewatch' });
    expect(panel.textContent).toContain('1 zone, 1 zone failed');
    expect(within(panel).getByRole('button', { name: 'Retry 1 zone' })).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Undo caps on 1 zone' }));
    expect(api.callsTo('caps:undo')).toEqual([{ profileId: 'p1' }]);
    const shown = await screen.findByRole('status', { name: 'Caps report' });
    expect(shown.textContent).toContain('1 zone changed elsewhere since, left as it is.');
    expect(shown.textContent).toContain('Price scraper EU: Its alert was changed elsewhere since Zonewatch set it');
  });
});

describe('the account cap form', () => {
  it('says it holds only while Zonewatch runs, and saves a daily cap with restore at the next UTC day', async () => {
    const snapshot = adminSnapshot();
    const saved = withRule(emptyAccountCapState(), { dailyCents: 20_000, monthlyCents: null, restoreNextPeriod: true });
    const api = fake(snapshot, { 'caps:setAccountCap': capsView(snapshot, usual, null, saved) });
    render(<CapsView />);
    const form = await screen.findByRole('form', { name: 'Account cap' });
    expect(within(form).getByRole('note').textContent).toContain('This works only while Zonewatch runs: when it does not (the computer asleep or off), only zone caps on the service hold.');
    expect(within(form).getByRole('status', { name: 'Account cap state' }).textContent).toBe('Off.');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn on' }));
    expect(within(form).getByRole('alert').textContent).toMatch(/Give a daily or a monthly amount/);
    await userEvent.type(within(form).getByLabelText('Stop all spend when spend today passes ($)'), '200');
    await userEvent.click(within(form).getByLabelText(/Restore the stopped zones/));
    await userEvent.click(within(form).getByRole('button', { name: 'Turn on' }));
    expect(api.callsTo('caps:setAccountCap')).toEqual([{ profileId: 'p1', rule: { dailyCents: 20_000, monthlyCents: null, restoreNextPeriod: true } }]);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Account cap state' }).textContent).toBe('On: $200.00 a day, restored when the next UTC day or month begins.'));
  });
});

describe('a zone the service turned off at its cap', () => {
  it('says which cap and when in its row, and offers Raise cap… and Enable zone', async () => {
    const now = Date.parse('2026-11-22T15:00:00Z');
    const off = zone('SCRAPE', { enabled: false, alert: { type: 'dollars_per_day', threshold: 40, action: 'disable_zone', last_triggered: '2026-11-22T14:32:10Z' } });
    const calls: string[] = [];
    render(<ZoneRow zone={off} enabled={false} busy={false} sort="spend_today" onOpen={() => calls.push('open')} onToggle={() => calls.push('enable')} capStop={{ now, onRaiseCap: () => calls.push('raise') }} />);
    expect(screen.getByRole('note').textContent).toContain('Turned off by its $40/day cap at 14:32 UTC.');
    await userEvent.click(screen.getByRole('button', { name: 'Raise cap…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enable zone' }));
    expect(calls).toEqual(['raise', 'enable']);
    cleanup();
    // Yesterday's trigger, or a zone turned off by hand, is not said to be the cap's doing.
    render(<ZoneRow zone={off} enabled={false} busy={false} sort="spend_today" onOpen={() => undefined} onToggle={() => undefined} capStop={{ now: now + 86_400_000, onRaiseCap: () => undefined }} />);
    expect(screen.queryByRole('note')).toBeNull();
  });
});

describe('another account', () => {
  it('never shows the caps the store held for the account shown before, even when its own cannot be read', async () => {
    const other = adminSnapshot();
    useCapsStore.setState({ view: capsView(other, usual, null, emptyAccountCapState()) });
    fakeApi({ 'caps:get': { fail: { kind: 'offline', message: 'Zonewatch is offline.' } } }).install();
    render(<CapsView />);
    expect(await screen.findByText(/Zonewatch is offline/)).toBeTruthy();
    expect(screen.queryByText('Price scraper EU')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Cap coverage' })).toBeNull();
  });
});
