import { lazy, Suspense } from 'react';
import type { HistoryPoint } from '../../../shared/history';

// uPlot is about a fifth of the window's script: it loads when a chart is first drawn, not with
// the first screen (docs/desktop.md › Packaging › What the window loads first).
const SpendChartPlot = lazy(() => import('./SpendChartPlot').then((module) => ({ default: module.SpendChartPlot })));

/** The Overview's chart; until its code has loaded, an empty frame of the chart's own height holds its place. */
export function SpendChart({ points }: { points: readonly HistoryPoint[] }) {
  if (points.length < 2) return <p className="muted">The chart appears after a few updates.</p>;
  return (
    <Suspense fallback={<figure className="chart chart-pending" aria-busy="true" />}>
      <SpendChartPlot points={points} />
    </Suspense>
  );
}
