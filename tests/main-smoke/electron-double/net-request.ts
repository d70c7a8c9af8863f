// Electron's `net.request` (docs/api/client-request.md, docs/api/incoming-message.md and
// lib/browser/api/net-client-request.ts in electron/electron), over Node's http and https, and the
// sessions requests belong to (docs/api/session.md): what electron-updater's ElectronHttpExecutor
// uses. Chromium's network stack reports failures as `net::ERR_*` strings (net/base/net_error_list.h);
// Node's socket errors are mapped to the nearest of them.
import { request as httpRequest, type ClientRequest as NodeRequest, type IncomingMessage as NodeResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable, Writable } from 'node:stream';
import { problem, recorder } from './recorder';

const NET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'net::ERR_CONNECTION_REFUSED',
  ECONNRESET: 'net::ERR_CONNECTION_RESET',
  EPIPE: 'net::ERR_CONNECTION_RESET',
  ENOTFOUND: 'net::ERR_NAME_NOT_RESOLVED',
  EAI_AGAIN: 'net::ERR_NAME_NOT_RESOLVED',
  ETIMEDOUT: 'net::ERR_CONNECTION_TIMED_OUT',
  EHOSTUNREACH: 'net::ERR_ADDRESS_UNREACHABLE',
  ENETUNREACH: 'net::ERR_ADDRESS_UNREACHABLE',
};
/** Chromium's limit (net/url_request/url_request.cc: kMaxRedirects). */
const MAX_REDIRECTS = 20;

/** A session: its requests in flight, so `closeAllConnections` can fail them. */
export class Session {
  readonly inFlight = new Set<ClientRequest>();
  readonly webRequest = { onHeadersReceived: () => undefined };
  constructor(readonly partition: string) {}
  setPermissionRequestHandler = () => undefined;
  setPermissionCheckHandler = () => undefined;
  /**
   * "It will terminate / fail all requests currently in flight" (docs/api/session.md); Chromium
   * closes them with ERR_ABORTED (services/network/network_context.cc, CloseAllConnections).
   */
  async closeAllConnections(): Promise<void> {
    for (const request of [...this.inFlight]) request.fail('net::ERR_ABORTED');
  }
}

/** The response: a Readable with Electron's fields. Node's `headers` follow the very rules Electron documents for its own. */
class IncomingMessage extends Readable {
  readonly statusCode: number;
  readonly statusMessage: string;
  readonly headers: Record<string, string | string[]>;
  readonly rawHeaders: string[];
  readonly httpVersion: string;
  readonly httpVersionMajor: number;
  readonly httpVersionMinor: number;
  constructor(private readonly source: NodeResponse) {
    super();
    this.statusCode = source.statusCode ?? 0;
    this.statusMessage = source.statusMessage ?? '';
    this.headers = source.headers as Record<string, string | string[]>;
    this.rawHeaders = source.rawHeaders;
    this.httpVersion = source.httpVersion;
    this.httpVersionMajor = source.httpVersionMajor;
    this.httpVersionMinor = source.httpVersionMinor;
    source.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) source.pause();
    });
    source.on('end', () => this.push(null));
  }
  override _read(): void {
    this.source.resume();
  }
}

export type RequestOptions = {
  method?: string;
  url?: string;
  headers?: Record<string, string | string[]>;
  session?: Session;
  partition?: string;
  protocol?: string;
  host?: string;
  hostname?: string;
  port?: number | string;
  path?: string;
  redirect?: 'follow' | 'error' | 'manual';
};

function urlOf(options: RequestOptions): URL {
  if (options.url) return new URL(options.url);
  const protocol = options.protocol ?? 'http:';
  const host = options.host ?? `${options.hostname ?? 'localhost'}${options.port ? `:${options.port}` : ''}`;
  return new URL(`${protocol}//${host}${options.path ?? '/'}`);
}

/** The redirect's headers as Electron gives them to 'redirect': every name lowercased, every value in a list. */
function listedHeaders(raw: string[]): Record<string, string[]> {
  const headers: Record<string, string[]> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) (headers[raw[i]!.toLowerCase()] ??= []).push(raw[i + 1]!);
  return headers;
}

/**
 * `net.request`'s ClientRequest: a Writable that starts the request when it is ended, emits
 * 'response', 'redirect' (by its redirect mode), 'error' with `net::ERR_*`, 'abort' and 'close'.
 */
export class ClientRequest extends Writable {
  private url: URL;
  private method: string;
  private readonly headers: Record<string, string | string[]>;
  private readonly mode: 'follow' | 'error' | 'manual';
  private body: Buffer[] = [];
  private current: NodeRequest | null = null;
  private response: IncomingMessage | null = null;
  private redirects = 0;
  private aborted = false;
  private settled = false;
  private followRedirectCb: (() => void) | null = null;

