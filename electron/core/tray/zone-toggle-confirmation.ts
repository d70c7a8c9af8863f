import type { Zone } from '../../../shared/api/zone';

export interface ToggleConfirmation {
  message: string;
  detail: string;
  confirmLabel: string;
}

/**
 * Disabling a zone from the tray is one stray click away, so when the zone is carrying traffic
 * (open connections) the user confirms first. Enabling, or disabling an idle zone, goes straight through.
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
