import { useEffect, useRef, useState } from 'react';
import { cssVar, useWidth } from './chart-canvas';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { HistoryPoint } from '../../../shared/history';
import { formatBitRate } from '../../../shared/units';
import { formatBilled } from '../../../shared/money';
import { distinctTickLabels, tickIncrements } from '../model/axis-ticks';

type Props = { points: readonly HistoryPoint[] };

const SPEND_INCREMENTS = tickIncrements(1);
const BPS_INCREMENTS = tickIncrements(1);

/** Spend this month and total throughput over time (uPlot), times in local time; SpendChart loads it once there are two points. */
export function SpendChartPlot({ points }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const width = useWidth(host, 360, points.length >= 2);
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
            // Labels show whole cents and whole bits a second: no tick closer than one of them, and none labelled twice.
            { scale: 'spend', stroke: axis, size: 56, incrs: SPEND_INCREMENTS, values: (_u, vals) => distinctTickLabels(vals, formatBilled), grid: { stroke: cssVar('--grid', '#8882') } },
            { scale: 'bps', side: 1, stroke: axis, size: 84, incrs: BPS_INCREMENTS, values: (_u, vals) => distinctTickLabels(vals, formatBitRate), grid: { show: false } },
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
  return (
    <figure className="chart">
      <div ref={host} role="img" aria-label="Chart of spend today and throughput over time" />
      {failed && <figcaption className="muted">The chart could not be drawn here.</figcaption>}
    </figure>
  );
}
