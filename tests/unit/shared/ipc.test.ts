import { describe, it, expect } from 'vitest';
import { ACCOUNT_CHANNELS, buildApi, CHANNELS, EVENT_NAMES, ipc, ipcEvents, type Channel } from '../../../shared/ipc';

describe('buildApi', () => {
  it('exposes one function per channel grouped by domain, and nothing that takes a channel name', async () => {
    const calls: Array<[Channel, unknown]> = [];
    const api = buildApi(
      async (channel, input) => {
        calls.push([channel, input]);
        return { ok: true, value: null };
      },
      () => () => undefined,
    );
    await api.zones.setEnabled({ profileId: 'p1', zoneId: 'Z1', enabled: false });
    await api.snapshot.get({ profileId: 'p1' });
    await api.accounts.list();
    expect(calls).toEqual([
      ['zones:setEnabled', { profileId: 'p1', zoneId: 'Z1', enabled: false }],
      ['snapshot:get', { profileId: 'p1' }],
      ['accounts:list', undefined],
    ]);
    const exposed = Object.entries(api).flatMap(([domain, fns]) => Object.keys(fns).map((a) => `${domain}:${a}`));
    expect(exposed.filter((c) => !c.startsWith('on:')).sort()).toEqual([...CHANNELS].sort());
    expect(Object.keys(api)).not.toContain('invoke');
  });

  it('subscribes to each push event and hands back an unsubscribe', () => {
    const active = new Set<string>();
    const api = buildApi(
      async () => ({ ok: true, value: null }),
      (event) => {
        active.add(event);
        return () => active.delete(event);
      },
    );
    const offs = EVENT_NAMES.map((e) => api.on[e](() => undefined));
    expect([...active].sort()).toEqual([...EVENT_NAMES].sort());
    offs.forEach((off) => off());
    expect(active.size).toBe(0);
  });
});

describe('account-scoped channels', () => {
  it('are every channel that acts within one account, and none that acts on the app or the list of accounts', () => {
    expect([...ACCOUNT_CHANNELS].sort()).toEqual(
      [
        'snapshot:get',
        'history:get',
        'history:calendar',
        'history:day',
        'history:zone',
        'history:compare',
        'history:anomalies',
        'history:summary',
        'history:exportSummaryCsv',
        'history:exportCsv',
        'poll:refresh',
        'zones:setEnabled',
        'zones:preview',
        'zones:update',
        'zones:refreshIps',
        'zones:deleteIps',
        'zones:delete',
        'zones:pin',
        'zones:unpin',
        'zones:copyCredentials',
        'spend:get',
        'spend:plan',
        'spend:stop',
        'spend:restore',
        'spend:dismiss',
        'caps:get',
        'caps:preview',
        'caps:apply',
        'caps:retry',
        'caps:undo',
        'caps:forget',
        'caps:setAccountCap',
        'billing:query',
        'billing:sync',
        'billing:exportCsv',
        'billing:openDocument',
        'account:openDashboard',
        'users:list',
        'plans:advisor',
        'notifications:list',
        'notifications:test',
      ].sort(),
    );
    for (const appWide of ['poll:setPaused', 'poll:refreshAll', 'notifications:snooze', 'billing:exportAllCsv', 'key:set', 'settings:update', 'accounts:remove'] as const) {
      expect(ACCOUNT_CHANNELS).not.toContain(appWide);
    }
  });

  it('each refuse an input that does not name its account, or names it with characters a file name must not hold', () => {
    for (const channel of ACCOUNT_CHANNELS) {
      const schema = ipc[channel].input;
      for (const input of [{}, { profileId: '../settings' }, { profileId: '' }]) {
        const parsed = schema.safeParse(input);
        expect({ channel, input, accepted: parsed.success }).toEqual({ channel, input, accepted: false });
        expect(parsed.error?.issues.some((issue) => issue.path[0] === 'profileId')).toBe(true);
      }
    }
  });

  it('take the account beside their own fields', () => {
    expect(ipc['zones:setEnabled'].input.parse({ profileId: 'p1', zoneId: 'Z1', enabled: true })).toEqual({ profileId: 'p1', zoneId: 'Z1', enabled: true });
    expect(ipc['zones:setEnabled'].input.safeParse({ zoneId: 'Z1', enabled: true }).success).toBe(false);
    expect(ipc['spend:stop'].input.parse({ profileId: 'p1' })).toEqual({ profileId: 'p1', retry: false });
    expect(ipc['snapshot:get'].input.safeParse(undefined).success).toBe(false);
  });

  it('caps:apply takes the changes its preview listed, each zone once with the cap shown and a cap the service accepts, and nothing else', () => {
    const after = { type: 'dollars_per_day', threshold: 5, action: 'disable_zone' } as const;
    const apply = (input: object) => ipc['caps:apply'].input.safeParse({ profileId: 'p1', ...input });
    expect(apply({ changes: [{ zoneId: 'Z1', before: null, after }, { zoneId: 'Z2', before: { ...after, threshold: 9 }, after }] }).success).toBe(true);
    expect(apply({ changes: [] }).error?.issues[0]?.message).toBe('Nothing to set: the preview listed no change.');
    expect(apply({ changes: [{ zoneId: 'Z1', before: null, after }, { zoneId: 'Z1', before: null, after }] }).error?.issues[0]?.message).toBe('Each zone may be named once.');
    // A rule is not what Apply takes: the core would work it out again from the data of then.
    expect(apply({ zoneIds: ['Z1'], rule: { kind: 'fixed', ...after } }).success).toBe(false);
    expect(apply({ changes: [{ zoneId: 'Z1', before: null, after, name: 'x' }] }).success).toBe(false);
    expect(apply({ changes: [{ zoneId: 'Z1', after }] }).success).toBe(false);
    expect(apply({ changes: [{ zoneId: 'Z1', before: null, after: { ...after, threshold: 0 } }] }).success).toBe(false);
  });

  it('leave app-wide channels without an account, and key:set adds an account when it names none', () => {
    expect(ipc['poll:setPaused'].input.parse({ paused: true })).toEqual({ paused: true });
    expect(ipc['poll:setPaused'].input.safeParse({ paused: true, profileId: 'p1' }).success).toBe(false);
    expect(ipc['notifications:snooze'].input.safeParse({ until: '1h', profileId: 'p1' }).success).toBe(false);
    expect(ipc['key:set'].input.safeParse({ apiKey: 'a-long-enough-key' }).success).toBe(true);
    expect(ipc['key:set'].input.safeParse({ apiKey: 'a-long-enough-key', profileId: '../x' }).success).toBe(false);
  });

  it('name their account in every event about one account, and not in app-wide events', () => {
    for (const event of ['account', 'billingSync'] as const) {
      const shape = (ipcEvents[event] as unknown as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape;
      expect({ event, named: shape.profileId?.safeParse(undefined).success }).toEqual({ event, named: false });
    }
    expect('shape' in ipcEvents.accounts && 'profileId' in ipcEvents.accounts.shape).toBe(false);
    expect('profileId' in ipcEvents.app.shape).toBe(false);
  });
});
