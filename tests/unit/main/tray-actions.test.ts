import { describe, expect, it } from 'vitest';
import { Zone } from '../../../shared/api/zone';
import type { Channel, Result } from '../../../shared/ipc';
import type { NavigateTarget } from '../../../shared/notification';
import type { SpendStopPlan, SpendStopReport } from '../../../shared/spend-stop';
import { createTrayActions, type DialogMessage } from '../../../electron/main/tray-actions';
import { sampleZone } from '../../fixtures/api-samples';

const AT = '2026-11-22T10:00:00.000Z';
const plan = (patch: Partial<SpendStopPlan> = {}): SpendStopPlan => ({
  zones: [{ zoneId: 'Z1', name: 'Scraper', spendTodayCents: 1_600 }],
  spendTodayCents: 1_600,
  notAllowed: [],
  blockedReason: null,
  ...patch,
});
const report = (result: 'disabled' | 'failed'): SpendStopReport => ({
  action: 'stop',
  at: AT,
  outcomes: [{ zoneId: 'Z1', name: 'Scraper', spendTodayCents: 1_600, result, reason: result === 'failed' ? 'HTTP 500' : null }],
  summary: result === 'disabled' ? 'Disabled 1 zone.' : '1 zone still running: Scraper.',
  record: null,
});

/**
 * The tray's actions over a fake core that answers each channel from `answers`, and dialogs that
 * choose `choice` (0: the first button, confirm) and record what they showed.
 */
function setup(answers: Partial<Record<Channel, Result<unknown>>> = {}, options: { choice?: number; zone?: Zone | null } = {}) {
  const calls: { channel: Channel; input: unknown }[] = [];
  const shown: DialogMessage[] = [];
  const opened: (NavigateTarget | undefined | 'palette')[] = [];
  const warned: string[] = [];
  let quit = false;
  const actions = createTrayActions({
    invoke: async (channel, input) => {
      calls.push({ channel, input });
      return answers[channel] ?? { ok: true, value: {} };
    },
    dialogs: {
      ask: async (message) => {
        shown.push(message);
        return options.choice ?? 0;
      },
    },
    open: (target) => void opened.push(target),
    findZone: () => void opened.push('palette'),
    quit: () => void (quit = true),
    label: (profileId) => (profileId === 'p2' ? 'Client B' : null),
    zone: () => options.zone ?? null,
    logger: { info: () => undefined, warn: (message) => void warned.push(message), error: () => undefined },
  });
  return { actions, calls, shown, opened, warned, quitted: () => quit };
}

describe('the tray’s actions', () => {
  it('open the window as the user left it for "Open Zonewatch", and elsewhere on the view and account they name', async () => {
    const { actions, opened } = setup();
    await actions.run({ kind: 'open', view: 'overview' });
    await actions.run({ kind: 'open', view: 'zones', profileId: 'p2' });
    await actions.run({ kind: 'open', view: 'accounts', focus: 'addAccount' });
    expect(opened).toEqual([undefined, { view: 'zones', profileId: 'p2' }, { view: 'accounts', focus: 'addAccount' }]);
  });

  it('open the window with its command palette for "Find a zone…"', async () => {
    const { actions, opened, calls } = setup();
    await actions.run({ kind: 'findZone' });
    expect(opened).toEqual(['palette']);
    expect(calls).toEqual([]);
  });

  it('refresh, pause and snooze every account, and say a failure in a dialog rather than drop it', async () => {
    const { actions, calls, shown, warned } = setup({ 'poll:setPaused': { ok: false, error: { kind: 'unavailable', message: 'Could not pause.' } } });
    await actions.run({ kind: 'refresh' });
    await actions.run({ kind: 'snooze', until: '1h' });
    await actions.run({ kind: 'setPaused', paused: true });
    expect(calls).toEqual([
      { channel: 'poll:refreshAll', input: undefined },
      { channel: 'notifications:snooze', input: { until: '1h' } },
      { channel: 'poll:setPaused', input: { paused: true } },
    ]);
    expect(shown).toEqual([{ type: 'error', message: 'Could not pause.', detail: '', buttons: ['OK'] }]);
    expect(warned).toEqual(['tray: action failed']);
  });

  it('stop all spend on one account after one confirmation naming it, then report zone by zone', async () => {
    const { actions, calls, shown } = setup({ 'spend:plan': { ok: true, value: plan() }, 'spend:stop': { ok: true, value: report('failed') } });
    await actions.run({ kind: 'stopSpend', profileId: 'p2', retry: false });
    expect(calls.map((call) => call.channel)).toEqual(['spend:plan', 'spend:stop']);
    expect(calls[1]!.input).toEqual({ profileId: 'p2', retry: false });
    expect(shown[0]).toMatchObject({ type: 'warning', message: 'Stop all spend on Client B: disable 1 zone that spent $16.00 today?', buttons: ['Disable 1 zone', 'Cancel'] });
    expect(shown[1]).toEqual({ type: 'warning', message: 'Client B: 1 zone still running: Scraper.', detail: 'Scraper — failed: HTTP 500', buttons: ['OK'] });
  });

  it('stop nothing when the confirmation is cancelled, and say why when the plan cannot run', async () => {
    const cancelled = setup({ 'spend:plan': { ok: true, value: plan() } }, { choice: 1 });
    await cancelled.actions.run({ kind: 'stopSpend', profileId: 'p2', retry: false });
    expect(cancelled.calls.map((call) => call.channel)).toEqual(['spend:plan']);
    const blocked = setup({ 'spend:plan': { ok: true, value: plan({ blockedReason: 'Zonewatch is offline and cannot reach the service to change zones. Nothing was stopped.' }) } });
    await blocked.actions.run({ kind: 'stopSpend', profileId: 'p2', retry: false });
    expect(blocked.calls.map((call) => call.channel)).toEqual(['spend:plan']);
    expect(blocked.shown).toEqual([{ type: 'info', message: 'Zonewatch cannot stop spend on Client B right now.', detail: 'Zonewatch is offline and cannot reach the service to change zones. Nothing was stopped.', buttons: ['OK'] }]);
  });

  it('restore and dismiss the stop of the account they name', async () => {
    const { actions, calls, shown } = setup({ 'spend:restore': { ok: true, value: { ...report('disabled'), action: 'restore', summary: 'Turned 1 zone back on.' } } });
    await actions.run({ kind: 'restoreSpend', profileId: 'p2' });
    await actions.run({ kind: 'dismissSpendStop', profileId: 'p2' });
    expect(calls).toEqual([
      { channel: 'spend:restore', input: { profileId: 'p2' } },
      { channel: 'spend:dismiss', input: { profileId: 'p2' } },
    ]);
    expect(shown[0]).toMatchObject({ type: 'info', message: 'Client B: Turned 1 zone back on.' });
  });

  it('ask before cutting off a zone’s open connections, naming the account, and toggle an idle one at once', async () => {
    const busy = Zone.parse({ ...sampleZone('Z1'), name: 'Scraper', enabled: true, open_connections: 12 });
    const asked = setup({}, { zone: busy, choice: 1 });
    await asked.actions.run({ kind: 'toggleZone', profileId: 'p2', zoneId: 'Z1', enabled: false });
    expect(asked.shown[0]).toMatchObject({ type: 'warning', message: 'Client B: Disable zone “Scraper”?', buttons: ['Disable zone', 'Cancel'] });
    expect(asked.calls).toEqual([]);
    const idle = setup({}, { zone: Zone.parse({ ...sampleZone('Z1'), enabled: true, open_connections: 0 }) });
    await idle.actions.run({ kind: 'toggleZone', profileId: 'p2', zoneId: 'Z1', enabled: false });
    expect(idle.shown).toEqual([]);
    expect(idle.calls).toEqual([{ channel: 'zones:setEnabled', input: { profileId: 'p2', zoneId: 'Z1', enabled: false } }]);
  });

  it('restart to update, and say in a dialog why it could not', async () => {
    const refused = 'No update is downloaded yet.';
    const { actions, calls, shown } = setup({ 'updates:install': { ok: false, error: { kind: 'unavailable', message: refused } } });
    await actions.run({ kind: 'installUpdate' });
    expect(calls).toEqual([{ channel: 'updates:install', input: undefined }]);
    expect(shown).toEqual([{ type: 'error', message: refused, detail: '', buttons: ['OK'] }]);
  });

  it('quit from the tray', async () => {
    const { actions, quitted } = setup();
    await actions.run({ kind: 'quit' });
    expect(quitted()).toBe(true);
  });
});

