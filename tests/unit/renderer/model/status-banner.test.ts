import { describe, expect, it } from 'vitest';
import { statusBannerText } from '../../../../renderer/src/model/status-banner';
import { localTimeText } from '../../../../renderer/src/model/time-text';
import type { Status } from '../../../../shared/status';
import { sampleStatus } from '../../../fixtures/app-samples';

const NOW = Date.parse('2026-11-22T00:25:30Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A healthy status last updated 10 s before NOW, next try 5 s after it. */
function status(patch: Partial<Status> = {}): Status {
  return sampleStatus({ lastSuccessAt: iso(NOW - 10_000), lastAttemptAt: iso(NOW - 5_000), nextPollAt: iso(NOW + 5_000), ...patch });
}

describe('statusBannerText', () => {
  it('is silent while updates succeed, and when the key is refused (that has a banner of its own)', () => {
    expect(statusBannerText(status(), NOW)).toBeNull();
    expect(statusBannerText(status({ auth: 'rejected', consecutiveFailures: 3, lastError: { kind: 'unauthorized', message: 'Refused.' } }), NOW)).toBeNull();
  });

  it('says the failure, the data shown and the next try in one sentence, every time in one clock format', () => {
    const text = statusBannerText(
      status({
        offline: true,
        consecutiveFailures: 2,
        lastError: { kind: 'timeout', message: 'Zonewatch could not reach the service (timed out after 15 s).' },
      }),
      NOW,
    );
    expect(text).toBe(
      `Zonewatch could not reach the service (timed out after 15 s); the window shows data from ${localTimeText(NOW - 10_000)} (just now); next try at ${localTimeText(NOW + 5_000)}.`,
    );
    // One sentence: the only full stop ends it.
    expect(text!.replace(/\(.*?\)/g, '').match(/\./g)).toHaveLength(1);
    expect(text).not.toMatch(/Showing data from|It will retry/);
  });

  it('explains an offline computer with no error yet, and a pause with no next try', () => {
    expect(statusBannerText(status({ offline: true, poll: 'paused', nextPollAt: null }), NOW)).toBe(
      `This computer is offline; the window shows data from ${localTimeText(NOW - 10_000)} (just now); Zonewatch tries again once the computer is back online and awake.`,
    );
  });

  it('says so when nothing was ever fetched, and when data is old without a failure', () => {
    expect(statusBannerText(status({ stale: true, lastSuccessAt: null, nextPollAt: null }), NOW)).toBe(
      'No update has come through for a while; no data has been fetched yet.',
    );
    expect(statusBannerText(status({ stale: true, lastSuccessAt: iso(NOW - 20 * 60_000) }), NOW)).toContain('(20 min ago)');
  });
});
