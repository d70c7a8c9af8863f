import { type SecretScrubber, secretScrubber, setMember } from '../../secrets/redact';

/**
 * Parses an answer's JSON as the client may hold it: every `api_key` member is dropped, so team
 * members' keys (their proxy passwords) never exist in the client's data, and the client's own
 * key is removed from every string value and member name at any depth, so an answer that echoes
 * it (a hostile or broken server) cannot carry it into an error, the window or a file
 * (docs/architecture.md › Secrets). `undefined` when the text is not JSON.
 */
export function parseAnswerJson(text: string, key: string): unknown {
  const scrubber = secretScrubber([key]);
  try {
    return mayNeedCleaning(text, scrubber) ? JSON.parse(text, cleaner(scrubber)) : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A reviver costs more than the parse itself on a 1,000-zone poll, so it runs only on text that
 * can need it: text that names `api_key` or holds the key as written, or any `\u` or `\/` escape
 * (the only ways JSON can spell either without writing it out).
 */
function mayNeedCleaning(text: string, scrubber: SecretScrubber): boolean {
  return text.includes('api_key') || text.includes('\\u') || text.includes('\\/') || scrubber.holds(text);
}

function cleaner(scrubber: SecretScrubber) {
  return function revive(this: unknown, name: string, value: unknown): unknown {
    if (name === 'api_key') return undefined;
    if (typeof value === 'string') return scrubber.scrub(value);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const names = Object.keys(value);
    if (!names.some((member) => scrubber.holds(member))) return value;
    const renamed: Record<string, unknown> = {};
    for (const member of names) setMember(renamed, scrubber.scrub(member), (value as Record<string, unknown>)[member]);
    return renamed;
  };
}
