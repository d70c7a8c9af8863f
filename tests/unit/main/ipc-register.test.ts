import { describe, it, expect, vi } from 'vitest';
import { registerIpc, type IpcMainLike, type InvokeEventLike } from '../../../electron/main/ipc-register';
import { isRendererUrl, rendererLocation } from '../../../electron/main/renderer-origin';
import type { HandlerTable } from '../../../electron/core/ipc-dispatch';
import { CHANNELS } from '../../../shared/ipc';
import { sampleZone } from '../../fixtures/api-samples';

/** Records handlers the way ipcMain does and lets a test invoke them as a given frame. */
function fakeIpcMain() {
  const handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => void handlers.delete(channel),
  };
  const invoke = (channel: string, input: unknown, frame: InvokeEventLike['senderFrame']) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler({ senderFrame: frame }, input);
  };
  return { ipcMain, handlers, invoke };
}

const RENDERER_HTML = '/opt/Zonewatch/resources/app.asar/out/renderer/index.html';
const location = rendererLocation(undefined, true, RENDERER_HTML);
const ourFrame = { url: `file://${RENDERER_HTML}#/zones`, parent: null };
const toAppError = () => ({ kind: 'internal' as const, message: 'Something went wrong inside Zonewatch.' });

function setup(overrides: Partial<HandlerTable> = {}) {
  const table = new Proxy(overrides as HandlerTable, {
    get: (target, key: string) => (target as Record<string, unknown>)[key] ?? vi.fn(async () => { throw new Error(`unexpected ${key}`); }),
  });
  const fake = fakeIpcMain();
  const onForbidden = vi.fn();
  const unregister = registerIpc(fake.ipcMain, table, { isTrustedFrameUrl: (url) => isRendererUrl(url, location), toAppError, onForbidden });
  return { ...fake, onForbidden, unregister };
}

describe('registerIpc', () => {
  it('registers a handler for every channel of the contract, and removes them all on unregister', () => {
    const { handlers, unregister } = setup();
    expect([...handlers.keys()].sort()).toEqual([...CHANNELS].sort());
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('answers a good call from our window with the result envelope', async () => {
    const setEnabled = vi.fn(async ({ zoneId, enabled }: { zoneId: string; enabled: boolean }) => ({ ...sampleZone(zoneId), enabled }));
    const { invoke } = setup({ 'zones:setEnabled': setEnabled as never });
    const result = await invoke('zones:setEnabled', { profileId: 'client-b', zoneId: 'AB12', enabled: false }, ourFrame);
    expect(result).toMatchObject({ ok: true, value: { zone_id: 'AB12', enabled: false } });
    expect(setEnabled).toHaveBeenCalledWith({ profileId: 'client-b', zoneId: 'AB12', enabled: false });
  });

  it('refuses a call from a foreign page without running the handler', async () => {
    const setEnabled = vi.fn();
    const { invoke, onForbidden } = setup({ 'zones:setEnabled': setEnabled });
    const result = await invoke('zones:setEnabled', { profileId: 'client-b', zoneId: 'AB12', enabled: false }, { url: 'https://evil.example/', parent: null });
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden_sender' } });
    expect(setEnabled).not.toHaveBeenCalled();
    expect(onForbidden).toHaveBeenCalledWith('zones:setEnabled', 'https://evil.example/');
  });

  it('refuses another local file, an iframe inside our page, and a frame that is gone', async () => {
    const { invoke } = setup({ 'settings:get': vi.fn() });
    const refusals = await Promise.all([
      invoke('settings:get', undefined, { url: 'file:///tmp/evil/index.html', parent: null }),
      invoke('settings:get', undefined, { url: ourFrame.url, parent: { url: ourFrame.url } }),
      invoke('settings:get', undefined, null),
    ]);
    for (const result of refusals) expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden_sender' } });
  });

  it('refuses a bad argument with an error naming the field, without running the handler', async () => {
    const setEnabled = vi.fn();
    const { invoke } = setup({ 'zones:setEnabled': setEnabled });
    const result = await invoke('zones:setEnabled', { profileId: 'client-b', zoneId: 'AB12', enabled: 'yes' }, ourFrame);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_argument', message: expect.stringContaining('enabled') } });
    expect(setEnabled).not.toHaveBeenCalled();
  });

  it('refuses an account call that does not say which account it is for: main keeps no selected account', async () => {
    const setEnabled = vi.fn();
    const { invoke } = setup({ 'zones:setEnabled': setEnabled });
    const result = await invoke('zones:setEnabled', { zoneId: 'AB12', enabled: false }, ourFrame);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_argument', message: expect.stringContaining('profileId') } });
    expect(setEnabled).not.toHaveBeenCalled();
  });

  it('turns a failing handler into a plain error instead of throwing across IPC', async () => {
    const { invoke } = setup({ 'poll:refresh': vi.fn(async () => { throw new Error('boom at /home/me/secret path'); }) });
    expect(await invoke('poll:refresh', { profileId: 'client-b' }, ourFrame)).toEqual({ ok: false, error: toAppError() });
  });
});

describe('isRendererUrl', () => {
  it('accepts the dev server origin only in an unpackaged app, and only on loopback', () => {
    const dev = rendererLocation('http://localhost:5173/', false, RENDERER_HTML);
    expect(isRendererUrl('http://localhost:5173/#/billing', dev)).toBe(true);
    expect(isRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(rendererLocation('http://localhost:5173/', true, RENDERER_HTML).kind).toBe('file');
    expect(rendererLocation('http://attacker.example:5173/', false, RENDERER_HTML).kind).toBe('file');
  });

  it('does not accept garbage', () => {
    expect(isRendererUrl('not a url', location)).toBe(false);
    expect(isRendererUrl('', location)).toBe(false);
  });
});
