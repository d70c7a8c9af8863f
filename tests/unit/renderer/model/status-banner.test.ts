import { describe, expect, it } from 'vitest';
import { statusBannerText } from '../../../../renderer/src/model/status-banner';
import { localTimeText } from '../../../../renderer/src/model/time-text';
import { type AppState, RUNNING_APP } from '../../../../shared/app-state';
import type { Status } from '../../../../shared/status';
import { READOUT_NOW, readout } from '../../../fixtures/readouts';

const NOW = READOUT_NOW + 10_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The read model of an account whose status the core reports so: last updated 10 s before NOW, next try 5 s after it. */
function account(patch: Partial<Status> = {}, app: Partial<AppState> = {}) {
  return readout('p1', { status: { lastSuccessAt: iso(NOW - 10_000), lastAttemptAt: iso(NOW - 5_000), nextPollAt: iso(NOW + 5_000), ...patch }, app });
}

describe('statusBannerText', () => {
  it('is silent while updates succeed, and when the key is refused or missing (those have a banner of their own)', () => {
    expect(statusBannerText(account(), RUNNING_APP, NOW)).toBeNull();
    expect(statusBannerText(account({ auth: 'rejected', poll: 'stopped_unauthorized', consecutiveFailures: 3, lastError: { kind: 'unauthorized', message: 'Refused.' } }), RUNNING_APP, NOW)).toBeNull();
    expect(statusBannerText(account({ poll: 'no_key', auth: 'no_key', keyBackend: 'none' }), RUNNING_APP, NOW)).toBeNull();
  });

  it('says the failure, the data shown and the next try in one sentence, every time in one clock format', () => {
    const text = statusBannerText(
      account({ offline: true, consecutiveFailures: 2, lastError: { kind: 'timeout', message: 'Zonewatch could not reach the service (timed out after 15 s).' } }),
      RUNNING_APP,
      NOW,
    );
    expect(text).toBe(
      `Zonewatch could not reach the service (timed out after 15 s); the window shows data from ${localTimeText(NOW - 10_000)} (just now); next try at ${localTimeText(NOW + 5_000)}.`,
    );
    // One sentence: the only full stop ends it.
    expect(text!.replace(/\(.*?\)/g, '').match(/\./g)).toHaveLength(1);
    expect(text).not.toMatch(/Showing data from|It will retry/);
  });

  it('explains an offline computer with no error yet, and that polling waits for the network, not for a resume', () => {
    const app = { offline: true };
    expect(statusBannerText(account({ nextPollAt: null }, app), { ...RUNNING_APP, ...app }, NOW)).toBe(
      `This computer is offline; the window shows data from ${localTimeText(NOW - 10_000)} (just now); Zonewatch tries again once the computer is back online.`,
    );
  });

  it('says so when nothing was ever fetched, and when data is old without a failure', () => {
    expect(statusBannerText(account({ stale: true, lastSuccessAt: null, nextPollAt: null }), RUNNING_APP, NOW)).toBe('No update has come through for a while; no data has been fetched yet.');
    expect(statusBannerText(account({ stale: true, lastSuccessAt: iso(NOW - 20 * 60_000) }), RUNNING_APP, NOW)).toContain('(20 min ago)');
  });

  it('says nothing of old data the user paused (the status bar says paused), and that a failure waits for the resume', () => {
    const app = { paused: true };
    expect(statusBannerText(account({ stale: true, nextPollAt: null }, app), { ...RUNNING_APP, ...app }, NOW)).toBeNull();
    const failed = account({ consecutiveFailures: 1, lastError: { kind: 'server', message: 'The service had a problem of its own (HTTP 500).' }, nextPollAt: null }, app);
    expect(statusBannerText(failed, { ...RUNNING_APP, ...app }, NOW)).toMatch(/Zonewatch tries again once polling is resumed\.$/);
  });
});
