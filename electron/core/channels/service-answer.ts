import type { ChannelKind } from '../../../shared/channels';
import { parseRetryAfter } from '../api/transport/retry-after';
import { clip } from './alert-message';

// What a service's answer means for a delivery (docs/architecture.md › Channels and the outbox):
// accepted; worth another try (network, deadline, redirect, 5xx, 408, 425, 429 — the 429 waiting
// what the service asks); or given up at once (400, 401, 403, 404, 410 and any other 4xx: a
// revoked webhook, a blocked bot, a message the service will never take), in words.

export const SERVICE_NAME: Readonly<Record<ChannelKind, string>> = { slack: 'Slack', discord: 'Discord', telegram: 'Telegram', ntfy: 'ntfy', webhook: 'The webhook' };

/** What one attempt came back with: an HTTP answer (body read up to its cap), or why there was none. */
export type AttemptResult =
  | { kind: 'answer'; status: number; header: (name: string) => string | null; text: string; truncated: boolean }
  | { kind: 'network' | 'timeout' | 'redirect'; detail?: string };

export type Verdict =
  | { outcome: 'delivered'; answer: string }
  | { outcome: 'retry'; answer: string; /** The wait the service asked for (429), in ms; null: the outbox's own back-off. */ askedMs: number | null }
  | { outcome: 'given_up'; answer: string };

const RETRY_STATUSES = new Set([408, 425, 429]);
const MAX_ANSWER = 200;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function member(value: unknown, ...path: string[]): unknown {
  let at = value;
  for (const name of path) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, name)) return undefined;
    at = (at as Record<string, unknown>)[name];
  }
  return at;
}

/** The service's own words for a failure, from where each service puts them. Pure. */
function serviceWords(kind: ChannelKind, text: string): string {
  const json = parseJson(text);
  const found =
    kind === 'telegram' ? member(json, 'description') : kind === 'discord' ? member(json, 'message') : kind === 'ntfy' ? member(json, 'error') : undefined;
  const words = typeof found === 'string' ? found : json === undefined ? text : '';
  // One line of printable text: a hostile body cannot draw on the window or the log.
  const printable = [...words].map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? ' ' : char)).join('');
  return clip(printable.replace(/ +/g, ' ').trim(), MAX_ANSWER);
}

/** The wait a 429 asks for, in ms, where each service says it; null when it says none. Pure. */
export function askedWaitMs(kind: ChannelKind, header: (name: string) => string | null, text: string, now: number): number | null {
  const seconds = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value * 1000) : null);
  if (kind === 'telegram') return seconds(member(parseJson(text), 'parameters', 'retry_after'));
  if (kind === 'discord') {
    const fromBody = seconds(member(parseJson(text), 'retry_after'));
    if (fromBody !== null) return fromBody;
  }
  return parseRetryAfter(header('retry-after'), now) ?? null;
}

/** The verdict on one attempt's result, for a service of `kind`. `now`: for a dated Retry-After. Pure. */
export function judge(kind: ChannelKind, result: AttemptResult, now: number): Verdict {
  const service = SERVICE_NAME[kind];
  if (result.kind !== 'answer') {
    const detail = result.detail ? ` (${result.detail})` : '';
    const words = { network: `${service} could not be reached${detail}`, timeout: `${service} did not answer in time${detail}`, redirect: `${service} answered with a redirect, which is never followed` };
    return { outcome: 'retry', answer: words[result.kind], askedMs: null };
  }
  const { status } = result;
  const words = result.truncated ? '' : serviceWords(kind, result.text);
  const said = `HTTP ${status} from ${service}${words ? `: ${words}` : result.truncated ? ' (an answer too large to read)' : ''}`;
  if (status >= 200 && status < 300) return { outcome: 'delivered', answer: `${service} accepted it (HTTP ${status})` };
  if (status === 429) return { outcome: 'retry', answer: said, askedMs: askedWaitMs(kind, result.header, result.truncated ? '' : result.text, now) };
  if (status >= 500 || RETRY_STATUSES.has(status)) return { outcome: 'retry', answer: said, askedMs: null };
  // 3xx other than a redirect the fetch refused (304, 300 without Location…) and every other 4xx.
  if (status >= 300 && status < 400) return { outcome: 'retry', answer: `${service} answered with a redirect, which is never followed`, askedMs: null };
  return { outcome: 'given_up', answer: said };
}
