import { type Anomaly, impactText, isUnusual } from '../../../../shared/anomalies';
import { formatBilled } from '../../../../shared/money';
import { addDays, dayOf } from '../../ledger/utc-calendar';
import type { OnceEvent, RuleContext } from '../rule-context';

// "A zone's day is unusual" (docs/desktop.md › Unusual days): the anomalies the ledger shows
// (docs/architecture.md › Daily anomalies) whose impact passes both the dollars and the percent,
// told at once or in one summary per UTC day or week. Every key lands in the alert memory, so a
// restart repeats none.

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function line(anomaly: Anomaly): string {
  return `${shortDay(anomaly.day)}: ${anomaly.words}, ${formatBilled(anomaly.spendCents)} against a usual ${formatBilled(anomaly.usualCents)}, ${impactText(anomaly)}`;
}

/** The Monday (UTC) of the week `day` falls in. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

function summary(kind: 'daily' | 'weekly', from: string, to: string, list: readonly Anomaly[]): OnceEvent[] {
  if (list.length === 0) return [];
  const period = kind === 'daily' ? shortDay(from) : `the week of ${shortDay(from)}–${shortDay(to)}`;
  return [
    {
      draft: {
        rule: 'zoneAnomaly',
        key: `zoneAnomaly:${kind}:${from}`,
        severity: 'warning',
        title: `${list.length} unusual ${list.length === 1 ? 'day' : 'days'} of zone spend, ${period} (UTC)`,
        body: list.map(line).join('\n'),
        target: { view: 'history' },
      },
      alsoMarks: list.map((a) => `zoneAnomaly:${a.zoneId}:${a.day}`),
    },
  ];
}

/**
 * Immediately: one notification per zone and day, as soon as it is found (a day still going is
 * found once its spend passes the band's top, and its close says nothing more). A daily summary:
 * once the UTC day is over, one notification for it; weekly: once the week (Monday–Sunday UTC) is
 * over, one for it. The impact must pass both thresholds, in whichever direction it went.
 */
export function zoneAnomalyEvents(ctx: RuleContext): OnceEvent[] {
  const { delivery, minImpactCents, minImpactPercent } = ctx.settings.zoneAnomaly;
  const passing = (ctx.input.anomalies ?? []).filter((a) => isUnusual(a) && Math.abs(a.impactCents) >= minImpactCents && Math.abs(a.impactPercent) >= minImpactPercent);
  const today = dayOf(ctx.now);
  if (delivery === 'daily') {
    const yesterday = addDays(today, -1);
    return summary('daily', yesterday, yesterday, passing.filter((a) => a.day === yesterday));
  }
  if (delivery === 'weekly') {
    const from = addDays(weekStart(today), -7);
    const to = addDays(from, 6);
    return summary('weekly', from, to, passing.filter((a) => a.day >= from && a.day <= to));
  }
  // Only days since yesterday: a first start or a rule just turned on tells no old news.
  return passing
    .filter((a) => a.day >= addDays(today, -1))
    .map((anomaly) => ({
      draft: {
        rule: 'zoneAnomaly',
        key: `zoneAnomaly:${anomaly.zoneId}:${anomaly.day}`,
        severity: 'warning',
        title: `${anomaly.name ?? anomaly.zoneId} ${anomaly.direction === 'above' ? 'spent more than usual' : 'spent less than usual'} on ${shortDay(anomaly.day)} (UTC)${anomaly.early ? ', so far' : ''}`,
        body: line(anomaly),
        target: { view: 'history', zoneId: anomaly.zoneId },
      },
    }));
}
