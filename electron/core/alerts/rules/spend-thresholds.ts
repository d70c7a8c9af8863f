import { formatBilled } from '../../../../shared/money';
import { utcDayKey, utcMonthKey } from '../../../../shared/units';
import type { AlertRule } from '../../../../shared/alert-settings';
import type { NavigateTarget } from '../../../../shared/notification';
import { accountDataTime, zoneDataTime } from '../data-time';
import type { OnceEvent, RuleContext } from '../rule-context';
import { automaticDayThresholds, automaticMonthThresholds, thresholdBase } from '../automatic-thresholds';

function baseOf(ctx: RuleContext) {
  return thresholdBase(ctx.input.snapshot.account.data, ctx.input.billing, ctx.now);
}

/** The user's day thresholds, or the automatic ones (null in the settings) at the user's shares if given. */
export function dayThresholds(ctx: RuleContext): readonly number[] {
  const rule = ctx.settings.spendToday;
  return rule.thresholdsCents ?? automaticDayThresholds(baseOf(ctx), rule.sharesOfBase ?? undefined);
}

/** The user's month thresholds, or the automatic ones (null in the settings) at the user's shares if given. */
export function monthThresholds(ctx: RuleContext): readonly number[] {
  const rule = ctx.settings.spendMonth;
  return rule.thresholdsCents ?? automaticMonthThresholds(baseOf(ctx), rule.sharesOfBase ?? undefined);
}

interface Crossing {
  rule: AlertRule;
  value: number;
  thresholds: readonly number[];
  keyOf(threshold: number): string;
  describe(threshold: number): { title: string; body: string };
  zoneId?: string;
  target: NavigateTarget;
}

/**
 * The highest threshold the value has reached that has not been said yet in this period; the lower
 * unsaid ones ride along as already said.
 */
function highestNewCrossing(ctx: RuleContext, crossing: Crossing): OnceEvent[] {
  const fresh = [...new Set(crossing.thresholds)]
    .filter((threshold) => threshold > 0 && crossing.value >= threshold)
    .sort((a, b) => a - b)
    .filter((threshold) => ctx.memory.fired[crossing.keyOf(threshold)] === undefined);
  const top = fresh.at(-1);
  if (top === undefined) return [];
  const { title, body } = crossing.describe(top);
  const draft = { rule: crossing.rule, key: crossing.keyOf(top), severity: 'warning' as const, title, body, target: crossing.target };
  return [
    {
      draft: crossing.zoneId === undefined ? draft : { ...draft, zoneId: crossing.zoneId },
      alsoMarks: fresh.slice(0, -1).map(crossing.keyOf),
    },
  ];
}

export function spendTodayEvents(ctx: RuleContext): OnceEvent[] {
  const { snapshot } = ctx.input;
  if (Object.keys(snapshot.zones).length === 0) return [];
  const day = utcDayKey(new Date(zoneDataTime(snapshot, ctx.now)));
  // The read model's sum over the zones whose spend is known: a floor of the true spend, so a
  // threshold it passes is passed for sure, and none is crossed on a guess.
  const value = ctx.input.figures.spendTodayCents ?? 0;
  return highestNewCrossing(ctx, {
    rule: 'spendToday',
    value,
    thresholds: dayThresholds(ctx),
    keyOf: (threshold) => `spendToday:${threshold}:${day}`,
    describe: (threshold) => ({
      title: `Spend today passed ${formatBilled(threshold)}`,
      body: `Your zones have spent ${formatBilled(value)} so far today (UTC day ${day}).`,
    }),
    target: { view: 'overview' },
  });
}

export function spendMonthEvents(ctx: RuleContext): OnceEvent[] {
  const { snapshot, figures } = ctx.input;
  // The account's own month figure (the read model's): the zones known may not be all that spent.
  if (figures.spendMonthCents === null) return [];
  const month = utcMonthKey(new Date(accountDataTime(snapshot, ctx.now)));
  const value = figures.spendMonthCents;
  return highestNewCrossing(ctx, {
    rule: 'spendMonth',
    value,
    thresholds: monthThresholds(ctx),
    keyOf: (threshold) => `spendMonth:${threshold}:${month}`,
    describe: (threshold) => ({
      title: `Spend this month passed ${formatBilled(threshold)}`,
      body: `Your account has spent ${formatBilled(value)} so far this month (UTC month ${month}).`,
    }),
    target: { view: 'overview' },
  });
}

export function zoneSpendTodayEvents(ctx: RuleContext): OnceEvent[] {
  const { thresholdCents, perZoneCents } = ctx.settings.zoneSpendToday;
  const events: OnceEvent[] = [];
  for (const [zoneId, entry] of Object.entries(ctx.input.snapshot.zones)) {
    const threshold = perZoneCents[zoneId] ?? thresholdCents;
    const day = utcDayKey(new Date(Date.parse(entry.fetchedAt)));
    const { zone } = entry;
    const spent = zone.spend_today_cents;
    // An unknown spend crosses nothing; the crossing is reported once it is known again.
    if (spent === undefined) continue;
    const name = zone.name ?? zoneId;
    events.push(
      ...highestNewCrossing(ctx, {
        rule: 'zoneSpendToday',
        value: spent,
        thresholds: [threshold],
        keyOf: (t) => `zoneSpendToday:${zoneId}:${t}:${day}`,
        describe: (t) => ({
          title: `${name}: spend today passed ${formatBilled(t)}`,
          body: `Zone ${name} (${zoneId}) has spent ${formatBilled(spent)} so far today (UTC day ${day}).`,
        }),
        zoneId,
        target: { view: 'zone', zoneId },
      }),
    );
  }
  return events;
}
