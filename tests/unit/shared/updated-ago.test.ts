import { describe, it, expect } from 'vitest';
import { updatedAgo } from '../../../shared/accounts';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('updatedAgo', () => {
  it('reads naturally from seconds to days', () => {
    expect(updatedAgo(ago(20_000), now)).toBe('updated just now');
    expect(updatedAgo(ago(59 * 60_000), now)).toBe('updated 59 min ago');
    expect(updatedAgo(ago(47 * 3_600_000), now)).toBe('updated 47 h ago');
    expect(updatedAgo(ago(72 * 3_600_000), now)).toBe('updated 3 d ago');
    expect(updatedAgo(null, now)).toBe('never updated');
  });

  it('treats a timestamp slightly in the future (clock skew) as just now', () => {
    expect(updatedAgo(new Date(now + 5_000).toISOString(), now)).toBe('updated just now');
  });
});
