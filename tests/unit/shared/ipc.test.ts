import { describe, it, expect } from 'vitest';
import { buildApi, CHANNELS, EVENT_NAMES, type Channel } from '../../../shared/ipc';

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
    await api.zones.setEnabled({ zoneId: 'Z1', enabled: false });
    await api.snapshot.get();
    expect(calls).toEqual([
      ['zones:setEnabled', { zoneId: 'Z1', enabled: false }],
      ['snapshot:get', undefined],
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
