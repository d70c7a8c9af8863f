import { describe, expect, it } from 'vitest';
import { Routing } from '../../../../shared/channels';
import { Settings } from '../../../../shared/settings';
import { keepChannels, normalRouting, routeLabel, routeSummary, setChannel, setDesktop, setUrgent } from '../../../../renderer/src/model/routing-form';
import { draftFromSettings, patchFromDraft } from '../../../../renderer/src/model/settings-form';

const channels = [
  { id: 'slackchannel01', name: 'Team Slack' },
  { id: 'telegramchan01', name: 'Phone' },
];

describe('where alerts go (docs/desktop.md › Channels)', () => {
  it('starts with every route on the desktop only, and the cap and a rejected key urgent', () => {
    const routing = Routing.parse(undefined);
    expect(routeSummary(routing.routes.spendToday ?? { desktop: true, channels: [] }, false, channels)).toBe('Desktop');
    expect(routing.urgent).toEqual(['accountCap', 'keyRejected']);
    expect(routeLabel('digestWeekly')).toBe('The weekly summary');
    expect(routeLabel('lowBalance')).toBe('Balance runs low');
  });

  it('sends a rule to a channel instead of the desktop, or to both, and says so', () => {
    let routing = Routing.parse(undefined);
    routing = setChannel(routing, 'lowBalance', 'telegramchan01', true);
    expect(routeSummary(routing.routes.lowBalance!, false, channels)).toBe('Desktop, Phone');
    routing = setDesktop(routing, 'lowBalance', false);
    expect(routeSummary(routing.routes.lowBalance!, false, channels)).toBe('Phone');
    routing = setChannel(routing, 'lowBalance', 'telegramchan01', false);
    expect(routeSummary(routing.routes.lowBalance!, false, channels)).toBe('Nowhere');
    routing = setUrgent(setChannel(routing, 'digestDaily', 'slackchannel01', true), 'digestDaily', true);
    expect(routeSummary(routing.routes.digestDaily!, true, channels)).toBe('Desktop, Team Slack · urgent');
  });

  it('saves routing in the one settings:update, only when it differs from what is saved', () => {
    const settings = Settings.parse({});
    const draft = draftFromSettings(settings);
    expect(patchFromDraft(settings, draft)).toEqual({});
    // Opening a route and closing it as it was is no change.
    const same = setDesktop(setDesktop(draft.routing, 'spike', false), 'spike', true);
    expect(patchFromDraft(settings, { ...draft, routing: same })).toEqual({});
    const routing = setUrgent(setChannel(draft.routing, 'interrupted', 'slackchannel01', true), 'accountCap', false);
    expect(patchFromDraft(settings, { ...draft, routing })).toEqual({ routing: { routes: { interrupted: { desktop: true, channels: ['slackchannel01'] } }, urgent: ['keyRejected'] } });
    expect(Settings.parse({ routing: normalRouting(routing) }).routing.routes.interrupted).toEqual({ desktop: true, channels: ['slackchannel01'] });
  });

  it('forgets a channel removed while the form is open', () => {
    const routing = setChannel(setChannel(Routing.parse(undefined), 'spendToday', 'slackchannel01', true), 'spendToday', 'gonechannel01', true);
    expect(keepChannels(routing, ['slackchannel01']).routes.spendToday).toEqual({ desktop: true, channels: ['slackchannel01'] });
  });
});