  constructor(
    options: RequestOptions | string,
    private readonly session: Session,
    private readonly online: () => boolean,
  ) {
    super({ autoDestroy: false });
    const opts = typeof options === 'string' ? { url: options } : options;
    this.url = urlOf(opts);
    if (this.url.protocol !== 'http:' && this.url.protocol !== 'https:') throw new Error(`Protocol "${this.url.protocol}" not supported`);
    this.method = (opts.method ?? 'GET').toUpperCase();
    this.headers = { ...opts.headers };
    this.mode = opts.redirect ?? 'follow';
  }

  setHeader(name: string, value: string) {
    this.headers[name] = String(value);
  }
  getHeader(name: string) {
    return this.headers[name];
  }
  removeHeader(name: string) {
    delete this.headers[name];
  }
  followRedirect() {
    if (!this.followRedirectCb) throw new Error('followRedirect() called, but was not waiting for a redirect');
    this.followRedirectCb();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.body.push(chunk);
    done();
  }
  override _final(done: (error?: Error | null) => void): void {
    this.start();
    done();
  }

  abort(): void {
    if (!this.aborted && !this.settled) process.nextTick(() => this.emit('abort'));
    this.aborted = true;
    this.current?.destroy();
    if (this.response) {
      this.response.emit('aborted');
      this.response.destroy();
    }
    this.close();
  }

  /** The request fails with Chromium's error string (a message only: Electron's errors carry no `code`). */
  fail(netError: string): void {
    if (this.settled) return;
    this.current?.destroy();
    const error = new Error(netError);
    if (this.response) this.response.destroy(error);
    this.emit('error', error);
    this.close();
  }

  private close(): void {
    if (this.settled) return;
    this.settled = true;
    this.session.inFlight.delete(this);
    process.nextTick(() => this.emit('close'));
  }

  private start(): void {
    if (this.aborted || this.settled) return;
    this.session.inFlight.add(this);
    recorder.timeline.push(`request ${this.method} ${this.url.href}`);
    if (!this.online()) {
      process.nextTick(() => this.fail('net::ERR_INTERNET_DISCONNECTED'));
      return;
    }
    const send = this.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(this.url, { method: this.method, headers: this.headers });
    this.current = request;
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (this.current === request) this.fail(NET_ERRORS[error.code ?? ''] ?? 'net::ERR_FAILED');
    });
    request.on('response', (res) => this.onResponse(request, res));
    request.end(Buffer.concat(this.body));
  }

  private onResponse(request: NodeRequest, res: NodeResponse): void {
    if (this.current !== request || this.settled) return void res.resume();
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if ([301, 302, 303, 307, 308].includes(status) && location) return this.onRedirect(res, status, new URL(location, this.url).href);
    const message = new IncomingMessage(res);
    this.response = message;
    res.on('end', () => this.close());
    res.on('error', () => this.fail('net::ERR_CONNECTION_RESET'));
    this.emit('response', message);
  }

  private onRedirect(res: NodeResponse, status: number, newUrl: string): void {
    res.resume();
    if (++this.redirects > MAX_REDIRECTS) return this.fail('net::ERR_TOO_MANY_REDIRECTS');
    const newMethod = status === 303 || ((status === 301 || status === 302) && this.method === 'POST') ? 'GET' : this.method;
    if (this.mode === 'error') return this.die("Attempted to redirect, but redirect policy was 'error'");
    let follow = this.mode === 'follow';
    this.followRedirectCb = () => {
      follow = true;
    };
    try {
      this.emit('redirect', status, newMethod, newUrl, listedHeaders(res.rawHeaders));
    } finally {
      this.followRedirectCb = null;
    }
    if (this.aborted) return;
    if (!follow) return this.die('Redirect was cancelled');
    this.url = new URL(newUrl);
    this.method = newMethod;
    this.current = null;
    this.start();
  }

  private die(message: string): void {
    if (this.settled) return;
    this.current?.destroy();
    this.emit('error', new Error(message));
    this.close();
  }
}

/** `net.request(options)`, in `options.session`, else `options.partition`'s session, else the default one. */
export function netRequest(options: RequestOptions | string, sessionFor: (partition: string) => Session, online: () => boolean): ClientRequest {
  const opts = typeof options === 'string' ? { url: options } : options;
  const session = opts.session ?? sessionFor(opts.partition ?? '');
  if (!(session instanceof Session)) problem('net.request: `session` is not a Session');
  return new ClientRequest(options, session, online);
}
