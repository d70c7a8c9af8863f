import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the hostile server answers. `pass` forwards to the real local service; the others are the
 * misbehaviours of docs/architecture.md › Threat model › The API server, each what a broken proxy, a wrong base URL or a hostile host does.
 */
export type HostileMode =
  | { kind: 'pass' }
  /** Headers at once, then one byte of a JSON body every `everyMs`, never finishing. */
  | { kind: 'drip'; everyMs: number }
  /** Accepts the request and never sends a byte. */
  | { kind: 'silent' }
  /** A valid JSON body of `bytes` bytes (padding in a string member), streamed with backpressure. */
  | { kind: 'huge'; bytes: number }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  /** Forwards, then rewrites member `member` of the zone at `index` of every get-zones answer. */
  | { kind: 'bad_zone'; index: number; member: string; value: unknown }
  /** Answers `status` and `text` as given to every request whose path matches `paths` (every one when absent); the others pass. */
  | { kind: 'answer'; status: number; text: string; headers?: Record<string, string>; paths?: RegExp };

/** A request reaching the server, and its connection closing (answered, or given up by the client). */
export type TrafficEvent = { kind: 'arrived' | 'closed'; method: string; path: string };

export type HostileServer = {
  url: string;
  setMode(mode: HostileMode): void;
  /** Body bytes the server managed to hand to the socket for `huge` answers, per response. */
  hugeBytesWritten: number[];
  /** Tells `listener` of every request's arrival and close, in order; returns the unsubscribe. */
  onTraffic(listener: (event: TrafficEvent) => void): () => void;
  close(): Promise<void>;
};

/** A loopback server in front of the local service that misbehaves on demand. */
export async function startHostileServer(upstream: string): Promise<HostileServer> {
  let mode: HostileMode = { kind: 'pass' };
  const hugeBytesWritten: number[] = [];
  const open = new Set<http.ServerResponse>();
  const listeners = new Set<(event: TrafficEvent) => void>();
  const tell = (event: TrafficEvent) => {
    for (const listener of listeners) listener(event);
  };

  const server = http.createServer((req, res) => {
    open.add(res);
    const seen = { method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]! };
    tell({ kind: 'arrived', ...seen });
    res.on('close', () => {
      open.delete(res);
      tell({ kind: 'closed', ...seen });
    });
    const current = mode;
    switch (current.kind) {
      case 'pass':
      case 'bad_zone':
        void forward(req, res, current);
        return;
      case 'drip': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        const timer = setInterval(() => res.write(' '), current.everyMs);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'silent':
        return;
      case 'huge':
        streamHuge(res, current.bytes, (written) => hugeBytesWritten.push(written));
        return;
      case 'redirect':
        res.writeHead(current.status, { location: `${current.location}${req.url ?? ''}` }).end();
        return;
      case 'answer':
        if (current.paths && !current.paths.test(seen.path)) {
          void forward(req, res, current);
          return;
        }
        res.writeHead(current.status, { 'content-type': 'application/json', ...current.headers }).end(current.text);
        return;
      case 'rate_limited':
        res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': String(current.retryAfterSeconds) })
          .end(JSON.stringify({ status: 'error', error: { code: 'rate_limited', message: 'Too many requests.' } }));
        return;
    }
  });

  async function forward(req: http.IncomingMessage, res: http.ServerResponse, current: HostileMode): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const name of ['x-api-key', 'content-type', 'accept']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    try {
      const answer = await fetch(`${upstream}${req.url ?? '/'}`, {
        method: req.method ?? 'GET',
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      let text = await answer.text();
      if (current.kind === 'bad_zone' && answer.ok && /^\/v1\/zones\/[^/]+$/.test((req.url ?? '').split('?')[0]!) && req.method === 'GET') {
        const body = JSON.parse(text) as { zones: Record<string, unknown>[] };
        const zone = body.zones[current.index];
        if (zone) zone[current.member] = current.value;
        text = JSON.stringify(body);
      }
      const type = answer.headers.get('content-type');
      res.writeHead(answer.status, type ? { 'content-type': type } : {}).end(text);
    } catch {
      res.destroy();
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setMode: (next) => void (mode = next),
    hugeBytesWritten,
    onTraffic: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** `{"status":"ok","padding":"xxxx…"}` of `bytes` bytes, written only as fast as the client reads. */
function streamHuge(res: http.ServerResponse, bytes: number, done: (written: number) => void): void {
  const head = '{"status":"ok","padding":"';
  const tail = '"}';
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let padding = bytes - head.length - tail.length;
  let written = 0;
  let reported = false;
  const report = () => {
    if (!reported) done(written);
    reported = true;
  };
  res.writeHead(200, { 'content-type': 'application/json' });
  const write = (data: Buffer | string) => {
    written += Buffer.byteLength(data);
    return res.write(data);
  };
  write(head);
  const pump = () => {
    while (padding > 0) {
      const piece = padding >= chunk.length ? chunk : chunk.subarray(0, padding);
      padding -= piece.length;
      if (!write(piece)) {
        res.once('drain', pump);
        return;
      }
    }
    write(tail);
    res.end();
    report();
  };
  res.on('close', report);
  pump();
}
