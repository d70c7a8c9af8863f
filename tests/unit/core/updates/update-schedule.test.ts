import { describe, expect, it } from 'vitest';
import {
  CHECK_EVERY_MS,
  FIRST_CHECK_DELAY_MS,
  manualCheckRefusal,
  MAX_TIMER_MS,
  nextCheckAt,
  RETRY_AFTER_FAILURE_MS,
  timerDelay,
} from '../../../../electron/core/updates/update-schedule';

const start = 1_800_000_000_000;
const planned = { supported: true, automatic: true, offline: false, busy: false, ready: false };

describe('when Zonewatch looks for updates by itself (docs/desktop.md › Updates › When it checks)', () => {
  it('shortly after it starts, a day after a check, an hour after a failed one', () => {
    expect(nextCheckAt({ startedAt: start, lastCheck: null })).toBe(start + FIRST_CHECK_DELAY_MS);
    expect(nextCheckAt({ startedAt: start, lastCheck: { at: start + 5, failed: false } })).toBe(start + 5 + CHECK_EVERY_MS);
    expect(nextCheckAt({ startedAt: start, lastCheck: { at: start + 5, failed: true } })).toBe(start + 5 + RETRY_AFTER_FAILURE_MS);
  });

  it('wakes when the check is due, or within the hour to compare the wall clock again', () => {
    const schedule = { startedAt: start, lastCheck: { at: start, failed: false } };
    expect(timerDelay(planned, { startedAt: start, lastCheck: null }, start)).toBe(FIRST_CHECK_DELAY_MS);
    expect(timerDelay(planned, schedule, start + 1000)).toBe(MAX_TIMER_MS);
    expect(timerDelay(planned, schedule, start + CHECK_EVERY_MS - 500)).toBe(500);
    // Overdue (the computer slept through it): at once.
    expect(timerDelay(planned, schedule, start + 3 * CHECK_EVERY_MS)).toBe(0);
  });

  it('never while offline, with the setting off, in a copy that cannot update, while busy, or with an update waiting', () => {
    const schedule = { startedAt: start, lastCheck: null };
    for (const off of [{ offline: true }, { automatic: false }, { supported: false }, { busy: true }, { ready: true }]) {
      expect(timerDelay({ ...planned, ...off }, schedule, start), JSON.stringify(off)).toBeNull();
    }
  });

  it('refuses a check asked for only when it cannot run, in words for Settings', () => {
    const can = { supported: true, offline: false, ready: false, downloading: false };
    expect(manualCheckRefusal(can)).toBeNull();
    expect(manualCheckRefusal({ ...can, offline: true })).toBe('The computer is offline: check again once it is back online.');
    expect(manualCheckRefusal({ ...can, ready: true })).toBe('An update is already downloaded: Restart to update installs it.');
    expect(manualCheckRefusal({ ...can, downloading: true })).toBe('An update is being downloaded already.');
    expect(manualCheckRefusal({ ...can, supported: false })).toBe('This copy of Zonewatch cannot update itself.');
  });
});
