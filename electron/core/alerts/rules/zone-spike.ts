import { formatBilled } from '../../../../shared/money';
import type { HistoryPoint } from '../../../../shared/history';
import { HOUR_MS, MINUTE_MS, type SpendRate } from '../../../../shared/burn-rate';
import type { UsualDailySpend } from '../../ledger/usual-daily-spend';
import { DAY_MS } from '../../ledger/utc-calendar';
import { utcMonthKey } from '../../../../shared/units';
import { hasZoneDetail, zoneSpendAdded } from '../../data/history-store';
import type { Condition } from '../latch';
import type { RuleContext } from '../rule-context';
import { SPIKE_TRAILING_MS } from './spike';
import { zoneDisplayName } from '../../../../shared/zone-name';

/** Re-arms once the zone's rate is clearly back down (below 80 % of both bars), as the account's does. */
const REARM_RATIO = 0.8;
/** The trailing rate needs at least this much of the zone's own history, as the account's does. */
const MIN_TRAILING_SPAN_MS = HOUR_MS;

interface Accumulator {
  cents: number;
  ms: number;
}

export interface ZoneSpendRates {
  recent: SpendRate | null;
  trailing: SpendRate | null;
}

function rateOf(acc: Accumulator | undefined, minSpanMs: number): SpendRate | null {
  if (acc === undefined || acc.ms <= 0 || acc.ms < minSpanMs) return null;
  return { centsPerHour: (acc.cents / acc.ms) * HOUR_MS, spanMs: acc.ms };
}

/**
 * Each zone's spend rate over the recent window and over the trailing `trailingMs` before it, from
 * the history points that keep zone detail. A step between two such points counts for a zone only
 * if both sampled it (so a zone that joins or comes back adds no jump), and for the window its
 * later point falls in. One pass over the points. Pure.
 */
export function zoneSpendRates(history: readonly HistoryPoint[], now: number, windowMs: number, trailingMs: number): Map<string, ZoneSpendRates> {
  const recentFrom = now - windowMs;
  const trailingFrom = recentFrom - trailingMs;
  const recent = new Map<string, Accumulator>();
  const trailing = new Map<string, Accumulator>();
  let previous: HistoryPoint | null = null;
  for (const point of history) {
    if (point.t > now) break;
    if (!hasZoneDetail(point)) continue;
    if (previous !== null && point.t > trailingFrom) {
      const into = point.t > recentFrom ? recent : trailing;
      const ms = point.t - previous.t;
      const sameMonth = utcMonthKey(new Date(previous.t)) === utcMonthKey(new Date(point.t));
      for (const [zoneId, sample] of Object.entries(point.zones)) {
        const before = previous.zones[zoneId];
        if (before === undefined) continue;
        const acc = into.get(zoneId) ?? { cents: 0, ms: 0 };
        acc.cents += zoneSpendAdded(before, sample, sameMonth);
        acc.ms += ms;
        into.set(zoneId, acc);
      }
    }
    previous = point;
  }
  const rates = new Map<string, ZoneSpendRates>();
  for (const zoneId of new Set([...recent.keys(), ...trailing.keys()])) {
    rates.set(zoneId, { recent: rateOf(recent.get(zoneId), windowMs / 2), trailing: rateOf(trailing.get(zoneId), MIN_TRAILING_SPAN_MS) });
  }
  return rates;
}

/** A zone's usual daily spend as an hourly rate, standing in for a trailing rate the 48 hours cannot give yet. */
function usualRate(usual: UsualDailySpend | null): SpendRate | null {
  return usual === null ? null : { centsPerHour: usual.cents / 24, spanMs: usual.days * DAY_MS };
}

function perHour(cents: number): string {
  return `${formatBilled(cents)}/h`;
}

/**
 * docs/desktop.md › Alerts with the window closed: a zone whose recent spend rate runs above `factor`× its own trailing 24 h
 * rate and above a floor, for `sustainCycles` cycles, is named in its own notification, even when
 * the account's rate as a whole moves too little for the account's spike rule. Until the last 48
 * hours hold an hour of the zone's history (after a first start, or a restart that lost its
 * intraday file), its usual daily spend stands in for the trailing rate; a zone with neither
 * neither fires nor re-arms.
 */
export function zoneSpikeConditions(ctx: RuleContext): Condition[] {
  const settings = ctx.settings.zoneSpike;
  const windowMs = settings.windowMinutes * MINUTE_MS;
  const rates = zoneSpendRates(ctx.input.history, ctx.now, windowMs, SPIKE_TRAILING_MS);
  return Object.entries(ctx.input.snapshot.zones).map(([zoneId, { zone }]) => {
    const measured = rates.get(zoneId);
    const recent = measured?.recent ?? null;
    const trailing = measured?.trailing ?? usualRate(ctx.input.usualDailySpend?.(zoneId) ?? null);
    let state: Condition['state'] = 'between';
    if (recent !== null && trailing !== null) {
      const rate = recent.centsPerHour;
      const bar = Math.max(settings.factor * trailing.centsPerHour, settings.minCentsPerHour);
      state = rate > bar ? 'on' : rate < bar * REARM_RATIO ? 'off' : 'between';
    }
    return {
      id: `zoneSpike:${zoneId}`,
      rule: 'zoneSpike',
      zoneId,
      sustain: settings.sustainCycles,
      rearmAfter: settings.sustainCycles,
      state,
      fire: (key) => {
        const rate = recent?.centsPerHour ?? 0;
        const usual = trailing?.centsPerHour ?? 0;
        const times = usual > 0 ? `, ${(rate / usual).toFixed(1)}× its usual ${perHour(usual)}` : ', where it usually spends next to nothing';
        return {
          rule: 'zoneSpike',
          key,
          severity: 'warning',
          title: `${zoneDisplayName(zone)}: spend spike ${perHour(rate)}`,
          body: `Over the last ${settings.windowMinutes} minutes zone ${zoneDisplayName(zone)} (${zoneId}) spent ${perHour(rate)}${times}.`,
          zoneId,
          target: { view: 'zone', zoneId },
        };
      },
    };
  });
}
