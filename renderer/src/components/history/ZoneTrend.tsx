import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { Anomaly } from '../../../../shared/anomalies';
import type { AppError } from '../../../../shared/app-error';
import { ZONE_TREND_DAYS, type ZoneTrend as Trend } from '../../../../shared/ledger';
import { formatBilled } from '../../../../shared/money';
import { formatBitRate, formatBytes } from '../../../../shared/units';
import { utcDayText, zoneCoverageText } from '../../model/ledger-calendar';
import { dailySeries, dailySummary, intradaySummary } from '../../model/zone-trend';
import { callForSelectedAccount } from '../../stores/account-call';
import { api } from '../../zonewatch-api';
import { ErrorNotice } from '../ErrorNotice';
import { AnomalyList } from './AnomalyList';
import { Loading } from '../Loading';
import { MonthEndForecast } from '../MonthEndForecast';
import type { TrendSeries } from './TrendPlot';

// uPlot comes with the chart, never with the window's first screen.
const TrendPlot = lazy(() => import('./TrendPlot'));

/** A zone's daily spend and usage over the last 90 UTC days, and its last 48 hours, from the ledger. */
export function ZoneTrend({ zoneId, refreshKey }: { zoneId: string; refreshKey: string | null }) {
  const [trend, setTrend] = useState<Trend | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [unusual, setUnusual] = useState<Anomaly[] | null>(null);
  useEffect(() => {
    let live = true;
    // The account's one list of unusual days (docs/desktop.md › Unusual days), this zone's part.
    void callForSelectedAccount((profileId) => api().history.anomalies({ profileId })).then((res) => {
      if (live && res?.ok) setUnusual(res.value.filter((a) => a.zoneId === zoneId));
    });
    void callForSelectedAccount((profileId) => api().history.zone({ profileId, zoneId, days: ZONE_TREND_DAYS })).then((res) => {
      if (!live || !res) return;
      if (res.ok) {
        setTrend(res.value);
        setError(null);
      } else setError(res.error);
    });
    return () => {
      live = false;
    };
  }, [zoneId, refreshKey]);

  const daily = useMemo(() => (trend ? dailySeries(trend.days) : null), [trend]);
  const dailyChart = useMemo<TrendSeries[]>(
    () =>
      daily
        ? [
            { label: 'Spend', values: daily.exact, format: formatBilled, kind: 'bars', scale: 'left' },
            { label: 'Spend (estimated or so far)', values: daily.estimated, format: formatBilled, kind: 'bars-estimated', scale: 'left' },
            { label: 'Usage', values: daily.usage, format: formatBytes, kind: 'line', scale: 'right' },
          ]
        : [],
    [daily],
  );
  const hours = useMemo(() => (trend ? { x: trend.intraday.map((p) => p.t / 1000), spend: trend.intraday.map((p) => p.spendCentsPerHour), bps: trend.intraday.map((p) => p.throughputBps) } : null), [trend]);
  const hourChart = useMemo<TrendSeries[]>(
    () =>
      hours
        ? [
            { label: 'Spend per hour', values: hours.spend, format: formatBilled, kind: 'line', scale: 'left' },
            { label: 'Throughput', values: hours.bps, format: formatBitRate, kind: 'line', scale: 'right' },
          ]
        : [],
    [hours],
  );

  if (error && !trend) return <ErrorNotice what="Could not read this zone's history" error={error} />;
  if (!trend || !daily || !hours) return <Loading what="this zone's history" />;
  return (
    <section aria-labelledby="zone-trend-title" className="zone-trend">
      <h2 id="zone-trend-title">Last {ZONE_TREND_DAYS} days (UTC days)</h2>
      <MonthEndForecast forecast={trend.monthEnd} as="line" />
      <p className="small">{dailySummary(trend.days, ZONE_TREND_DAYS)}</p>
      {trend.days.length > 0 && (
        <Suspense fallback={<p className="muted">Loading the chart…</p>}>
          <TrendPlot title={`Daily spend and usage of this zone over the last ${ZONE_TREND_DAYS} UTC days`} x={daily.x} series={dailyChart} />
        </Suspense>
      )}
      {trend.days.length > 0 && (
        <details>
          <summary>Show the days as a table</summary>
          <table className="table stack trend-table">
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col" className="num">
                  Spend
                </th>
                <th scope="col" className="num">
                  Usage
                </th>
              </tr>
            </thead>
            <tbody>
              {[...trend.days].reverse().map((day) => (
                <tr key={day.day}>
                  <th scope="row">
                    {utcDayText(day.day)}
                    {day.coverage !== 'exact' && <span className="coverage-note small">{zoneCoverageText(day)}</span>}
                  </th>
                  <td className="num">{formatBilled(day.spendCents)}</td>
                  <td className="num">{day.usageBytes === null ? '—' : formatBytes(day.usageBytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      {unusual && unusual.length > 0 && (
        <section aria-labelledby="zone-unusual-title">
          <h3 id="zone-unusual-title">Unusual days of this zone</h3>
          <AnomalyList anomalies={unusual} zoneFilter={false} />
        </section>
      )}
      <h2>Last 48 hours</h2>
      <p className="small">{intradaySummary(trend.intraday)}</p>
      {trend.intraday.length >= 2 && (
        <Suspense fallback={<p className="muted">Loading the chart…</p>}>
          <TrendPlot title="Spend rate and throughput of this zone over the last 48 hours" x={hours.x} series={hourChart} xFormat="time" height={130} />
        </Suspense>
      )}
    </section>
  );
}
