import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import type { Notice } from '../../../shared/notices';
import type { RunningService } from '../../../electron/service/start-service';
import type { Clock } from '../../../electron/core/ports';
import { createTestCore, value } from './core-host';
import { startTestService } from './service-harness';

// docs/architecture.md › Notices: every store found damaged and set aside is said once, in the
// window until dismissed (settings included, read before any window exists), and as a
// notification for the money records; the set-aside name carries the app's clock, not the wall's.

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

/** The app's clock, a year and a half ahead of the wall's: set-aside names must carry its time. */
const AHEAD_MS = Date.parse('2031-05-06T07:08:09.000Z') - Date.now();
const aheadClock: Clock = { now: () => Date.now() + AHEAD_MS, setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };

const list = async (core: ReturnType<typeof createTestCore>['core']) => value((await core.invoke('notices:list', undefined)) as Result<ChannelOutput<'notices:list'>>);
const said = (notices: Notice[]) => notices.map(({ title, profileId }) => `${profileId === null ? 'app' : 'account'}: ${title}`);

describe('a damaged file set aside', () => {
  it('is said once for every store, before any window and across restarts, naming what was lost and what the app did', async () => {
    const first = createTestCore();
    await first.core.start();
    const { profileId } = value((await first.core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url })) as Result<ChannelOutput<'key:set'>>);
    await first.core.stop();
    const dir = first.dir;
    const damage = (name: string) => fs.writeFileSync(path.join(dir, `${name}.json`), '{"data":{"trunc');
    for (const kind of ['snapshot', 'billing', 'alert-memory', 'notifications', 'spend-stop', 'caps', 'account-cap']) damage(`profile-${profileId}-${kind}`);
    damage('snooze');
    damage('notices');

    // Read before any window: the notices are there to list as soon as the core exists.
    const second = createTestCore({ clock: aheadClock }, dir);
    expect(said(await list(second.core))).toEqual(['app: The list of notices could not be read', 'app: The snooze of notifications could not be read']);
    await second.core.start();
    const notices = await list(second.core);
    expect(said(notices)).toEqual([
      'app: The list of notices could not be read',
      'app: The snooze of notifications could not be read',
      "account: This account's last figures could not be read",
      'account: The saved billing history could not be read',
      'account: The memory of alerts already sent could not be read',
      'account: The list of past notifications could not be read',
      'account: The record of the zones Stop all spend turned off could not be read',
      'account: The record of the caps Zonewatch set could not be read',
      'account: The account cap could not be read',
    ]);
    const stop = notices.find((n) => n.title.startsWith('The record of the zones Stop all spend'))!;
    expect(stop.profileId).toBe(profileId);
    expect(stop.body).toMatch(
      new RegExp(
        `^The file was set aside as profile-${profileId}-spend-stop\\.json\\.corrupt-2031-05-06T[0-9-]+\\.\\d{3}Z and kept for a bug report \\(Copy diagnostics lists it\\)\\. Restore can no longer turn them back on: zones off on the service stay off until you turn them on in Zones\\.$`,
      ),
    );
    // Every set-aside name carries the app's clock (2031), none the wall clock's.
    const setAside = fs.readdirSync(dir).filter((name) => name.includes('.corrupt-'));
    expect(setAside).toHaveLength(9);
    expect(setAside.every((name) => /\.corrupt-2031-05-06T/.test(name))).toBe(true);
    // The money records also came as notifications; the rest only in the window.
    expect((second.recorded.notifications as { title: string }[]).map((n) => n.title)).toEqual([
      'The record of the zones Stop all spend turned off could not be read',
      'The record of the caps Zonewatch set could not be read',
      'The account cap could not be read',
    ]);
    // Copy diagnostics lists them.
    const copied = value((await second.core.invoke('app:copyDiagnostics', undefined)) as Result<ChannelOutput<'app:copyDiagnostics'>>);
    for (const name of setAside) expect(copied.text).toContain(`  ${name} (`);
    value((await second.core.invoke('notices:dismiss', { id: notices[0]!.id })) as Result<unknown>);
    await second.core.stop();

    // The next start reads sound files: nothing is said again, and what was dismissed stays dismissed.
    const third = createTestCore({}, dir);
    await third.core.start();
    expect(said(await list(third.core))).toEqual(said(notices).slice(1));
    expect(third.recorded.notifications).toEqual([]);
    await third.core.stop();
  });

  it('says the settings were lost even though no window is open yet, and the accounts with them', async () => {
    const first = createTestCore();
    await first.core.start();
    value((await first.core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url })) as Result<unknown>);
    await first.core.stop();
    fs.writeFileSync(path.join(first.dir, 'settings.json'), '{"data":{"profiles":[{"id":');

    const second = createTestCore({}, first.dir);
    const [notice] = await list(second.core);
    expect(notice).toMatchObject({ profileId: null, title: 'The settings could not be read' });
    expect(notice!.body).toMatch(/^The file was set aside as settings\.json\.corrupt-\S+ and kept for a bug report \(Copy diagnostics lists it\)\. Zonewatch started from its default settings and without your accounts: add them again, with their keys\.$/);
    await second.core.start();
    expect(value((await second.core.invoke('accounts:list', undefined)) as Result<ChannelOutput<'accounts:list'>>).accounts).toEqual([]);
    await second.core.stop();
  });
});
