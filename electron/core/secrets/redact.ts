/** What a redacted secret reads as in logs, errors and diagnostics. */
export const REDACTED = '[redacted]';

/** Below this length a "secret" would blank out ordinary words; API keys are far longer. */
const MIN_SECRET_LENGTH = 4;

/** Field names whose value is a secret whatever it holds (`api_key` of accounts and users). */
const SECRET_FIELD = /^(x[-_]?api[-_]?key|api[-_]?key|apikey|authorization|password|secret|token)$/i;

/**
 * Key-shaped text a known-secret list may not cover: a header line (`X-API-KEY: …`), a query
 * parameter (`?api_key=…`) or a JSON field (`"api_key":"…"`). The separator and any quotes are
 * kept so the line still reads; only the value goes.
 */
const SECRET_SHAPED = /(\b(?:x[-_]?api[-_]?key|api[-_]?key|apikey|authorization)\b["']?\s*[:=]\s*["']?)(?:bearer\s+)?[^\s"'&,;})\]]+/gi;

/**
 * Channel secrets shaped as URLs (docs/architecture.md › Channels and the outbox), for text the known
 * list may not cover yet: a Telegram bot token in its URL path (`/bot123:ABC…/`), a Slack incoming
 * webhook's path, a Discord webhook's id and token. The part before the secret is kept.
 */
const CHANNEL_SECRET_SHAPED = /(\/bot)\d{3,20}:[A-Za-z0-9_-]{20,}|(hooks\.slack\.com\/(?:services|workflows|triggers)\/)[^\s"'<>]+|(\/api\/webhooks\/)\d+\/[^\s"'<>/?]+/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every spelling of a secret that can end up in text: as is, URL- or form-encoded, JSON-escaped. */
function spellings(secret: string): string[] {
  const forms = new Set([
    secret,
    encodeURIComponent(secret),
    encodeURI(secret),
    new URLSearchParams({ k: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
  ]);
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

/** Finds and removes the known secrets in any of their spellings; built once for many strings. */
export type SecretScrubber = { holds(text: string): boolean; scrub(text: string): string };

export function secretScrubber(secrets: readonly string[]): SecretScrubber {
  const forms = secrets.flatMap(spellings).sort((a, b) => b.length - a.length);
  const pattern = forms.length === 0 ? null : new RegExp(forms.map(escapeRegExp).join('|'), 'g');
  const holds = (text: string) => forms.some((form) => text.includes(form));
  return { holds, scrub: (text) => (pattern !== null && holds(text) ? text.replace(pattern, REDACTED) : text) };
}

/** Replaces every spelling of the known `secrets` in `text` with `[redacted]`, and nothing else. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return secretScrubber(secrets).scrub(text);
}

/** Replaces every known secret and every key-shaped value in `text` with `[redacted]`. */
export function redactString(text: string, secrets: readonly string[] = []): string {
  return redactSecrets(text, secrets)
    .replace(SECRET_SHAPED, `$1${REDACTED}`)
    .replace(CHANNEL_SECRET_SHAPED, (_whole, bot?: string, slack?: string, discord?: string) => `${bot ?? slack ?? discord ?? ''}${REDACTED}`);
}

/**
 * A redacted deep copy of `value`, safe to log or show: strings and member names are redacted,
 * fields named like a key are replaced whole, and an Error becomes `{ name, message, stack }` (its
 * own fields would otherwise vanish from JSON, and its message is exactly where a key tends to hide).
 */
export function redactValue(value: unknown, secrets: readonly string[] = [], seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) {
    const copy: Record<string, unknown> = { name: value.name, message: redactString(value.message, secrets) };
    if (value.stack) copy.stack = redactString(value.stack, secrets);
    if (value.cause !== undefined) copy.cause = redactValue(value.cause, secrets, seen);
    for (const [key, field] of Object.entries(value)) setMember(copy, redactString(key, secrets), redactField(key, field, secrets, seen));
    return copy;
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, seen));
  if (value instanceof Date) return value.toISOString();
  if (value instanceof URL) return redactString(value.href, secrets);
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) setMember(copy, redactString(key, secrets), redactField(key, field, secrets, seen));
  return copy;
}

function redactField(key: string, field: unknown, secrets: readonly string[], seen: WeakSet<object>): unknown {
  if (SECRET_FIELD.test(key) && field !== null && field !== undefined && field !== '') return REDACTED;
  return redactValue(field, secrets, seen);
}

/** Sets an own member, whatever its name (a hostile `__proto__` included), as JSON.parse would. */
export function setMember(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}
