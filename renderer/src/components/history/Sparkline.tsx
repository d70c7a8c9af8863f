import type { RecentDays } from '../../../../shared/ledger';
import { sparkline } from '../../model/sparkline';

const WIDTH = 120;
const HEIGHT = 24;

/** An account's last days of spend as a small line (an SVG path: one row of "All accounts" each). */
export function Sparkline({ days, fromDay, count }: { days: RecentDays[number]['days']; fromDay: string; count: number }) {
  const shape = sparkline(days, fromDay, count, WIDTH, HEIGHT);
  if (!shape) return <span className="muted small">No daily history yet</span>;
  return (
    <svg className="sparkline" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={shape.label}>
      <path d={shape.path} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
