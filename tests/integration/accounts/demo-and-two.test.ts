// Issue 17's "done when": the demo and two local services watched at once from one tray, each
// toggled, alerted and billed on its own — through the same core and tray builders the app uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingEntry } from '../../../shared/api/billing';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import { trayMenuTemplate, type TrayMenuItem } from '../../../electron/core/tray/tray-menu';
import { createTrayState } from '../../../electron/main/tray-state';
import type { RunningService } from '../../../electron/service/start-service';
import { createTestCore, value } from '../core/core-host';
import { startTestService } from '../core/service-harness';

type Checkbox = Extract<TrayMenuItem, { type: 'checkbox' }>;
// A refused link reads as '' here, which no base URL starts with.
const documentUrl = (entry: BillingEntry) => (entry.type === 'invoice' ? entry.invoice_url : entry.reciept_url) ?? '';

describe('the demo and two local services in one tray', () => {
  let one: RunningService;
  let two: RunningService;
  const { core, recorded } = createTestCore();
  const ids = { a: '', b: '', demo: 'demo' };
  // What main draws the tray from: only what the core sent (its events), as main keeps it.
  const tray = createTrayState({ overview: core.overview(), app: core.app(), update: core.appUpdate() });
  core.onEvent((event, payload) => tray.apply(event, payload));

  beforeAll(async () => {
    [one, two] = await Promise.all([startTestService(), startTestService()]);
    await core.start();
    value(await core.invoke('demo:start', undefined));
    for (const [name, service, label] of [['a', one, 'Client A'], ['b', two, 'Client B']] as const) {
      ids[name] = value((await core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url, label })) as Result<ChannelOutput<'key:set'>>).profileId;
    }
  });
  afterAll(async () => {
    await core.stop();
    await Promise.all([one.close(), two.close()]);
  });

  /** The tray's sections as main builds them: each header and the zone toggles under it. */
  function traySections() {
    const menu = trayMenuTemplate(tray.model(), Date.now());
    const sections: { header: string; toggles: Checkbox[] }[] = [];
    for (const item of menu) {
      if (item.type === 'normal' && item.label.startsWith('● ')) sections.push({ header: item.label, toggles: [] });
      else if (item.type === 'checkbox') sections.at(-1)!.toggles.push(item);
    }
    return sections;
  }

  it('shows a section per account in the tray, the demo last, each toggle naming its own account', () => {
    const sections = traySections();
    expect(sections.map((s) => s.header.split(' — ')[0])).toEqual(['● Client A', '● Client B', '● Demo account (DEMO)']);
    const owners = [ids.a, ids.b, ids.demo];
    sections.forEach((section, i) => {
      expect(section.toggles.length).toBeGreaterThan(0);
      for (const toggle of section.toggles) expect(toggle.action).toMatchObject({ kind: 'toggleZone', profileId: owners[i] });
    });
  });

  it('toggles a zone of each account from its own section, changing that account alone', async () => {
    const owners = [ids.a, ids.b, ids.demo];
    for (const [i, section] of traySections().entries()) {
      const action = section.toggles[0]!.action as { profileId: string; zoneId: string; enabled: boolean };
      const others = owners.filter((id) => id !== action.profileId);
      const before = others.map((id) => core.snapshot(id)!.zones[action.zoneId]?.zone.enabled);
      value(await core.invoke('zones:setEnabled', { profileId: action.profileId, zoneId: action.zoneId, enabled: action.enabled }));
      await Promise.all(owners.map((profileId) => core.invoke('poll:refresh', { profileId })));
      expect(core.snapshot(owners[i]!)!.zones[action.zoneId]?.zone.enabled).toBe(action.enabled);
      expect(others.map((id) => core.snapshot(id)!.zones[action.zoneId]?.zone.enabled)).toEqual(before);
    }
  });

  it('alerts each account on its own, every notification naming its account and opening it', async () => {
    const shared = value((await core.invoke('settings:get', undefined)) as Result<ChannelOutput<'settings:get'>>).alerts;
    recorded.notifications.length = 0;
    // A low-balance threshold above every account's balance: each of them crosses it on its next cycle.
    value(await core.invoke('settings:update', { alerts: { ...shared, lowBalance: { enabled: true, thresholdCents: 100_000_000 } } }));
    value(await core.invoke('poll:refreshAll', undefined));
    const shown = (recorded.notifications as { title: string; target: { profileId?: string } }[]).filter((n) => n.title.includes('Balance is low'));
    expect(shown.map((n) => [n.title.split(' · ')[0], n.target.profileId]).sort()).toEqual(
      [
        ['Client A', ids.a],
        ['Client B', ids.b],
        ['Demo account', ids.demo],
      ].sort(),
    );
  });

  it('keeps the demo out of account settings: it can be removed, not renamed', async () => {
    const renamed = await core.invoke('accounts:update', { profileId: ids.demo, label: 'My demo' });
    expect(renamed).toEqual({ ok: false, error: { kind: 'invalid_argument', message: 'The demo account has no settings to change; remove it and add your own account.' } });
    expect(core.overview().accounts.at(-1)).toMatchObject({ profileId: ids.demo, label: 'Demo account' });
  });

  it('bills each account from its own service', async () => {
    for (const [profileId, url] of [
      [ids.a, one.url],
      [ids.b, two.url],
    ] as const) {
      expect(value(await core.invoke('billing:sync', { profileId, full: true }))).toMatchObject({ done: true, error: null });
      const page = value((await core.invoke('billing:query', { profileId, perPage: 500 })) as Result<ChannelOutput<'billing:query'>>);
      expect(page.entries.length).toBeGreaterThan(0);
      for (const entry of page.entries) expect(documentUrl(entry).startsWith(url)).toBe(true);
    }
    const demoUrl = core.status(ids.demo)!.profile.baseUrl;
    value(await core.invoke('billing:sync', { profileId: ids.demo, full: true }));
    const demo = value((await core.invoke('billing:query', { profileId: ids.demo, perPage: 500 })) as Result<ChannelOutput<'billing:query'>>);
    for (const entry of demo.entries) expect(documentUrl(entry).startsWith(demoUrl)).toBe(true);
  });
});
