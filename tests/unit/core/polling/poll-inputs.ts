// Inputs of the poll schedule with nothing unusual going on: default polling settings, popover
// closed, user active, on mains power, online, nothing paused or failing. Kept out of tests/fixtures
// because that folder is also compiled for the renderer, which must not reach into electron/core.
import type { PollInputs } from '../../../../electron/core/polling/schedule';
import type { ExternalPollInputs } from '../../../../electron/core/polling/poller';
import { PollingSettings } from '../../../../shared/settings';

/** What the host tells the poller (electron/core/poller.ts › ExternalPollInputs). */
export function sampleExternalPollInputs(overrides: Partial<ExternalPollInputs> = {}): ExternalPollInputs {
  return {
    polling: PollingSettings.parse({}),
    windowOpen: false,
    idle: false,
    onBattery: false,
    suspended: false,
    locked: false,
    offline: false,
    paused: false,
    ...overrides,
  };
}

/** All that `nextPollDelay` reads: the host's inputs plus the poller's own (no failures, key accepted). */
export function samplePollInputs(overrides: Partial<PollInputs> = {}): PollInputs {
  return { ...sampleExternalPollInputs(), unauthorized: false, consecutiveFailures: 0, rateLimited: false, ...overrides };
}
