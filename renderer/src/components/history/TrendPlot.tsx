import { useEffect, useRef, useState } from 'react';
import { cssVar, useWidth } from '../chart-canvas';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { distinctTickLabels, tickIncrements } from '../../model/axis-ticks';

/** One series of a trend chart: drawn as bars (left scale) or a line (right scale). */
export type TrendSeries = { label: string; values: (number | null)[]; format: (value: number) => string; kind: 'bars' | 'bars-estimated' | 'line'; scale: 'left' | 'right' };

type Props = { title: string; x: number[]; series: TrendSeries[]; height?: number; xFormat?: 'day' | 'time' };

const INCREMENTS = tickIncrements(1);
const utcDayTick = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A trend chart (uPlot, loaded with the History view and zone detail only): bars on the left
 * scale, a line on the right, over UTC days or the last hours. The caller writes what it shows in
 * words beside it, so it is never the only way to read the figures.
 */
export function TrendPlot({ title, x, series, height = 150, xFormat = 'day' }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const width = useWidth(host, 360);
  useEffect(() => {
    if (!host.current || x.length === 0) return;
    const axis = cssVar('--muted', '#666');
    const grid = cssVar('--grid', '#8882');
    const accent = cssVar('--accent', '#2563eb');
    const second = cssVar('--chart-2', '#d97706');
    const bars = uPlot.paths.bars!({ size: [0.7, 24] });
    const left = series.find((s) => s.scale === 'left');
    const right = series.find((s) => s.scale === 'right');
    let plot: uPlot | null = null;
    try {
      plot = new uPlot(
        {
          width,
          height,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true }, left: { auto: true, range: (_u, _min, max) => [0, Math.max(max, 1)] }, right: { auto: true } },
          series: [
            { value: (_u, v) => (v == null ? '–' : xFormat === 'day' ? `${utcDayTick.format(v * 1000)} UTC` : new Date(v * 1000).toLocaleString()) },
            ...series.map((s) => ({
              label: s.label,
              scale: s.scale,
              stroke: s.scale === 'left' ? accent : second,
              width: s.kind === 'line' ? 1.5 : 1,
              fill: s.kind === 'bars' ? accent : s.kind === 'bars-estimated' ? `${accent.replace('rgb(', 'rgba(').replace(')', ', 0.35)')}` : undefined,
              ...(s.kind === 'line' ? {} : { paths: bars, points: { show: false } }),
              value: (_u: uPlot, v: number | null) => (v == null ? '–' : s.format(v)),
            })),
          ],
          axes: [
            { stroke: axis, grid: { stroke: grid }, ...(xFormat === 'day' ? { values: (_u: uPlot, vals: number[]) => vals.map((v) => utcDayTick.format(v * 1000)) } : {}) },
            ...(left ? [{ scale: 'left', stroke: axis, size: 64, incrs: INCREMENTS, values: (_u: uPlot, vals: number[]) => distinctTickLabels(vals, left.format), grid: { stroke: grid } }] : []),
            ...(right ? [{ scale: 'right', side: 1, stroke: axis, size: 72, incrs: INCREMENTS, values: (_u: uPlot, vals: number[]) => distinctTickLabels(vals, right.format), grid: { show: false } }] : []),
          ],
        },
        [x, ...series.map((s) => s.values)] as uPlot.AlignedData,
        host.current,
      );
    } catch {
      // No canvas (a test DOM): the words beside the chart still say it all.
      queueMicrotask(() => setFailed(true));
    }
    return () => plot?.destroy();
  }, [x, series, width, height, xFormat]);
  return (
    <figure className="chart">
      <div ref={host} role="img" aria-label={title} />
      {failed && <figcaption className="muted">The chart could not be drawn here.</figcaption>}
    </figure>
  );
}

export default TrendPlot;
