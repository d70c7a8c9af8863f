import type { AccountReadout } from '../../../shared/accounts';
import type { AppState } from '../../../shared/app-state';
import { agoText, localTimeText } from './time-text';

/** Why no try is planned, from the app-wide state: the user's pause, no network, or sleep. */
function waitingFor(app: Pick<AppState, 'paused' | 'offline' | 'asleep'> | null): string | null {
  if (app?.offline) return 'Zonewatch tries again once the computer is back online';
  if (app?.asleep) return 'Zonewatch tries again once the computer is awake';
  if (app?.paused) return 'Zonewatch tries again once polling is resumed';
  return null;
}

/**
 * The warning banner's one sentence for an account that is offline, failing or out of date (its
 * read model's state): what went wrong, which data the window still shows and when Zonewatch tries
 * again — every clock time in the user's own format. Null in any other state.
 */
export function statusBannerText(
  readout: Pick<AccountReadout, 'state' | 'problem' | 'lastSuccessAt' | 'nextPollAt'>,
  app: Pick<AppState, 'paused' | 'offline' | 'asleep'> | null,
  now: number,
): string | null {
  if (readout.state !== 'offline' && readout.state !== 'failing' && readout.state !== 'stale') return null;
  const cause = readout.problem
    ? readout.problem.message.trim().replace(/[.!?]+$/, '')
    : readout.state === 'offline'
      ? 'This computer is offline'
      : 'No update has come through for a while';
  const shown = readout.lastSuccessAt
    ? `the window shows data from ${localTimeText(readout.lastSuccessAt)} (${agoText(readout.lastSuccessAt, now)})`
    : 'no data has been fetched yet';
  const next = readout.nextPollAt ? `next try at ${localTimeText(readout.nextPollAt)}` : waitingFor(app);
  return `${cause}; ${shown}${next ? `; ${next}` : ''}.`;
}
