import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import { createTestCore, readAllFiles, value } from '../core/core-host';
import type { StandIn } from './stand-ins';
import { channelSecrets, draftFor, startStandIns, waitFor } from './outbox-harness';

// docs/desktop.md › Channels, through the IPC the window uses: channels added with their secrets,
// listed without them, "Send test" in words, routing in the settings, the delivery log, diagnostics,
// and an alert of the demo account reaching its channel; no secret in the data folder or the log.

let open: Record<string, StandIn> = {};
afterEach(async () => {
  await Promise.all(Object.values(open).map((standIn) => standIn.close()));
  open = {};
});

const call = async <T>(promise: Promise<Result<unknown>>) => value((await promise) as Result<T>);

describe('channels through the app core', () => {
  it('adds each kind, lists it without its secret, tests it in words and keeps the log offline', async () => {
    open = await startStandIns(['slack', 'discord', 'telegram', 'ntfy', 'webhook']);
    const { core, dir, recorded } = createTestCore();
    await core.start();
    const ids: Record<string, string> = {};
    for (const standIn of Object.values(open)) ids[standIn.kind] = (await call<ChannelOutput<'channels:add'>>(core.invoke('channels:add', draftFor(standIn)))).id;
    const list = await call<ChannelOutput<'channels:list'>>(core.invoke('channels:list', undefined));
    expect(list.map((channel) => [channel.kind, channel.secretSet])).toEqual([
      ['slack', true],
      ['discord', true],
      ['telegram', true],
      ['ntfy', true],
      ['webhook', true],
    ]);
    expect(list.find((channel) => channel.kind === 'ntfy')).toMatchObject({ topic: 'zonewatch-test-topic', accessTokenSet: true, warning: null });

    open.telegram!.script.push({ do: 'status', status: 403, body: JSON.stringify({ ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }) });
    expect(await call(core.invoke('channels:test', { id: ids.telegram }))).toEqual({ delivered: false, answer: 'HTTP 403 from Telegram: Forbidden: bot was blocked by the user' });
    expect(await call(core.invoke('channels:test', { id: ids.slack }))).toEqual({ delivered: true, answer: 'Slack accepted the test message.' });
    const log = await call<ChannelOutput<'channels:log'>>(core.invoke('channels:log', undefined));
    expect(log.map((entry) => [entry.kind, entry.outcome, entry.test])).toEqual([
      ['slack', 'delivered', true],
      ['telegram', 'given_up', true],
    ]);

    // A field of another kind is refused in words; a renamed channel keeps its secret.
    const refused = await core.invoke('channels:update', { id: ids.slack, botToken: '123456:abcdefghijklmnopqrstuvwxyz' });
    expect(refused).toMatchObject({ ok: false, error: { message: 'A slack channel has no botToken.' } });
    expect(await call(core.invoke('channels:update', { id: ids.slack, name: 'Ops' }))).toMatchObject({ name: 'Ops', secretSet: true });
    // An ntfy topic on the public server carries the warning.
    const publicNtfy = await call<ChannelOutput<'channels:add'>>(core.invoke('channels:add', { kind: 'ntfy', name: 'Phone' }));
    expect(publicNtfy).toMatchObject({ server: 'https://ntfy.sh', accessTokenSet: false });
    expect(publicNtfy.topic).toMatch(/^zonewatch-[0-9a-f]{24}$/);
    expect(publicNtfy.warning).toMatch(/^Topics on ntfy.sh are public/);
    // Plain http to another host is refused before anything is kept.
    expect(await core.invoke('channels:add', { kind: 'slack', name: 'x', webhookUrl: 'http://hooks.example.com/services/x' })).toMatchObject({ ok: false });

    const diagnostics = await call<ChannelOutput<'app:copyDiagnostics'>>(core.invoke('app:copyDiagnostics', undefined));
    expect(diagnostics.text).toContain('alert channels, latest deliveries:');
    expect(diagnostics.text).toContain('telegram "telegram stand-in" given_up (test), 1 alert(s), attempt 1: HTTP 403 from Telegram');

    // Routing lives in the settings; removing a channel takes it out of every route and says what waited.
    await call(core.invoke('settings:update', { routing: { routes: { spendToday: { desktop: true, channels: [ids.webhook, ids.slack] } } } }));
    expect(await call(core.invoke('channels:remove', { id: ids.slack }))).toEqual({ removed: true });
    const settings = await call<ChannelOutput<'settings:get'>>(core.invoke('settings:get', undefined));
    expect(settings.routing.routes.spendToday).toEqual({ desktop: true, channels: [ids.webhook] });
    await core.stop();

    // Offline, after a restart: the log reads from its file.
    const again = createTestCore({}, dir);
    expect((await call<ChannelOutput<'channels:log'>>(again.core.invoke('channels:log', undefined))).length).toBe(2);
    const everything = `${readAllFiles(dir)}\n${recorded.logLines.join('\n')}\n${JSON.stringify(recorded.events)}\n${diagnostics.text}`;
    for (const secret of channelSecrets(open)) expect(everything).not.toContain(secret);
    await again.core.stop();
  });

  it('sends an alert of a watched account to the channel its rule is routed to, naming the account and what to do', async () => {
    open = await startStandIns(['webhook']);
    const { core, recorded } = createTestCore();
    await core.start();
    const hook = await call<ChannelOutput<'channels:add'>>(core.invoke('channels:add', draftFor(open.webhook!)));
    // The demo's first cycle finds its month short of the plan's minimum.
    await call(core.invoke('settings:update', { routing: { routes: { minimumShortfall: { desktop: false, channels: [hook.id] } } } }));
    await call(core.invoke('demo:start', undefined));
    await waitFor(() => open.webhook!.accepted.length > 0, 20_000);
    const body = JSON.parse(open.webhook!.received[0]!.body) as { alerts: { route: string; account: string; title: string; action: string }[] };
    expect(body.alerts[0]).toMatchObject({ route: 'minimumShortfall', account: 'Demo account', action: 'Spend more this month or review the plan: the minimum is billed anyway.' });
    expect(body.alerts[0]!.title).toMatch(/short of your plan's minimum$/);
    // Routed to the channel only: the desktop showed nothing of it, the history keeps it as not shown.
    expect(JSON.stringify(recorded.notifications)).not.toContain("short of your plan's minimum");
    const history = await call<ChannelOutput<'notifications:list'>>(core.invoke('notifications:list', { profileId: 'demo' }));
    expect(history.find((record) => record.events[0]!.rule === 'minimumShortfall')).toMatchObject({ shown: false });
    await core.stop();
  });
});
