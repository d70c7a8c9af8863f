import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import type { RunningService } from '../../../electron/service/start-service';
import { EMAIL_REDACTED } from '../../../electron/core/diagnostics/report';
import { createTestCore, value } from './core-host';
import { startTestService } from './service-harness';

let service: RunningService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});

/** Every team member as the service keeps them: their key (a proxy password) and e-mail address; the account's own is among them. */
function team(): { api_key: string; email: string }[] {
  return (service.control as unknown as { state: { users: { api_key: string; email: string }[] } }).state.users;
}

describe('"Copy diagnostics" over a watched account', () => {
  it('copies what the docs promise — versions, system, each account\'s state, last problems, data gaps — and no key or e-mail address', async () => {
    const someone = team()[1]!.email;
    const { core, recorded } = createTestCore({
      appInfo: { version: '0.0.0-test', platform: 'linux', shell: 'electron', versions: { node: process.versions.node } },
      // A careless line from anywhere in the app: it quotes a team member's address and the key.
      recentLogLines: () => [`2026-11-21T10:00:00.000Z WARN invite for ${someone} failed with ${service.keys.admin}`],
    });
    await core.start();
    const { profileId } = value((await core.invoke('key:set', { apiKey: service.keys.admin, baseUrl: service.url })) as Result<ChannelOutput<'key:set'>>);
    // The users list was read: the core holds every team member's address now.
    expect(core.snapshot(profileId)!.discovery.source).toBe('users_list');

    const copied = value((await core.invoke('app:copyDiagnostics', undefined)) as Result<ChannelOutput<'app:copyDiagnostics'>>);
    expect(copied.copied).toBe(true);
    expect(copied.text).toBe(recorded.clipboard.text);
    const text = copied.text;
    expect(text).toMatch(/^Zonewatch 0\.0\.0-test \(linux, electron\)\nsystem: \S+ \S+ \(\S+\)\nruntime: node /);
    expect(text).toContain(`account 1 of 1: account at ${service.url}`);
    expect(text).toContain('  key stored in: keychain');
    expect(text).toContain('  polling: running, failures 0');
    expect(text).toContain('  last error: none');
    expect(text).toContain('  data gaps: none');
    expect(text).toContain(`WARN invite for ${EMAIL_REDACTED} failed with [redacted]`);
    for (const member of team()) {
      expect({ leaked: text.includes(member.email) }).toEqual({ leaked: false });
      expect({ leaked: text.includes(member.api_key) }).toEqual({ leaked: false });
    }
    await core.stop();
  });
});

describe('"Open logs"', () => {
  it('opens the log folder where the shell keeps one, and says so where it keeps none', async () => {
    const desktop = createTestCore({ logsPath: '/home/someone/.config/Zonewatch/logs' });
    expect(value((await desktop.core.invoke('app:openLogs', undefined)) as Result<ChannelOutput<'app:openLogs'>>)).toEqual({ opened: true });
    expect(desktop.recorded.opened).toEqual(['/home/someone/.config/Zonewatch/logs']);

    const browser = createTestCore();
    expect(value((await browser.core.invoke('app:openLogs', undefined)) as Result<ChannelOutput<'app:openLogs'>>)).toEqual({ opened: false });
    expect(browser.recorded.opened).toEqual([]);
  });
});
