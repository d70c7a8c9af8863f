import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { HistoryPoint } from '../../../shared/history';
import { formatBitRate } from '../../../shared/units';
import { formatBilled } from '../../../shared/money';

type Props = { points: readonly HistoryPoint[]; width?: number };

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Spend this month and total throughput over time (uPlot), times in local time. */
export function SpendChart({ points, width = 360 }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!host.current || points.length < 2) return;
    const sorted = [...points].sort((a, b) => a.t - b.t);
    const data: uPlot.AlignedData = [
      sorted.map((p) => p.t / 1000),
      sorted.map((p) => p.spendTodayCents),
      sorted.map((p) => p.throughputBps),
    ];
    const axis = cssVar('--muted', '#666');
    let plot: uPlot | null = null;
    try {
      plot = new uPlot(
        {
          width,
          height: 160,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { spend: { auto: true }, bps: { auto: true } },
          series: [
            {},
            { label: 'Spend today', scale: 'spend', stroke: cssVar('--accent', '#2563eb'), width: 2, value: (_u, v) => (v == null ? '–' : formatBilled(v)) },
            { label: 'Throughput', scale: 'bps', stroke: cssVar('--chart-2', '#d97706'), width: 1.5, value: (_u, v) => (v == null ? '–' : formatBitRate(v)) },
          ],
          axes: [
            { stroke: axis, grid: { stroke: cssVar('--grid', '#8882') } },
            { scale: 'spend', stroke: axis, size: 56, values: (_u, vals) => vals.map((v) => formatBilled(v)), grid: { stroke: cssVar('--grid', '#8882') } },
            { scale: 'bps', side: 1, stroke: axis, size: 84, values: (_u, vals) => vals.map((v) => formatBitRate(v)), grid: { show: false } },
          ],
        },
        data,
        host.current,
      );
    } catch {
      // No canvas (e.g. a test DOM): the text summary below the chart still says it all.
      queueMicrotask(() => setFailed(true));
    }
    return () => plot?.destroy();
  }, [points, width]);
  if (points.length < 2) return <p className="muted">The chart appears after a few updates.</p>;
  return (
    <figure className="chart">
      <div ref={host} role="img" aria-label="Chart of spend today and throughput over time" />
      {failed && <figcaption className="muted">The chart could not be drawn here.</figcaption>}
    </figure>
  );
}
