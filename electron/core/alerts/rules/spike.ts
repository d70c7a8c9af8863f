import { formatBilled } from '../../../../shared/money';
import type { HistoryPoint } from '../../../../shared/history';
import { hasZoneDetail } from '../../data/history-store';
import { HOUR_MS, MINUTE_MS, recentSpendRate, trailingSpendRate } from '../../../../shared/burn-rate';
import type { Condition } from '../latch';
import type { RuleContext } from '../rule-context';
import { zoneDisplayName } from '../../../../shared/zone-name';

/** docs/desktop.md › Alerts with the window closed: the spike is measured against the trailing 24 h. */
export const SPIKE_TRAILING_MS = 24 * HOUR_MS;
/** Re-arms only once the rate is clearly back down (below 80 % of both bars), so a rate hovering at the bar says it once. */
const REARM_RATIO = 0.8;

function perHour(cents: number): string {
  return `${formatBilled(cents)}/h`;
}

/**
 * The zone whose spend grew most across the window, if the history knows per-zone figures. Only
 * some points keep them (history-store.ts › thinZoneDetail), so the growth runs from the last such
 * point at or before the window's start (else the window's first) to the newest.
 */
function biggestSpender(history: readonly HistoryPoint[], from: number, now: number): string | null {
  let first: HistoryPoint | undefined;
  let last: HistoryPoint | undefined;
  for (const point of history) {
    if (point.t > now) break;
    if (!hasZoneDetail(point)) continue;
    if (point.t <= from || first === undefined) first = point;
    last = point;
  }
  if (first === undefined || last === undefined || first === last || last.t < from) return null;
  let best: string | null = null;
  let bestGrowth = 0;
  for (const [zoneId, sample] of Object.entries(last.zones)) {
    const growth = sample.s - (first.zones[zoneId]?.s ?? 0);
    if (growth > bestGrowth) {
      best = zoneId;
      bestGrowth = growth;
    }
  }
  return best;
}

/** Null when the history is too short to know the recent or the trailing rate. */
export function spikeCondition(ctx: RuleContext): Condition | null {
  const settings = ctx.settings.spike;
  const windowMs = settings.windowMinutes * MINUTE_MS;
  const { history, snapshot } = ctx.input;
  const base = { id: 'spike:account', rule: 'spike' as const, sustain: settings.sustainCycles, rearmAfter: settings.sustainCycles };
  const recent = recentSpendRate(history, ctx.now, windowMs);
  const trailing = trailingSpendRate(history, ctx.now, SPIKE_TRAILING_MS, windowMs);
  if (recent === null || trailing === null) return null;
  const bar = Math.max(settings.factor * trailing.centsPerHour, settings.minCentsPerHour);
  const rate = recent.centsPerHour;
  const state = rate > settings.factor * trailing.centsPerHour && rate > settings.minCentsPerHour
    ? 'on'
    : rate < bar * REARM_RATIO
      ? 'off'
      : 'between';
  const spender = biggestSpender(history, ctx.now - windowMs, ctx.now);
  const zone = spender === null ? undefined : snapshot.zones[spender]?.zone;
  return {
    ...base,
    state,
    fire: (key) => {
      const times = trailing.centsPerHour > 0 ? `${(rate / trailing.centsPerHour).toFixed(1)}× ` : '';
      const usual = trailing.centsPerHour > 0 ? `the usual ${perHour(trailing.centsPerHour)}` : 'next to nothing before';
      const mostly = zone === undefined ? '' : ` Most of it is zone ${zoneDisplayName(zone)} (${zone.zone_id}).`;
      const draft = {
        rule: 'spike' as const,
        key,
        severity: 'warning' as const,
        title: `Spend spike: ${perHour(rate)}`,
        body: `Over the last ${settings.windowMinutes} minutes your account spent ${perHour(rate)}, ${times}${usual}.${mostly}`,
        target: zone === undefined ? { view: 'overview' as const } : { view: 'zone' as const, zoneId: zone.zone_id },
      };
      return zone === undefined ? draft : { ...draft, zoneId: zone.zone_id };
    },
  };
}
