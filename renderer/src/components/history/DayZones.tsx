import type { CSSProperties } from 'react';
import type { AppError } from '../../../../shared/app-error';
import type { LedgerDayView } from '../../../../shared/ledger';
import { formatBilled } from '../../../../shared/money';
import { formatBytes } from '../../../../shared/units';
import { utcDayText, zoneCoverageText } from '../../model/ledger-calendar';
import { useNavigationStore } from '../../stores/navigation-store';
import { ErrorNotice } from '../ErrorNotice';
import { Loading } from '../Loading';

/** One UTC day's zones, highest spend first; a zone's name opens its detail (and its 90-day trend). */
export function DayZones({ day, view, error }: { day: string; view: LedgerDayView | null; error: AppError | null }) {
  const go = useNavigationStore((s) => s.go);
  const heading = `${utcDayText(day)} (UTC)`;
  return (
    <section aria-labelledby="day-zones-title" className="day-zones">
      <h2 id="day-zones-title">{heading}</h2>
      {error ? (
        <ErrorNotice what="Could not read that day" error={error} />
      ) : view === null ? (
        <Loading what="the day's zones" />
      ) : view.zones.length === 0 ? (
        <p className="muted">No zone has history on this day.</p>
      ) : (
        <table className="table stack day-zone-table" style={{ '--stack-cols': 2 } as CSSProperties}>
          <caption className="visually-hidden">Zones by spend on {heading}</caption>
          <thead>
            <tr>
              <th scope="col">Zone</th>
              <th scope="col" className="num">
                Spend
              </th>
              <th scope="col" className="num">
                Usage
              </th>
            </tr>
          </thead>
          <tbody>
            {view.zones.map((zone) => (
              <tr key={zone.zoneId}>
                <th scope="row">
                  <button type="button" className="link" onClick={() => go('zone', zone.zoneId)}>
                    {zone.name?.trim() || zone.zoneId}
                  </button>
                  {zone.coverage !== 'exact' && <span className="coverage-note small">{zoneCoverageText(zone)}</span>}
                </th>
                <td className="num">
                  {formatBilled(zone.spendCents)}
                  {zone.coverage === 'estimated' && <span className="visually-hidden"> (estimated)</span>}
                  {zone.coverage === 'estimated' && <span aria-hidden="true"> ≈</span>}
                </td>
                <td className="num">{zone.usageBytes === null ? '—' : formatBytes(zone.usageBytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
