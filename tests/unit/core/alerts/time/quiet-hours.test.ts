import { describe, expect, it } from 'vitest';
import { inQuietHours } from '../../../../../electron/core/alerts/time/quiet-hours';

const BERLIN = 'Europe/Berlin';
const at = (iso: string) => Date.parse(iso);

describe('quiet hours', () => {
  const overnight = { enabled: true, start: '22:00', end: '07:00' };

  it('spans midnight in local time', () => {
    // Berlin is UTC+1 in November.
    expect(inQuietHours(overnight, at('2026-11-22T21:30:00Z'), BERLIN)).toBe(true); // 22:30
    expect(inQuietHours(overnight, at('2026-11-23T05:59:00Z'), BERLIN)).toBe(true); // 06:59
    expect(inQuietHours(overnight, at('2026-11-23T06:00:00Z'), BERLIN)).toBe(false); // 07:00
    expect(inQuietHours(overnight, at('2026-11-22T20:59:00Z'), BERLIN)).toBe(false); // 21:59
  });

  it('covers a window within one day', () => {
    const lunch = { enabled: true, start: '12:00', end: '13:00' };
    expect(inQuietHours(lunch, at('2026-11-22T11:30:00Z'), BERLIN)).toBe(true);
    expect(inQuietHours(lunch, at('2026-11-22T12:30:00Z'), BERLIN)).toBe(false);
  });

  it('is never quiet when off or when the window is empty', () => {
    expect(inQuietHours({ ...overnight, enabled: false }, at('2026-11-22T22:30:00Z'), BERLIN)).toBe(false);
    expect(inQuietHours({ enabled: true, start: '08:00', end: '08:00' }, at('2026-11-22T07:00:00Z'), BERLIN)).toBe(false);
  });
});
