// Fuzz: no local process can end a server the app runs (docs/architecture.md › Threat model).
// The bridge and the local service run in a child process; after every malformed request line,
// header, upgrade request or WebSocket frame sequence, each must still answer a valid request.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MAX_BRIDGE_FRAME_BYTES } from '../../../electron/web/bridge-frame';
import { afterHandshake, encodeFrame, requestHead, sendRaw, splitAt, webSocketKey, type FrameSpec } from './raw-wire';

const root = join(import.meta.dirname, '..', '..', '..');

type Servers = { bridge: { origin: string; port: number; token: string }; service: { url: string; port: number; key: string } };
let child: ChildProcess;
let servers: Servers;
let stderr = '';

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/servers/app-servers.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const ready = JSON.parse(line) as { url: string; service: { url: string; keys: { admin: string } } };
  const page = new URL(ready.url);
  servers = {
    bridge: { origin: page.origin, port: Number(page.port), token: page.hash.replace('#token=', '') },
    service: { url: ready.service.url, port: Number(new URL(ready.service.url).port), key: ready.service.keys.admin },
  };
});

afterAll(async () => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
});

/** The process is alive and both servers answer a valid request (a page's round trip, a service read). */
async function bothStillAnswer(): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the servers' process ended (${child.exitCode ?? child.signalCode}):\n${stderr}`);
  expect((await fetch(`${servers.bridge.origin}/`)).status).toBe(200);
  const ws = new WebSocket(`ws://127.0.0.1:${servers.bridge.port}/bridge?token=${servers.bridge.token}`, { headers: { origin: servers.bridge.origin } });
  ws.on('error', () => undefined);
  await once(ws, 'open');
  ws.send(JSON.stringify({ id: 7, channel: 'app:info' }));
  const [answer] = (await once(ws, 'message')) as [Buffer];
  expect(JSON.parse(answer.toString())).toMatchObject({ id: 7, result: { ok: true } });
  ws.close();
  const info = await fetch(`${servers.service.url}/v1/account/info`, { headers: { 'x-api-key': servers.service.key } });
  expect(info.status).toBe(200);
  await info.arrayBuffer();
}

const serverName = fc.constantFrom('bridge' as const, 'service' as const);
const portOf = (name: 'bridge' | 'service') => servers[name].port;

/** Request targets a URL parser chokes on, or that try to leave the web root. */
const BAD_TARGETS = ['//[', 'http://[', '/%', '/%E0%A4%A', '/bridge?token=%ZZ', '*', '/\u0000', '//', 'http://evil.example/bridge', 'ftp://x/', '/..%2F..%2Fetc%2Fpasswd', `/${'a'.repeat(9000)}`, '?', '#', 'http://127.0.0.1:1/%', 'http://[::1', 'http://a b/'];
const target = fc.oneof(fc.constantFrom(...BAD_TARGETS, '/', '/index.html', '/v1/plans', '/v1/zones/%ZZ', '/bridge'), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }));

