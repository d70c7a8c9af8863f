// A loopback proxy between the app under test and the local service that pulls the plug at a chosen
// request: the app is killed (SIGKILL) as the n-th zone update of an operation reaches the service,
// before or after the service applied it, so a kill lands at the same step of a run whatever the
// machine's speed. The service itself runs on, as Bytio's does when a laptop's battery dies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Where to kill, counted from `arm`: at the first read of zones (the run's fresh read, before any
 * change), or at the n-th zone update — `unsent`: it never reaches the service; `applied`: the
 * service made the change, the app never hears; `answered`: the app hears, and dies `delayMs`
 * later, while it records what it heard.
 */
export type KillPoint = { at: 'read' } | { at: 'update'; nth: number; phase: 'unsent' | 'applied' | 'answered'; delayMs: number };

export type KillProxy = {
  url: string;
  /** Kills with `kill` at `point` of the requests from now on; resolves with what it did once it has. */
  arm(point: KillPoint, kill: () => void): Promise<string>;
  /** Forgets the armed point (the operation ended before it was reached) and lets requests through again (a new app). */
  disarm(): void;
  /** Resolves once no request is being forwarded: everything the killed app sent has landed or not. */
  idle(): Promise<void>;
  close(): Promise<void>;
};

const isZoneRead = (req: http.IncomingMessage) => req.method === 'GET' && /^\/v1\/zones\?/.test(req.url ?? '');
const isZoneUpdate = (req: http.IncomingMessage) => req.method === 'PUT' && /^\/v1\/zones\/[^/?]+$/.test(req.url ?? '');

export async function startKillProxy(target: string): Promise<KillProxy> {
  const base = new URL(target);
  let armed: { point: KillPoint; kill: () => void; updates: number; fired: (what: string) => void } | null = null;
  /** After a kill, until the next arm: whatever still arrives from the dead app is dropped. */
  let dead = false;
  const inFlight = new Set<Promise<void>>();

  function forward(req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const upstream = http.request(
        { host: base.hostname, port: base.port, method: req.method, path: req.url, headers: { ...req.headers, host: base.host, connection: 'close' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });
  }

  function fire(what: string): void {
    const current = armed;
    if (!current) return;
    armed = null;
    dead = true;
    current.kill();
    current.fired(what);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const drop = (): void => void res.socket?.destroy();
    if (dead) return drop();
    let after: { nth: number; delayMs: number | null } | null = null;
    if (armed) {
      const { point } = armed;
      if (point.at === 'read' && isZoneRead(req)) return (fire('at its first read of zones'), drop());
      if (point.at === 'update' && isZoneUpdate(req) && ++armed.updates === point.nth) {
        if (point.phase === 'unsent') return (fire(`as its zone update #${point.nth} was sent, before the service had it`), drop());
        after = { nth: point.nth, delayMs: point.phase === 'applied' ? null : point.delayMs };
      }
    }
    let answer: Awaited<ReturnType<typeof forward>>;
    try {
      answer = await forward(req, Buffer.concat(chunks));
    } catch {
      return drop();
    }
    if (after?.delayMs === null) return (fire(`after the service applied its zone update #${after.nth}, before the answer`), drop());
    if (dead) return drop();
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers.connection;
    res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
    res.end(answer.body);
    if (after !== null) {
      const { nth, delayMs } = after;
      setTimeout(() => fire(`${delayMs} ms after the answer to its zone update #${nth}`), delayMs ?? 0);
    }
  }

  const server = http.createServer((req, res) => {
    const done = handle(req, res).catch(() => void res.socket?.destroy());
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    arm(point, kill) {
      dead = false;
      return new Promise((fired) => {
        armed = { point, kill, updates: 0, fired };
      });
    },
    disarm() {
      armed = null;
      dead = false;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
