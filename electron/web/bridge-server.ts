import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Result } from '../../shared/ipc';
import type { Logger } from '../core/ports';
import { cspHeader } from '../../shared/content-security-policy';
import { createGuardedServer, guardListener, refuseUpgrade, stderrFaultLog } from '../server-guard/guarded-server';
import { MAX_BRIDGE_FRAME_BYTES, parseBridgeFrame } from './bridge-frame';

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
  /** Where bad frames and socket errors are reported; stderr unless the host passes its logger. */
  logger?: Pick<Logger, 'warn'>;
};

export type Bridge = {
  /** The page to open, token in the fragment: `http://127.0.0.1:PORT/#token=…`. */
  url: string;
  origin: string;
  /** Pushes a bridge-only event (`bridge:download`, `bridge:toast`) to every page. */
  send(event: string, payload: unknown): void;
  close(): Promise<void>;
};

const PAGE_POLICY = cspHeader({ kind: 'bridge' });

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** ws hands a text frame over as a Buffer, or as fragments when it arrived in pieces. */
function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** The request target as a URL on the bridge's origin; null for a target no URL parser takes (`//[`). */
function requestUrl(target: string | undefined, origin: string): URL | null {
  try {
    return new URL(target ?? '/', origin);
  } catch {
    return null;
  }
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The browser bridge (docs/architecture.md › The browser shell): serves the renderer's web build
 * and the core's handler table over one WebSocket on 127.0.0.1. Requests `{id, channel, input}`
 * are answered `{id, result}`; core events go out as `{event, payload}`. Only a page of its own
 * origin that carries the random token may connect; other Host headers are refused (DNS rebinding).
 * Nothing a page, or any local process, sends can stop it: its listeners run guarded
 * (electron/server-guard), a request or upgrade it cannot parse is answered 400, a bad frame is
 * answered with an error result or dropped and logged, a frame over the size limit closes only
 * that socket (1009), socket errors are logged.
 */
export async function startBridge({ core, webRoot, port = 0, logger = stderrFaultLog }: BridgeOptions): Promise<Bridge> {
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
    let pathname: string | null;
    try {
      pathname = decodeURIComponent(requestUrl(req.url, origin)?.pathname ?? '');
    } catch {
      pathname = null; // not valid percent-encoding
    }
    if (!pathname) {
      res.writeHead(400).end('Bad path');
      return;
    }
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
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      // The page's meta tag already allows its own socket ('self'); the header adds what a meta tag cannot hold.
      ...(extname(file) === '.html' ? { 'content-security-policy': PAGE_POLICY } : {}),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BRIDGE_FRAME_BYTES });
  const sockets = new Set<WebSocket>();
  wss.on('error', (err) => logger.warn('bridge: the WebSocket server failed', { error: err.message }));

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = requestUrl(req.url, origin);
    if (!url) {
      refuseUpgrade(socket, 400);
      return;
    }
    const allowed =
      url.pathname === '/bridge' &&
      req.headers.origin === origin &&
      req.headers.host === origin.slice('http://'.length) &&
      sameSecret(url.searchParams.get('token') ?? '', token);
    if (!allowed) {
      refuseUpgrade(socket, 403);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws));
  };
  const server = createGuardedServer({ name: 'bridge', log: logger, onRequest: serveFile, onUpgrade: upgrade });

  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    // ws reports a frame over maxPayload (and any protocol fault) here, after closing with 1009
    // or 1002; without a listener it would be an uncaught 'error' event that ends the process.
    ws.on('error', (err) => logger.warn('bridge: a page socket failed and was closed', { error: err.message }));
    const onMessage = (data: RawData, isBinary: boolean) => {
      if (isBinary) {
        logger.warn('bridge: a frame was dropped', { reason: 'binary frames are not used' });
        return;
      }
      const frame = parseBridgeFrame(frameText(data));
      if (frame.kind === 'ignored') {
        logger.warn('bridge: a frame was dropped', { reason: frame.reason });
        return;
      }
      const { id } = frame;
      core
        .invoke(frame.channel, frame.input)
        .then((result) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result }));
        })
        .catch((err: unknown) => logger.warn('bridge: a request could not be answered', { error: err instanceof Error ? err.message : String(err) }));
    };
    ws.on(
      'message',
      guardListener(onMessage, (err) => {
        logger.warn('bridge: a frame could not be handled; its socket was closed', { error: err instanceof Error ? err.message : String(err) });
        ws.close(1011);
      }),
    );
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