/** Header lines HTTP parsers disagree on, or that are too large. */
const ODD_HEADERS = [
  'Content-Length: -1',
  'Content-Length: 99999999999999999999',
  'Content-Length: 1, 2',
  'Content-Length: 3\r\nContent-Length: 4',
  'Transfer-Encoding: chunked',
  'Transfer-Encoding: gzip, chunked',
  'Transfer-Encoding: chunked\r\nContent-Length: 3',
  'Expect: 100-continue',
  'Connection: Upgrade',
  'Upgrade: websocket',
  'Host: ',
  'Host: [',
  'Host: a\r\nHost: b',
  'Origin: null',
  `Cookie: ${'a'.repeat(20_000)}`,
  ' folded: x',
  'no colon at all',
  'Content-Type: application/json; charset=%',
];
const headerLine = fc.oneof(
  fc.constantFrom(...ODD_HEADERS),
  fc.tuple(fc.string({ maxLength: 16 }), fc.string({ unit: 'binary', maxLength: 40 })).map(([name, value]) => `${name}: ${value}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const hostHeader = (server: 'bridge' | 'service', host: 'right' | 'wrong' | 'none') =>
  host === 'none' ? [] : [`Host: ${host === 'right' ? `127.0.0.1:${portOf(server)}` : 'evil.example'}`];

const request = fc.record({
  server: serverName,
  method: fc.oneof(fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE', 'PRI', 'get', 'G\u0000T'), fc.string({ maxLength: 12 })),
  target,
  version: fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/0.9', 'HTTP/2', 'HTTP/1.1 x', '', 'http/1.1'),
  host: fc.constantFrom('right' as const, 'wrong' as const, 'none' as const),
  headers: fc.array(headerLine, { maxLength: 6 }),
  body: fc.uint8Array({ maxLength: 64 }),
  cuts: fc.array(fc.nat(), { maxLength: 4 }),
});

const upgrade = fc.record({
  server: serverName,
  target: fc.oneof(fc.constantFrom(...BAD_TARGETS, '/bridge', '/bridge?token=', '/bridge?token=wrong', 'TOKEN', 'ABSOLUTE TOKEN'), fc.string({ maxLength: 30 })),
  origin: fc.constantFrom('right', 'wrong', 'null', 'none'),
  host: fc.constantFrom('right' as const, 'wrong' as const, 'none' as const),
  key: fc.oneof(fc.constantFrom('valid', 'none', 'AAAAAAAAAAAAAAAAAAAA', '=', '!!!!!!!!!!!!!!!!!!!!!!=='), fc.string({ maxLength: 30 })),
  version: fc.constantFrom('13', '8', '14', 'x', '', 'none', '13, 8'),
  upgradeHeader: fc.constantFrom('websocket', 'WebSocket', 'h2c', '', 'websocket, h2c'),
  connection: fc.constantFrom('Upgrade', 'keep-alive, Upgrade', 'close', ''),
  extras: fc.array(
    fc.constantFrom(
      'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits=99',
      'Sec-WebSocket-Extensions: ;;;',
      'Sec-WebSocket-Protocol: ,,',
      'Sec-WebSocket-Protocol: a b',
      'Content-Length: 5',
      'Transfer-Encoding: chunked',
    ),
    { maxLength: 3 },
  ),
  tail: fc.uint8Array({ maxLength: 32 }),
  cuts: fc.array(fc.nat(), { maxLength: 4 }),
});
type Upgrade = typeof upgrade extends fc.Arbitrary<infer T> ? T : never;

function upgradeBytes(u: Upgrade): Uint8Array {
  const { origin, token } = servers.bridge;
  const path = u.target === 'TOKEN' ? `/bridge?token=${token}` : u.target === 'ABSOLUTE TOKEN' ? `${origin}/bridge?token=${token}` : u.target;
  const headers = [
    ...hostHeader(u.server, u.host),
    ...(u.connection ? [`Connection: ${u.connection}`] : []),
    ...(u.upgradeHeader ? [`Upgrade: ${u.upgradeHeader}`] : []),
    ...(u.key === 'none' ? [] : [`Sec-WebSocket-Key: ${u.key === 'valid' ? webSocketKey() : u.key}`]),
    ...(u.version === 'none' ? [] : [`Sec-WebSocket-Version: ${u.version}`]),
    ...(u.origin === 'none' ? [] : [`Origin: ${u.origin === 'right' ? origin : u.origin === 'wrong' ? 'http://evil.example' : 'null'}`]),
    ...u.extras,
  ];
  return requestHead(`GET ${path} HTTP/1.1`, headers, u.tail);
}

const bytes = (text: string) => new TextEncoder().encode(text);
const FRAME_TEXTS = ['{"id":1,"channel":"app:info"}', '{"id":1,"channel":"app:info","input":{"deep":[[[[]]]]}}', 'null', '{', '{"id":-1}', '[]'];
const plausibleFrame: fc.Arbitrary<FrameSpec> = fc.record({
  fin: fc.boolean(),
  rsv: fc.constant(0),
  opcode: fc.constantFrom(0, 1, 2, 8, 9, 10),
  masked: fc.constant(true),
  payload: fc.oneof(
    fc.constantFrom(...FRAME_TEXTS).map(bytes),
    fc.json({ maxDepth: 3 }).map(bytes),
    fc.constantFrom(Uint8Array.of(0xc3, 0x28), Uint8Array.of(0xed, 0xa0, 0x80), Uint8Array.of(0x03, 0xe8), Uint8Array.of(0x00, 0x00), Uint8Array.of(0x0b, 0xb8, 0xff)),
    fc.uint8Array({ maxLength: 200 }),
  ),
});
const anyFrame: fc.Arbitrary<FrameSpec> = fc.record(
  {
    fin: fc.boolean(),
    rsv: fc.integer({ min: 0, max: 7 }),
    opcode: fc.integer({ min: 0, max: 15 }),
    masked: fc.boolean(),
    payload: fc.uint8Array({ maxLength: 300 }),
    declared: fc.oneof(fc.bigInt(0n, 70_000n), fc.constantFrom(BigInt(MAX_BRIDGE_FRAME_BYTES) + 1n, 2n ** 53n, 2n ** 63n, 2n ** 64n - 1n)),
  },
  { requiredKeys: ['fin', 'rsv', 'opcode', 'masked', 'payload'] },
);
const frames = fc.record({
  frames: fc.array(fc.oneof({ weight: 4, arbitrary: plausibleFrame }, { weight: 1, arbitrary: anyFrame }), { minLength: 1, maxLength: 6 }),
  cuts: fc.array(fc.nat(), { maxLength: 6 }),
});

/** A text message cut in two fragments whose sum is over the bridge's limit, though neither is. */
const half = Object.assign(new Uint8Array(Math.ceil((MAX_BRIDGE_FRAME_BYTES + 1) / 2)).fill(0x61), {
  [fc.toStringMethod]: () => `${Math.ceil((MAX_BRIDGE_FRAME_BYTES + 1) / 2)} × "a"`,
});
const OVERSIZED_IN_FRAGMENTS = {
  frames: [
    { fin: false, rsv: 0, opcode: 1, masked: true, payload: half },
    { fin: true, rsv: 0, opcode: 0, masked: true, payload: half },
  ],
  cuts: [],
};

const RUNS = { numRuns: 120, endOnFailure: true } as const;

describe('the servers the app runs, against malformed input from a local process', () => {
  it('answer a valid request before any fuzzing', bothStillAnswer);

  it('survive malformed request lines and headers', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const head = requestHead(`${r.method} ${r.target} ${r.version}`, [...hostHeader(r.server, r.host), ...r.headers], r.body);
        await sendRaw(portOf(r.server), splitAt(head, r.cuts));
        await bothStillAnswer();
      }),
      RUNS,
    );
  });

  it('survive malformed upgrade requests, and upgrade only a page of their own origin that carries the token', async () => {
    const example = (target: string, server: 'bridge' | 'service' = 'bridge'): [Upgrade] => [
      { server, target, origin: 'none', host: 'right', key: 'valid', version: '13', upgradeHeader: 'websocket', connection: 'Upgrade', extras: [], tail: new Uint8Array(), cuts: [] },
    ];
    await fc.assert(
      fc.asyncProperty(upgrade, async (u) => {
        const answer = (await sendRaw(portOf(u.server), splitAt(upgradeBytes(u), u.cuts))).toString('latin1');
        if (answer.startsWith('HTTP/1.1 101')) {
          expect(u.server).toBe('bridge');
          expect(u.target === 'TOKEN' || u.target === 'ABSOLUTE TOKEN').toBe(true);
          expect([u.origin, u.host]).toEqual(['right', 'right']);
        }
        await bothStillAnswer();
      }),
      { ...RUNS, examples: [example('//['), example('http://['), example('//[', 'service'), example('http://[', 'service')] },
    );
  });

  it('survive malformed, oversized and fragmented WebSocket frames from a page that holds the token', async () => {
    const { origin, token } = servers.bridge;
    await fc.assert(
      fc.asyncProperty(frames, async (f) => {
        const head = requestHead(`GET /bridge?token=${token} HTTP/1.1`, [
          `Host: ${origin.slice('http://'.length)}`,
          'Connection: Upgrade',
          'Upgrade: websocket',
          `Sec-WebSocket-Key: ${webSocketKey()}`,
          'Sec-WebSocket-Version: 13',
          `Origin: ${origin}`,
        ]);
        await afterHandshake(servers.bridge.port, head, splitAt(Buffer.concat(f.frames.map(encodeFrame)), f.cuts));
        await bothStillAnswer();
      }),
      { ...RUNS, examples: [[OVERSIZED_IN_FRAGMENTS]] },
    );
  });
});
