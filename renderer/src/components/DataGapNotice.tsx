import type { DataGapKind } from '../../../shared/status';
import { useSnapshotStore } from '../stores/snapshot-store';

/**
 * Says, where the user would otherwise miss it, what the latest answers held that could not be
 * read ("1 billing entry could not be read: …"). Reads the counts from the status.
 */
export function DataGapNotice({ kinds }: { kinds: readonly DataGapKind[] }) {
  // Selected as stored: a fresh `[]` from the selector on every read would re-render without end.
  const gaps = (useSnapshotStore((s) => s.status?.dataGaps) ?? []).filter((gap) => kinds.includes(gap.kind));
  if (gaps.length === 0) return null;
  return (
    <div className="notice" role="note" aria-label="Data that could not be read">
      {gaps.map((gap) => (
        <p key={gap.kind}>{gap.message}</p>
      ))}
    </div>
  );
}
