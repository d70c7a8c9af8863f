// Issue 21: one account, one view. The real core and two local services; the tray is drawn as
// main draws it, from what the core sent (main/tray-state.ts), and the window reads the same read
// models (`accounts:list` and the `account` events). They must agree, and a poll cycle must reach
// them as one update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountReadout } from '../../../shared/accounts';
import type { ChannelOutput, EventName, EventPayload, Result } from '../../../shared/ipc';
import { trayIconState } from '../../../electron/core/tray/tray-icon-state';
import { trayMenuTemplate, type TrayMenuItem } from '../../../electron/core/tray/tray-menu';
import { trayTitle, trayTooltip } from '../../../electron/core/tray/tray-tooltip';
import { createMemoryBackend } from '../../../electron/core/secrets/memory-backend';
import { createTrayState } from '../../../electron/main/tray-state';
import type { RunningService } from '../../../electron/service/start-service';
import { createTestCore, value } from '../core/core-host';
import { startTestService } from '../core/service-harness';

const labels = (menu: TrayMenuItem[]) => menu.map((item) => (item.type === 'separator' ? '---' : item.label));
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the tray, the summary and the window read one view of each account', () => {
  let one: RunningService;
  let two: RunningService;
  const keychain = { ...createMemoryBackend(), kind: 'keychain' as const };
  const { core } = createTestCore({ secretBackends: { keychain } });
  const tray = createTrayState({ overview: core.overview(), app: core.app(), update: core.appUpdate() });
  const events: { event: EventName; payload: unknown }[] = [];
  core.onEvent((event, payload) => {
    tray.apply(event, payload);
    events.push({ event, payload });
  });
  const ids = { a: '', b: '' };
  /** What the window reads of an account: the summary row `accounts:list` gives it. */
  const windowRow = async (profileId: string): Promise<AccountReadout> =>
    value((await core.invoke('accounts:list', undefined)) as Result<ChannelOutput<'accounts:list'>>).accounts.find((account) => account.profileId === profileId)!;
  const trayRow = (profileId: string) => tray.model().accounts.find((account) => account.profileId === profileId)!;

  beforeAll(async () => {
    [one, two] = await Promise.all([startTestService(), startTestService()]);
    await core.start();
    for (const [name, service, label] of [['a', one, 'Client A'], ['b', two, 'Client B']] as const) {
      ids[name] = value((await core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url, label })) as Result<ChannelOutput<'key:set'>>).profileId;
    }
    await settle();
  });
  afterAll(async () => {
    await core.stop();
    await Promise.all([one.close(), two.close()]);
  });

  it('sends one poll cycle to main and the window as one update, carrying the account’s new view', async () => {
    events.length = 0;
    value(await core.invoke('poll:refresh', { profileId: ids.a }));
    await settle();
    const updates = events.filter((e) => e.event === 'account') as { payload: EventPayload<'account'> }[];
    expect(updates.map((e) => e.payload.profileId)).toEqual([ids.a]);
    expect(events.map((e) => e.event)).toEqual(['account']);
    const [update] = updates;
    expect(update!.payload.readout).toEqual(trayRow(ids.a));
    expect(update!.payload.readout).toEqual(await windowRow(ids.a));
    expect(update!.payload.snapshot?.account?.data).not.toBeNull();
  });

  it('says the computer is offline, in the summary, the tray and the window alike, and never offers to resume what nobody paused', async () => {
    core.setSystemState({ online: false });
    await settle();
    expect(core.app()).toMatchObject({ offline: true, paused: false });
    for (const id of [ids.a, ids.b]) {
      expect(await windowRow(id)).toMatchObject({ state: 'offline', stateWords: 'offline' });
      expect(trayRow(id)).toEqual(await windowRow(id));
    }
    const menu = trayMenuTemplate(tray.model(), Date.now());
    expect(labels(menu)).toEqual(expect.arrayContaining(['● Client A — offline', '● Client B — offline', 'Pause polling']));
    expect(labels(menu)).not.toContain('Resume polling');
    expect(trayIconState(tray.model()).level).toBe('stale');
    expect(trayTooltip(tray.model(), Date.now())).not.toMatch(/paused/i);

    // The user pauses while offline: now, and only now, there is something to resume.
    value(await core.invoke('poll:setPaused', { paused: true }));
    await settle();
    expect(labels(trayMenuTemplate(tray.model(), Date.now()))).toContain('Resume polling');
    value(await core.invoke('poll:setPaused', { paused: false }));
    core.setSystemState({ online: true });
    await settle();
    expect(labels(trayMenuTemplate(tray.model(), Date.now()))).toContain('Pause polling');
    expect(tray.model().app).toEqual(core.app());
  });

  it('answers a rename with the account’s new name, the same the tray is sent', async () => {
    const renamed = value((await core.invoke('accounts:update', { profileId: ids.a, label: 'Client A (prod)' })) as Result<ChannelOutput<'accounts:update'>>);
    expect(renamed.accounts.find((account) => account.profileId === ids.a)?.label).toBe('Client A (prod)');
    await settle();
    expect(trayRow(ids.a).label).toBe('Client A (prod)');
    value(await core.invoke('accounts:update', { profileId: ids.a, label: 'Client A' }));
    await settle();
  });

  it('reads an account without a key the same everywhere: the summary, the tray icon, tooltip, title and menu, and the window', async () => {
    // Moved to another host, the account's key is dropped (docs/architecture.md › Accounts).
    value(await core.invoke('accounts:update', { profileId: ids.b, baseUrl: two.url.replace('127.0.0.1', 'localhost') }));
    await settle();
    const row = await windowRow(ids.b);
    expect(row).toMatchObject({ state: 'no_key', stateText: 'No API key stored', stateWords: 'no API key', needsAttention: true, offers: { enterKey: true, refresh: false } });
    expect(trayRow(ids.b)).toEqual(row);
    expect(value((await core.invoke('accounts:list', undefined)) as Result<ChannelOutput<'accounts:list'>>).totals.needAttention).toBe(1);

    const model = tray.model();
    expect(trayIconState(model).level).toBe('rejected');
    const menu = labels(trayMenuTemplate(model, Date.now()));
    expect(menu).toEqual(expect.arrayContaining(['● Client B — no API key', 'No API key — enter it again…']));
    expect(trayTooltip(model, Date.now()).split('\n')).toContain('1 needs attention');
    // Alone in the tray, its tooltip says it in the read model's words, and the title shows no figure.
    const alone = { ...model, accounts: [row], totals: { ...model.totals, real: 1 } };
    expect(trayTooltip(alone, Date.now())).toBe('Zonewatch — Client B\nNo API key stored. Open Zonewatch to enter it.');
    expect(trayTitle(alone)).toBe('');
  });
});
