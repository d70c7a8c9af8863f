import { createHash } from 'node:crypto';

/**
 * A short, one-way name for an API key, for remembering "this key was rejected" across restarts
 * without keeping the key: 16 hex digits of its SHA-256. Keys are long random strings, so this
 * neither reveals one nor lets one be guessed from it.
 */
export function keyFingerprint(key: string): string {
  return createHash('sha256').update(`zonewatch-key:${key}`).digest('hex').slice(0, 16);
}
