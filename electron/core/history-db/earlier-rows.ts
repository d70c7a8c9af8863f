import type { ZoneDays } from '../anomalies/usual-band';
import { BAND_WEEKS } from '../anomalies/usual-band';
import { earlierDays, type EarlierDays } from '../ledger/month-files';
import { addMonths, DAY_MS, monthOf, monthStart } from '../ledger/utc-calendar';
import type { ClosedRows } from './closed-rows';

/** The first month a usual band of `month`'s days reaches back to (anomalies/usual-band.ts › BAND_WEEKS). */
export function bandStart(month: string): string {
  return monthOf(monthStart(month) - BAND_WEEKS * 7 * DAY_MS);
}

/**
 * month-files.ts › earlierDays over the rows: a zone's closed days of the months a usual band
 * reaches back to, read for that zone on its first question only — a zone whose month has no
 * estimated day asks none, so a poll cycle reads no closed row.
 */
export function earlierFromRows(rows: ClosedRows, account: number, month: string): EarlierDays {
  const from = bandStart(month);
  const cache = new Map<string, ZoneDays>();
  const read = (zoneId: string): ZoneDays => {
    let days = cache.get(zoneId);
    if (!days) cache.set(zoneId, (days = earlierDays(rows.read(account, { from, to: addMonths(month, -1), zoneId }), month)(zoneId)));
    return days;
  };
  return (zoneId) => ({ get: (day) => read(zoneId).get(day) });
}
