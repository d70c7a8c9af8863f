import type { Zone } from './api/zone';
import { zoneDisplayName } from './zone-name';

export interface ToggleConfirmation {
  message: string;
  detail: string;
  confirmLabel: string;
}

/**
 * The one rule for the tray and the window (docs/architecture.md › Actions: destructive ones confirm):
 * disabling a zone that is carrying traffic (open connections) cuts people off, so the user
 * confirms first. Enabling, or disabling an idle zone, stays one click.
 */
export function zoneToggleConfirmation(zone: Zone, enable: boolean): ToggleConfirmation | null {
  // An unknown count of connections may be many: confirm rather than cut them off unasked.
  const open = zone.open_connections;
  if (enable || zone.enabled === false || (open !== undefined && open <= 0)) return null;
  const name = zoneDisplayName(zone);
  const connections = open === undefined ? 'an unknown number of open connections' : open === 1 ? '1 open connection' : `${open.toLocaleString('en-US')} open connections`;
  return {
    message: `Disable zone “${name}”?`,
    detail: `It has ${connections} right now. Disabling it cuts them off and refuses new ones until you enable it again.`,
    confirmLabel: 'Disable zone',
  };
}