describe('a notification’s action', () => {
  it('acts on the notification’s own account: stop all spend asks first, disabling a zone asks before cutting it off', async () => {
    const { actions, calls } = setup({ 'spend:plan': { ok: true, value: plan() }, 'spend:stop': { ok: true, value: report('disabled') } });
    await actions.notificationAction({ kind: 'stopAllSpend', label: 'Stop all spend…' }, { view: 'overview', profileId: 'p2' });
    expect(calls.map((call) => [call.channel, call.input])).toEqual([
      ['spend:plan', { profileId: 'p2', retry: false }],
      ['spend:stop', { profileId: 'p2', retry: false }],
    ]);
    const zone = setup({}, { zone: Zone.parse({ ...sampleZone('Z1'), enabled: true, open_connections: 3 }), choice: 0 });
    await zone.actions.notificationAction({ kind: 'disableZone', zoneId: 'Z1', label: 'Disable Z1' }, { view: 'zone', zoneId: 'Z1', profileId: 'p2' });
    expect(zone.shown).toHaveLength(1);
    expect(zone.calls).toEqual([{ channel: 'zones:setEnabled', input: { profileId: 'p2', zoneId: 'Z1', enabled: false } }]);
  });

  it('restores what the account cap stopped, and turns on a zone the service turned off at its cap', async () => {
    const { actions, calls, shown } = setup({ 'spend:restore': { ok: true, value: { ...report('disabled'), action: 'restore', summary: 'Turned 1 zone back on.' } } });
    await actions.notificationAction({ kind: 'restoreSpend', label: 'Restore' }, { view: 'zones', profileId: 'p2' });
    expect(calls).toEqual([{ channel: 'spend:restore', input: { profileId: 'p2' } }]);
    expect(shown[0]).toMatchObject({ message: 'Client B: Turned 1 zone back on.' });
    const zone = setup({}, { zone: Zone.parse({ ...sampleZone('Z1'), enabled: false }) });
    await zone.actions.notificationAction({ kind: 'enableZone', zoneId: 'Z1', label: 'Enable Z1' }, { view: 'zone', zoneId: 'Z1', profileId: 'p2' });
    expect(zone.calls).toEqual([{ channel: 'zones:setEnabled', input: { profileId: 'p2', zoneId: 'Z1', enabled: true } }]);
  });

  it('opens the view instead when it names no account', async () => {
    const { actions, calls, opened } = setup();
    await actions.notificationAction({ kind: 'stopAllSpend', label: 'Stop all spend…' }, { view: 'overview' });
    expect(calls).toEqual([]);
    expect(opened).toEqual([{ view: 'overview' }]);
  });
});
