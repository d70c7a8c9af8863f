import { formatBitRate } from '../../../../shared/units';
import type { Condition } from '../latch';
import type { RuleContext } from '../rule-context';

/** Hysteresis: a zone over the ceiling re-arms only below 90 % of it, so traffic hovering at the ceiling says so once. */
const CEILING_REARM_RATIO = 0.9;

export function throughputCeilingConditions(ctx: RuleContext): Condition[] {
  const { bps: ceiling, sustainCycles } = ctx.settings.throughputCeiling;
  return Object.entries(ctx.input.snapshot.zones).map(([zoneId, { zone }]) => {
    const bps = zone.current_thoughput_bps;
    const name = zone.name ?? zoneId;
    return {
      id: `throughputCeiling:${zoneId}`,
      rule: 'throughputCeiling',
      zoneId,
      sustain: sustainCycles,
      rearmAfter: sustainCycles,
      // An unknown throughput neither fires nor re-arms the condition.
      state: bps === undefined ? 'between' : bps > ceiling ? 'on' : bps <= ceiling * CEILING_REARM_RATIO ? 'off' : 'between',
      fire: (key) => ({
        rule: 'throughputCeiling',
        key,
        severity: 'warning',
        title: `${name}: throughput above ${formatBitRate(ceiling)}`,
        body: `Zone ${name} (${zoneId}) is moving ${bps === undefined ? 'an unknown rate' : formatBitRate(bps)}, above your ${formatBitRate(ceiling)} ceiling for ${sustainCycles} refreshes in a row.`,
        zoneId,
        target: { view: 'zone', zoneId },
      }),
    };
  });
}

export function throughputDropConditions(ctx: RuleContext): Condition[] {
  const { sustainCycles } = ctx.settings.throughputDrop;
  return Object.entries(ctx.input.snapshot.zones).map(([zoneId, { zone }]) => {
    const bps = zone.current_thoughput_bps;
    const name = zone.name ?? zoneId;
    // A disabled zone moves nothing by design: neither a drop nor a recovery. Nor is an unknown
    // state or throughput either.
    const state = zone.enabled !== true || bps === undefined ? 'between' : bps > 0 ? 'off' : ctx.previous.hadTraffic[zoneId] ? 'on' : 'between';
    return {
      id: `throughputDrop:${zoneId}`,
      rule: 'throughputDrop',
      zoneId,
      sustain: sustainCycles,
      rearmAfter: sustainCycles,
      state,
      fire: (key) => ({
        rule: 'throughputDrop',
        key,
        severity: 'warning',
        title: `${name}: traffic dropped to zero`,
        body: `Zone ${name} (${zoneId}) is enabled and had traffic, but has moved nothing for ${sustainCycles} refreshes in a row.`,
        zoneId,
        target: { view: 'zone', zoneId },
      }),
    };
  });
}

/** Zones that have had traffic: kept while enabled, forgotten when disabled or gone (a re-enabled zone must move traffic again first). */
export function nextHadTraffic(ctx: RuleContext): Record<string, true> {
  const next: Record<string, true> = {};
  for (const [zoneId, { zone }] of Object.entries(ctx.input.snapshot.zones)) {
    // An unknown state or throughput keeps what was known.
    const bps = zone.current_thoughput_bps;
    const enabled = zone.enabled ?? ctx.previous.hadTraffic[zoneId] === true;
    if (enabled && ((bps !== undefined && bps > 0) || ctx.previous.hadTraffic[zoneId])) next[zoneId] = true;
  }
  return next;
}
