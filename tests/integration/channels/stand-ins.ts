import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// Local stand-ins for the services a channel posts to, written from the formats docs/desktop.md ›
// Channels gives (not from the app's code): each checks what its service would check, records the
// alert ids of every message it accepts, and answers as scripted (5xx, 429 in its service's own way,
// give-up codes, a hang, a redirect, a huge body).

export type StandInKind = 'slack' | 'discord' | 'telegram' | 'ntfy' | 'webhook';

/** One scripted answer; `accept` answers as the service does when it takes the message. */
export type Scripted =
  | { do: 'accept' }
  | { do: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { do: 'rateLimit'; seconds: number }
  | { do: 'hang' }
  /** Takes the message (its ids count as accepted) but never answers: a kill before the answer arrives. */
  | { do: 'acceptThenHang' }
  | { do: 'redirect'; to: string }
  | { do: 'huge'; status: number; bytes: number };

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; ids: string[]; problem: string | null };

export type StandIn = {
  kind: StandInKind;
  url: string;
  /** Every request, in order. */
  received: Received[];
  /** The alert ids of each accepted message, in order (an id twice: a duplicate). */
  accepted: string[];
  /** The requests it accepted, in order. */
  acceptedRequests: Received[];
  /** Answers for the next requests, taken one a request; then `fallback`. */
  script: Scripted[];
  fallback: (index: number) => Scripted;
  close(): Promise<void>;
};

const TELEGRAM_TOKEN = /^\/bot(\d+:[A-Za-z0-9_-]+)\/sendMessage$/;
/** What Telegram's HTML mode allows of the markup Zonewatch uses; any other `<` is unescaped text. */
const TELEGRAM_TAGS = /<\/?b>/g;

function idsFromText(text: string): string[] {
  const line = text.split('\n').find((l) => l.startsWith('Alert ids: '));
  return line === undefined ? [] : line.slice('Alert ids: '.length).trim().split(/\s+/);
}

/** What the service would refuse in this request, or null; and the alert ids it carries. */
function inspect(kind: StandInKind, req: http.IncomingMessage, body: string, secret: string): { problem: string | null; ids: string[] } {
  const json = (() => {
    try {
      return JSON.parse(body) as Record<string, unknown>;
    } catch {
      return null;
    }
  })();
  switch (kind) {
    case 'slack': {
      if (json === null || typeof json.text !== 'string' || json.text === '') return { problem: 'no text', ids: [] };
      if (/[<>]/.test(json.text.replace(/&lt;|&gt;/g, ''))) return { problem: 'unescaped < or >', ids: [] };
      return { problem: null, ids: idsFromText(json.text) };
    }
    case 'discord': {
      if (json === null || typeof json.content !== 'string') return { problem: 'no content', ids: [] };
      if (json.content.length > 2000) return { problem: 'content over 2000', ids: [] };
      const mentions = json.allowed_mentions as { parse?: unknown } | undefined;
      if (!Array.isArray(mentions?.parse) || mentions.parse.length !== 0) return { problem: 'allowed_mentions.parse is not []', ids: [] };
      return { problem: null, ids: idsFromText(json.content) };
    }
    case 'telegram': {
      const token = TELEGRAM_TOKEN.exec(req.url ?? '')?.[1];
      if (token !== secret) return { problem: 'unknown bot', ids: [] };
      if (json === null || typeof json.text !== 'string' || typeof json.chat_id !== 'string' || json.parse_mode !== 'HTML') return { problem: 'not a sendMessage', ids: [] };
      if (json.text.length > 4096) return { problem: 'text over 4096', ids: [] };
      if (/[<>]/.test(json.text.replace(TELEGRAM_TAGS, ''))) return { problem: "can't parse entities", ids: [] };
      if (/&(?!amp;|lt;|gt;|quot;)/.test(json.text)) return { problem: "can't parse entities: bare &", ids: [] };
      return { problem: null, ids: idsFromText(json.text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) };
    }
    case 'ntfy': {
      const priority = Number(req.headers.priority);
      if (!req.headers.title || !(priority >= 1 && priority <= 5) || !req.headers.tags) return { problem: 'missing Title, Priority or Tags', ids: [] };
      if (secret !== '' && req.headers.authorization !== `Bearer ${secret}`) return { problem: 'unauthorized', ids: [] };
      return { problem: null, ids: idsFromText(body) };
    }
    case 'webhook': {
      const signature = String(req.headers['zonewatch-signature'] ?? '');
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
      if (!match || !req.headers['zonewatch-delivery']) return { problem: 'unsigned', ids: [] };
      const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
      if (!timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'))) return { problem: 'bad signature', ids: [] };
      const alerts = (json?.alerts ?? []) as { id: string }[];
      return { problem: null, ids: alerts.map((alert) => alert.id) };
    }
  }
}

function rateLimit(kind: StandInKind, res: http.ServerResponse, seconds: number): void {
  if (kind === 'discord') {
    res.writeHead(429, { 'Content-Type': 'application/json', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset-After': String(seconds) });
    res.end(JSON.stringify({ message: 'You are being rate limited.', retry_after: seconds, global: false }));
  } else if (kind === 'telegram') {
    // No header: the wait is only in the body.
    res.writeHead(429, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: false, error_code: 429, description: `Too Many Requests: retry after ${seconds}`, parameters: { retry_after: seconds } }));
  } else {
    res.writeHead(429, { 'Retry-After': String(seconds), 'Content-Type': 'text/plain' });
    res.end('rate_limited');
  }
}

function accept(kind: StandInKind, res: http.ServerResponse): void {
  if (kind === 'slack') {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('ok');
  } else if (kind === 'discord') {
    res.writeHead(204);
    res.end();
  } else if (kind === 'telegram') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: true, result: { message_id: 1 } }));
  } else {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ id: 'x', event: 'message' }));
  }
}

