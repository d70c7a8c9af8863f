import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuardedServer, guardListener } from '../../../electron/server-guard/guarded-server';
import { requestHead, sendRaw, webSocketKey } from './raw-wire';

const warnings: string[] = [];
const log = { warn: (message: string, data?: Record<string, unknown>) => warnings.push(`${message} ${JSON.stringify(data)}`) };
let server: Server | undefined;

afterEach(async () => {
  warnings.length = 0;
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server?.closeAllConnections();
});

async function listen(s: Server): Promise<number> {
  server = s;
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

const upgradeRequest = (path: string) =>
  requestHead(`GET ${path} HTTP/1.1`, ['Host: 127.0.0.1', 'Connection: Upgrade', 'Upgrade: websocket', `Sec-WebSocket-Key: ${webSocketKey()}`, 'Sec-WebSocket-Version: 13']);

describe('a guarded server', () => {
  it('answers 500 when its request handler throws or rejects, logs it, and answers the next request', async () => {
    const port = await listen(
      createGuardedServer({
        name: 'test',
        log,
        onRequest: (req, res) => {
          if (req.url === '/throw') throw new TypeError('Invalid URL');
          if (req.url === '/reject') return Promise.reject(new Error('gone'));
          res.end('fine');
          return undefined;
        },
      }),
    );
    expect((await fetch(`http://127.0.0.1:${port}/throw`)).status).toBe(500);
    expect((await fetch(`http://127.0.0.1:${port}/reject`)).status).toBe(500);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('fine');
    expect(warnings).toEqual(['test: a request could not be answered {"error":"Invalid URL"}', 'test: a request could not be answered {"error":"gone"}']);
  });

  it('drops the connection when the handler fails after its answer began', async () => {
    const port = await listen(
      createGuardedServer({
        name: 'test',
        log,
        onRequest: (_req, res) => {
          res.writeHead(200);
          res.write('half');
          throw new Error('midway');
        },
      }),
    );
    const answer = (await sendRaw(port, [requestHead('GET / HTTP/1.1', ['Host: x'])])).toString('latin1');
    // Cut off: no second status line, and no chunked terminator that would pass the half as whole.
    expect(answer).not.toContain('500');
    expect(answer).not.toMatch(/0\r\n\r\n$/);
    expect(warnings).toEqual(['test: a request could not be answered {"error":"midway"}']);
  });

  it('answers 400 when its upgrade handler throws or rejects, and keeps taking upgrades', async () => {
    const port = await listen(
      createGuardedServer({
        name: 'test',
        log,
        onRequest: (_req, res) => res.end(),
        onUpgrade: (req, socket) => {
          if (req.url === '//[') return void new URL(req.url, 'http://127.0.0.1');
          if (req.url === '/reject') return Promise.reject(new Error('later'));
          socket.end('HTTP/1.1 418 I\'m a teapot\r\nConnection: close\r\n\r\n');
          return undefined;
        },
      }),
    );
    expect((await sendRaw(port, [upgradeRequest('//[')])).toString('latin1')).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect((await sendRaw(port, [upgradeRequest('/reject')])).toString('latin1')).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect((await sendRaw(port, [upgradeRequest('/ok')])).toString('latin1')).toMatch(/^HTTP\/1\.1 418/);
    expect(warnings).toEqual(['test: an upgrade request could not be handled {"error":"Invalid URL"}', 'test: an upgrade request could not be handled {"error":"later"}']);
  });
});

describe('guardListener', () => {
  it('hands a synchronous throw and a rejection to onFault with the listener arguments, and returns nothing', async () => {
    const faults: [string, number][] = [];
    const onFault = (error: unknown, n: number) => faults.push([(error as Error).message, n]);
    const sync = guardListener((n: number) => {
      throw new Error(`sync ${n}`);
    }, onFault);
    const async = guardListener(async (n: number) => {
      throw new Error(`async ${n}`);
    }, onFault);
    expect(sync(1)).toBeUndefined();
    expect(async(2)).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(faults).toEqual([
      ['sync 1', 1],
      ['async 2', 2],
    ]);
  });
});
