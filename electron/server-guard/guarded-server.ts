import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Where a server reports what it could not handle: fixed words, plus the error's own message. */
export type FaultLog = { warn(message: string, data?: Record<string, unknown>): void };

export const stderrFaultLog: FaultLog = {
  warn: (message, data) => process.stderr.write(`WARN ${message}${data ? ` ${JSON.stringify(data)}` : ''}\n`),
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Wraps an event listener so that nothing it throws, synchronously or as a rejected promise, escapes
 * as an uncaught exception, which would end the whole process (and with it every account the app
 * watches, without saving their caches). The fault goes to `onFault`, which must not throw.
 */
export function guardListener<A extends unknown[]>(
  listener: (...args: A) => unknown,
  onFault: (error: unknown, ...args: A) => void,
): (...args: A) => void {
  return (...args) => {
    try {
      const result = listener(...args);
      if (result instanceof Promise) result.catch((error: unknown) => onFault(error, ...args));
    } catch (error) {
      onFault(error, ...args);
    }
  };
}

/** Answers an upgrade request that will not be upgraded, then closes its socket once the answer is out. */
export function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
}

export type GuardedServerOptions = {
  /** Names the server in the log ("bridge", "service"). */
  name: string;
  log: FaultLog;
  onRequest(req: IncomingMessage, res: ServerResponse): unknown;
  /** Without it an upgrade request is answered as a plain request (Node's own behaviour). */
  onUpgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): unknown;
};

/**
 * An HTTP server none of whose listeners can end the process (docs/architecture.md › Threat
 * model): a request whose handler fails is answered 500 (or its connection dropped once the answer
 * has begun), an upgrade whose handler fails is answered 400, and a socket error on an upgrade
 * socket, which Node no longer watches once it hands the socket over, is logged instead of thrown.
 * Malformed HTTP itself never reaches a listener: Node answers it 400 (`clientError`).
 */
export function createGuardedServer({ name, log, onRequest, onUpgrade }: GuardedServerOptions): Server {
  const server = createServer(
    guardListener(onRequest, (error, _req, res) => {
      log.warn(`${name}: a request could not be answered`, { error: errorText(error) });
      if (res.headersSent || res.destroyed) res.destroy();
      else res.writeHead(500, { connection: 'close', 'content-length': 0 }).end();
    }),
  );
  if (onUpgrade) {
    const upgrade = guardListener(onUpgrade, (error, _req, socket) => {
      log.warn(`${name}: an upgrade request could not be handled`, { error: errorText(error) });
      refuseUpgrade(socket, 400);
    });
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', (error) => log.warn(`${name}: a connection failed`, { error: error.message }));
      upgrade(req, socket, head);
    });
  }
  return server;
}
