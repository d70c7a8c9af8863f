import { describe, expect, it } from 'vitest';
import { isSnoozed, snoozeEnd, suppression } from '../../../../../electron/core/alerts/time/snooze';

const at = (iso: string) => Date.parse(iso);

describe('snooze', () => {
  it('lasts an hour', () => {
    expect(snoozeEnd('1h', at('2026-11-22T10:00:00Z'))).toBe(at('2026-11-22T11:00:00Z'));
  });

  it('lasts until 08:00 local time tomorrow', () => {
    expect(snoozeEnd('tomorrow', at('2026-11-22T22:30:00Z'), 'Europe/Berlin')).toBe(at('2026-11-23T07:00:00Z'));
    expect(snoozeEnd('tomorrow', at('2026-11-22T22:30:00Z'), 'America/New_York')).toBe(at('2026-11-23T13:00:00Z'));
    // Across the end of daylight saving time in New York (2026-11-01).
    expect(snoozeEnd('tomorrow', at('2026-10-31T20:00:00Z'), 'America/New_York')).toBe(at('2026-11-01T13:00:00Z'));
  });

  it('turns off', () => {
    expect(snoozeEnd('off', at('2026-11-22T10:00:00Z'))).toBeNull();
  });

  it('has ended once its time has passed', () => {
    expect(isSnoozed('2026-11-22T11:00:00.000Z', at('2026-11-22T10:59:00Z'))).toBe(true);
    expect(isSnoozed('2026-11-22T11:00:00.000Z', at('2026-11-22T11:00:00Z'))).toBe(false);
  });

  it('suppresses before quiet hours do', () => {
    const quiet = { enabled: true, start: '00:00', end: '23:59' };
    expect(suppression(at('2026-11-22T10:00:00Z'), quiet, '2026-11-22T11:00:00.000Z', 'UTC')).toBe('snooze');
    expect(suppression(at('2026-11-22T10:00:00Z'), quiet, null, 'UTC')).toBe('quiet_hours');
    expect(suppression(at('2026-11-22T10:00:00Z'), { ...quiet, enabled: false }, null, 'UTC')).toBeNull();
  });
});
