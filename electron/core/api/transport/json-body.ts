/**
 * Parses an answer's JSON and drops every `api_key` member on the way in, so team members' keys
 * (their proxy passwords) never exist in the client's data (docs/api.md › Quirks kept as the
 * service spells them). `undefined` when the text is not JSON.
 */
export function parseAnswerJson(text: string): unknown {
  try {
    return mayHoldApiKey(text) ? JSON.parse(text, dropApiKeys) : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A reviver costs more than the parse itself on a 1,000-zone poll, and only the users list
 * carries keys: text without the member name, spelt plainly or with any `\u` escape, has none.
 */
function mayHoldApiKey(text: string): boolean {
  return text.includes('api_key') || text.includes('\\u');
}

function dropApiKeys(this: unknown, key: string, value: unknown): unknown {
  return key === 'api_key' ? undefined : value;
}