/** A stand-in on 127.0.0.1. `secret`: the bot token (telegram), access token (ntfy, '' for none) or signing key (webhook). */
export async function startStandIn(kind: StandInKind, secret = ''): Promise<StandIn> {
  const hanging = new Set<http.ServerResponse>();
  const standIn: StandIn = { kind, url: '', received: [], accepted: [], acceptedRequests: [], script: [], fallback: () => ({ do: 'accept' }), close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const { problem, ids } = inspect(kind, req, body, secret);
      const index = standIn.received.length;
      const request: Received = { path: req.url ?? '', headers: req.headers, body, ids, problem };
      standIn.received.push(request);
      const step = standIn.script.shift() ?? standIn.fallback(index);
      if ((step.do === 'accept' || step.do === 'acceptThenHang') && problem !== null) {
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ ok: false, error_code: 400, description: `Bad Request: ${problem}`, message: problem, error: problem }));
        return;
      }
      switch (step.do) {
        case 'accept':
          standIn.accepted.push(...ids);
          standIn.acceptedRequests.push(request);
          return accept(kind, res);
        case 'status':
          res.writeHead(step.status, { 'Content-Type': 'application/json', ...step.headers });
          return void res.end(step.body ?? '');
        case 'rateLimit':
          return rateLimit(kind, res, step.seconds);
        case 'hang':
          hanging.add(res);
          return;
        case 'acceptThenHang':
          standIn.accepted.push(...ids);
          standIn.acceptedRequests.push(request);
          hanging.add(res);
          return;
        case 'redirect':
          res.writeHead(307, { Location: step.to });
          return void res.end();
        case 'huge': {
          res.writeHead(step.status, { 'Content-Type': 'text/plain' });
          const chunk = 'x'.repeat(64 * 1024);
          let sent = 0;
          const pump = () => {
            while (sent < step.bytes) {
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
            res.end();
          };
          pump();
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  standIn.url = kind === 'slack' ? `${base}/services/T000/B000/${'x'.repeat(24)}` : kind === 'discord' ? `${base}/api/webhooks/123456/${'d'.repeat(40)}` : kind === 'webhook' ? `${base}/zonewatch` : base;
  standIn.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return standIn;
}
