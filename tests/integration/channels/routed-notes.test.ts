import { afterEach, describe, expect, it } from 'vitest';
import { Routing } from '../../../shared/channels';
import { fakeClock } from '../../unit/core/fake-clock';
import type { StandIn } from './stand-ins';
import { draftFor, openHarness, startStandIns, waitFor } from './outbox-harness';

// docs/desktop.md › Channels: the digests and a recovered interruption are routed like the rules,
// the quiet hours holding back all but urgent routes.

let open: Record<string, StandIn> = {};
afterEach(async () => {
  await Promise.all(Object.values(open).map((standIn) => standIn.close()));
  open = {};
});

describe('digests and recovered interruptions on channels', () => {
  it('go to their routes’ channels, say whether the desktop shows them, and are held back from channels in the quiet hours unless urgent', async () => {
    open = await startStandIns(['webhook']);
    let routing = Routing.parse({});
    let quiet = false;
    // 23:30 UTC: inside 22:00–07:00 when the quiet hours are on (the harness reads them in UTC).
    const harness = openHarness({ clock: fakeClock(Date.parse('2026-12-03T23:30:00Z')).clock, settings: () => ({ routing, quietHours: { enabled: quiet, start: '22:00', end: '07:00' } }) });
    const hook = (await harness.channels.book.add(draftFor(open.webhook!))).id;
    routing = Routing.parse({ routes: { digestDaily: { desktop: false, channels: [hook] }, interrupted: { channels: [hook] } }, urgent: ['interrupted'] });

    expect(harness.channels.routeNote({ id: 'digest:day:2026-12-02', route: 'digestDaily', title: 'Daily summary, 2026-12-02 (UTC)', body: 'Client A: $120.00', account: null })).toBe(false);
    expect(harness.channels.interrupted(true, { key: 'journal:stop:1', title: 'Stop all spend was interrupted', body: '3 zones were left running.' }, 'Client A')).toBe(true);
    expect(harness.channels.interrupted(false, { key: 'journal:stop:1', title: 'again', body: 'again' }, 'Client A')).toBe(false);
    await waitFor(() => open.webhook!.accepted.length === 2);
    expect(open.webhook!.accepted).toEqual(['digest:day:2026-12-02', 'journal:stop:1']);
    const alerts = open.webhook!.received.flatMap((request) => (JSON.parse(request.body) as { alerts: { id: string; route: string; account: string; action: string }[] }).alerts);
    expect(alerts.find((alert) => alert.id === 'journal:stop:1')).toMatchObject({ route: 'interrupted', account: 'Client A', action: 'Open Zonewatch to see what was left as it was, and finish or undo the change.' });

    // Quiet hours on: the digest (not urgent here) goes to no channel, the interruption (urgent) does.
    quiet = true;
    harness.channels.routeNote({ id: 'digest:day:2026-12-03', route: 'digestDaily', title: 'Daily', body: 'b', account: null });
    harness.channels.interrupted(true, { key: 'journal:caps:2', title: 'A caps change was interrupted', body: 'b' }, 'Client A');
    await waitFor(() => open.webhook!.accepted.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(open.webhook!.accepted.slice(2)).toEqual(['journal:caps:2']);
  });
});
