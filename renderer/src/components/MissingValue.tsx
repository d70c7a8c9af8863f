import type { ReactNode } from 'react';
import { zoneDisplayName } from '../../../shared/zone-name';

/** What "—" means wherever a value stands: the service sent nothing usable for it. */
export const UNKNOWN_VALUE_TITLE = 'Unknown: the service did not send a usable value.';

/** A value the service should have sent but did not, or sent malformed. */
export function UnknownValue() {
  return (
    <span className="unknown-value" title={UNKNOWN_VALUE_TITLE}>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{UNKNOWN_VALUE_TITLE}</span>
    </span>
  );
}

/**
 * A zone member as a view shows it: `children` formats a usable value; an unknown one (the service
 * sent it missing or malformed) shows "—" with the tooltip that says so.
 */
export function OrUnknown<T>({ value, children }: { value: T | undefined; children: (value: T) => ReactNode }) {
  return value === undefined ? <UnknownValue /> : <>{children(value)}</>;
}

/** A toggle's label for a zone; an unknown on/off state is said, so a click is not taken for a known change. */
export function zoneToggleLabel(zone: { name?: string | undefined; zone_id: string; enabled?: boolean | undefined }): string {
  const label = `Zone ${zoneDisplayName(zone)} enabled`;
  return zone.enabled === undefined ? `${label} (current state unknown: the service did not send it)` : label;
}

/** A value the service leaves out by design for this item (docs/api.md › Presence rules). */
export function NotApplicable({ title = 'Not applicable here.' }: { title?: string }) {
  return (
    <span className="muted" title={title}>
      <span aria-hidden="true">n/a</span>
      <span className="visually-hidden">{title}</span>
    </span>
  );
}
