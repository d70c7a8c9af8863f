import type { AlertType } from '../../shared/api/zone';
import { GB, utcDayKey, utcMonthKey } from '../../shared/units';
import type { ZoneFigures } from './zone-days';

export function isDailyAlert(type: AlertType): boolean {
  return type.endsWith('_per_day');
}

/** docs/api.md › Zone alerts: an alert fires at most once per UTC day or month, by its type. */
export function alertPeriod(type: AlertType, date: Date): string {
  return isDailyAlert(type) ? utcDayKey(date) : utcMonthKey(date);
}

/** What the alert's threshold is compared with: dollars or gigabytes, today or this month. */
export function alertMeasure(zone: ZoneFigures, type: AlertType): number {
  const daily = isDailyAlert(type);
  return type.startsWith('dollars')
    ? (daily ? zone.spend_today_cents : zone.spend_this_month_cents) / 100
    : (daily ? zone.usage_today_bytes : zone.usage_this_month_bytes) / GB;
}
