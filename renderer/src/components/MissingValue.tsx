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

/** A value the service leaves out by design for this item (docs/api.md › Presence rules). */
export function NotApplicable({ title = 'Not applicable here.' }: { title?: string }) {
  return (
    <span className="muted" title={title}>
      <span aria-hidden="true">n/a</span>
      <span className="visually-hidden">{title}</span>
    </span>
  );
}
