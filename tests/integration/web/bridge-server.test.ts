import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { Result } from '../../../shared/ipc';
import { startBridge, type Bridge } from '../../../electron/web/bridge-server';
import { MAX_BRIDGE_FRAME_BYTES } from '../../../electron/web/bridge-frame';

let bridge: Bridge;
let webRoot: string;
const warnings: string[] = [];
const pagesSeen: number[] = [];

/** A core that knows one channel and answers anything else as the real dispatch does: an error result. */
const core = {
  invoke: async (channel: unknown): Promise<Result<unknown>> =>
    channel === 'app:info' ? { ok: true, value: 'pong' } : { ok: false, error: { kind: 'invalid_argument', message: 'Unknown request.' } },
  onEvent: () => () => undefined,
};

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-bridge-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>t</title>');
  bridge = await startBridge({ core, webRoot, logger: { warn: (message, data) => warnings.push(`${message} ${JSON.stringify(data)}`) }, onPagesChange: (pages) => pagesSeen.push(pages) });
});
afterAll(async () => {
  await bridge.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

type Page = { ws: WebSocket; next(): Promise<unknown>; closed: Promise<number> };

async function openPage(): Promise<Page> {
  const token = new URL(bridge.url).hash.replace('#token=', '');
  const ws = new WebSocket(`ws://127.0.0.1:${new URL(bridge.origin).port}/bridge?token=${token}`, { headers: { origin: bridge.origin } });
  const queue: unknown[] = [];
  const waiting: ((value: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const message: unknown = JSON.parse(String(data));
    const resolve = waiting.shift();
    if (resolve) resolve(message);
    else queue.push(message);
  });
  ws.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', () => reject(new Error('refused')));
  });
  return {
    ws,
    closed,
    next: () => (queue.length > 0 ? Promise.resolve(queue.shift()) : new Promise((resolve) => waiting.push(resolve))),
  };
}

async function stillServes(): Promise<void> {
  const page = await openPage();
  page.ws.send(JSON.stringify({ id: 99, channel: 'app:info' }));
  expect(await page.next()).toEqual({ id: 99, result: { ok: true, value: 'pong' } });
  page.ws.close();
  const res = await fetch(`${bridge.origin}/`);
  expect(res.status).toBe(200);
}

describe('the pages the bridge serves', () => {
  it('says how many are connected as each comes and goes, so the app knows whether its window is open', async () => {
    pagesSeen.length = 0;
    const first = await openPage();
    const second = await openPage();
    first.ws.close();
    await first.closed;
    second.ws.close();
    await second.closed;
    await vi.waitFor(() => expect(pagesSeen).toEqual([1, 2, 1, 0]));
  });
});

describe('the bridge against a page that sends bad frames', () => {
  it('drops null, non-objects, broken JSON and frames without an id, logs each, and answers the next good frame', async () => {
    const page = await openPage();
    warnings.length = 0;
    for (const frame of ['null', '42', '"x"', '[]', '{', '{"channel":"app:info"}', '{"id":"1"}', '{"id":-3}']) page.ws.send(frame);
    page.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    page.ws.send(JSON.stringify({ id: 1, channel: 'app:info' }));
    expect(await page.next()).toEqual({ id: 1, result: { ok: true, value: 'pong' } });
    expect(warnings).toHaveLength(9);
    expect(warnings.every((w) => w.startsWith('bridge: a frame was dropped'))).toBe(true);
    page.ws.close();
  });

  it('answers a frame with an id but a wrong channel or input with an error result under that id', async () => {
    const page = await openPage();
    page.ws.send(JSON.stringify({ id: 5, channel: null, input: { deep: [1] } }));
    expect(await page.next()).toEqual({ id: 5, result: { ok: false, error: { kind: 'invalid_argument', message: 'Unknown request.' } } });
    page.ws.close();
  });

  it('closes only the socket that sent a frame over the limit, with 1009, and keeps serving', async () => {
    const page = await openPage();
    const other = await openPage();
    page.ws.send('x'.repeat(MAX_BRIDGE_FRAME_BYTES + 1));
    expect(await page.closed).toBe(1009);
    other.ws.send(JSON.stringify({ id: 2, channel: 'app:info' }));
    expect(await other.next()).toEqual({ id: 2, result: { ok: true, value: 'pong' } });
    other.ws.close();
    await stillServes();
  });

  it('survives a page that drops its connection mid-frame', async () => {
    const page = await openPage();
    // A raw, unfinished frame header on the socket, then a hard close.
    (page.ws as unknown as { _socket: import('node:net').Socket })._socket.write(Buffer.from([0x81, 0xfe, 0xff]));
    page.ws.terminate();
    await stillServes();
  });
});

describe('the bridge against a request for a path that is not valid percent-encoding', () => {
  it('answers 400 and keeps serving', async () => {
    const res = await fetch(`${bridge.origin}/%E0%A4%A`);
    expect(res.status).toBe(400);
    await stillServes();
  });
});
