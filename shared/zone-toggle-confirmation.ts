import type { Zone } from './api/zone';

export interface ToggleConfirmation {
  message: string;
  detail: string;
  confirmLabel: string;
}

/**
 * The one rule for the tray and the window (DESIGN.md › Actions: destructive ones confirm):
 * disabling a zone that is carrying traffic (open connections) cuts people off, so the user
 * confirms first. Enabling, or disabling an idle zone, stays one click.
 */
export function zoneToggleConfirmation(zone: Zone, enable: boolean): ToggleConfirmation | null {
  if (enable || !zone.enabled || zone.open_connections <= 0) return null;
  const name = zone.name.trim() === '' ? zone.zone_id : zone.name.trim();
  const connections = zone.open_connections === 1 ? '1 open connection' : `${zone.open_connections.toLocaleString('en-US')} open connections`;
  return {
    message: `Disable zone “${name}”?`,
    detail: `It has ${connections} right now. Disabling it cuts them off and refuses new ones until you enable it again.`,
    confirmLabel: 'Disable zone',
  };
}
