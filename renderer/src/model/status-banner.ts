import type { Status } from '../../../shared/status';
import { agoText, localTimeText } from './time-text';

/**
 * The warning banner's one sentence: what went wrong, which data the window still shows and when
 * Zonewatch tries again — every clock time in the user's own format. Null when all is well.
 */
export function statusBannerText(status: Status, now: number): string | null {
  const failing = status.lastError !== null && status.consecutiveFailures > 0;
  if (status.auth === 'rejected' || !(status.offline || status.stale || failing)) return null;
  const cause = status.lastError
    ? status.lastError.message.trim().replace(/[.!?]+$/, '')
    : status.offline
      ? 'This computer is offline'
      : 'No update has come through for a while';
  const shown = status.lastSuccessAt
    ? `the window shows data from ${localTimeText(status.lastSuccessAt)} (${agoText(status.lastSuccessAt, now)})`
    : 'no data has been fetched yet';
  const next = status.nextPollAt
    ? `next try at ${localTimeText(status.nextPollAt)}`
    : status.poll === 'paused' || status.poll === 'suspended'
      ? 'Zonewatch tries again once the computer is back online and awake'
      : null;
  return `${cause}; ${shown}${next ? `; ${next}` : ''}.`;
}
