import { monthEndLine, type MonthEndForecast as Forecast } from '../../../shared/forecast';

/** What the range means, in a user's words (docs/desktop.md › Month-end forecast). */
export const RANGE_MEANING = 'About 8 months in 10 end inside the likely range.';

/**
 * The month-end forecast as the core worked it out (electron/core/forecast/): "Month end ≈ $2,410,
 * likely $2,280–$2,560", and what it rests on. Nothing here works a figure out again.
 */
export function MonthEndForecast({ forecast, as = 'card' }: { forecast: Forecast | null; as?: 'card' | 'line' }) {
  if (as === 'line') {
    if (forecast === null) return null;
    return (
      <p className="month-end small" title={RANGE_MEANING}>
        {monthEndLine(forecast)} <span className="muted">— {forecast.words}.</span>
      </p>
    );
  }
  return (
    <div className="card month-end">
      <dt>Month end (forecast)</dt>
      {forecast === null ? (
        <dd className="muted">Not known until the account is read</dd>
      ) : (
        <>
          <dd className="forecast-line">{monthEndLine(forecast)}</dd>
          <dd className="muted">
            {forecast.words}. {RANGE_MEANING}
          </dd>
        </>
      )}
    </div>
  );
}
