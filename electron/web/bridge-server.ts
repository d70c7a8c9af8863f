import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Result } from '../../shared/ipc';

/** What the bridge serves: the core's `invoke` and its events (electron/core/app-core.ts). */
export type BridgeCore = {
  invoke(channel: unknown, input: unknown): Promise<Result<unknown>>;
  onEvent(listener: (event: string, payload: unknown) => void): () => void;
};

export type BridgeOptions = {
  core: BridgeCore;
  /** The renderer's web build (out/web). */
  webRoot: string;
  port?: number;
};

export type Bridge = {
  /** The page to open, token in the fragment: `http://127.0.0.1:PORT/#token=…`. */
  url: string;
  origin: string;
  /** Pushes a bridge-only event (`bridge:download`, `bridge:toast`) to every page. */
  send(event: string, payload: unknown): void;
  close(): Promise<void>;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The browser bridge (DESIGN.md › Interfaces › Browser bridge): serves the renderer's web build
 * and the core's handler table over one WebSocket on 127.0.0.1. Requests `{id, channel, input}`
 * are answered `{id, result}`; core events go out as `{event, payload}`. Only a page of its own
 * origin that carries the random token may connect; other Host headers are refused (DNS rebinding).
 */
export async function startBridge({ core, webRoot, port = 0 }: BridgeOptions): Promise<Bridge> {
  const token = randomBytes(24).toString('base64url');
  let origin = '';
  const root = normalize(webRoot);

  const serveFile = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.host !== origin.slice('http://'.length)) {
      res.writeHead(421).end('Wrong host');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', origin).pathname);
    const file = normalize(join(root, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(root + sep)) {
      res.writeHead(404).end();
      return;
    }
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      res.writeHead(404).end('Not found');
      return;
    }
    if (file.endsWith('index.html')) {
      // The packaged CSP says connect-src 'none'; the preview needs exactly its own socket.
      body = Buffer.from(body.toString('utf8').replace("connect-src 'none'", `connect-src ws://${origin.slice('http://'.length)}`));
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const server = createServer((req, res) => void serveFile(req, res));
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const sockets = new Set<WebSocket>();

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', origin);
    const allowed =
      url.pathname === '/bridge' &&
      req.headers.origin === origin &&
      req.headers.host === origin.slice('http://'.length) &&
      sameSecret(url.searchParams.get('token') ?? '', token);
    if (!allowed) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  });

  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', (data) => {
      let msg: { id?: unknown; channel?: unknown; input?: unknown };
      try {
        msg = JSON.parse(String(data)) as typeof msg;
      } catch {
        return;
      }
      if (typeof msg.id !== 'number') return;
      const id = msg.id;
      void core.invoke(msg.channel, msg.input).then((result) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }));
      });
    });
  });

  const broadcast = (event: string, payload: unknown) => {
    const text = JSON.stringify({ event, payload });
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(text);
  };
  const unsubscribe = core.onEvent(broadcast);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let closed: Promise<void> | undefined;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    send: broadcast,
    close() {
      closed ??= new Promise<void>((resolve) => {
        unsubscribe();
        for (const ws of sockets) ws.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
