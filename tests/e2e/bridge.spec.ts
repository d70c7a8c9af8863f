import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { WebSocket } from 'ws';
import { startBridge, type Bridge } from '../../electron/web/bridge-server';
import { cspHeader } from '../../shared/content-security-policy';

let bridge: Bridge;
const invoked: unknown[] = [];
test.beforeAll(async () => {
  bridge = await startBridge({
    core: { invoke: async (channel) => (invoked.push(channel), { ok: true, value: 'pong' }), onEvent: () => () => undefined },
    webRoot: 'out/web',
  });
});
test.afterAll(async () => {
  await bridge?.close();
});

const token = () => new URL(bridge.url).hash.replace('#token=', '');

/** Resolves with the first message, or with the HTTP status the upgrade was refused with. */
function connect(url: string, origin: string): Promise<{ status: number } | { message: unknown }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: { origin } });
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, channel: 'app:info', input: undefined })));
    ws.on('message', (data) => {
      resolve({ message: JSON.parse(String(data)) });
      ws.close();
    });
  });
}

test('the bridge answers its own page carrying the token, and refuses other origins or a wrong token', async () => {
  const socket = `ws://127.0.0.1:${new URL(bridge.origin).port}/bridge`;
  expect(await connect(`${socket}?token=${token()}`, bridge.origin)).toEqual({ message: { id: 1, result: { ok: true, value: 'pong' } } });
  expect(await connect(`${socket}?token=${token()}`, 'http://evil.example')).toEqual({ status: 403 });
  expect(await connect(`${socket}?token=wrong`, bridge.origin)).toEqual({ status: 403 });
  expect(await connect(socket, bridge.origin)).toEqual({ status: 403 });
  expect(invoked).toEqual(['app:info']);
});

test('the page it serves connects only to its own origin, by its built meta tag and the header the bridge adds', async ({ request }) => {
  const page = await request.get(bridge.origin);
  // Served as built: the policy source (shared/content-security-policy.ts) wrote the meta tag.
  expect(await page.text()).toBe(readFileSync('out/web/index.html', 'utf8'));
  expect(page.headers()['content-security-policy']).toBe(cspHeader({ kind: 'bridge' }));
  expect((await request.get(`${bridge.origin}/../package.json`)).status()).toBe(404);
});
