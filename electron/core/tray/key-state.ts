import type { Status } from '../../../shared/status';

// One reading of the key's state for the tray's icon, tooltip, title and menu, so that they never
// disagree about whether there is a key and whether the service refused it.

/** No profile, or a profile without a stored key: nothing is being watched. */
export function hasNoKey(status: Status): boolean {
  return status.profile === null || status.auth === 'no_key' || status.poll === 'no_key';
}

/** The service refused the key; polling stays stopped until the user enters another. */
export function isKeyRejected(status: Status): boolean {
  return status.auth === 'rejected' || status.poll === 'stopped_unauthorized';
}
