import { MIDNIGHT_GUARD_MS } from '../../../shared/ledger';
import type { ZoneCost } from '../../../shared/api/zone';
import type { Snapshot } from '../../../shared/snapshot';
import { type DayCosts, type DayReadings, LAST_AT, LAST_COSTS, type OpenMonth, type ZoneReading } from './ledger-model';
import { DAY_MS, domOf, monthOf } from './utc-calendar';

export { MIDNIGHT_GUARD_MS };

export function nearMidnight(at: number): boolean {
  const intoDay = ((at % DAY_MS) + DAY_MS) % DAY_MS;
  return intoDay < MIDNIGHT_GUARD_MS || DAY_MS - intoDay < MIDNIGHT_GUARD_MS;
}

/**
 * The cost members a day's breakdown keeps (ledger-model.ts › DayCosts), or null when one it needs
 * is unknown. The exclusivity members are sent only for zones with that exclusivity
 * (docs/api.md › Presence rules): absent, they are 0. Pure.
 */
export function dayCostsOf(cost: ZoneCost): DayCosts | null {
  const { per_gigabyte_cents: perGb, per_connection_count: connections, per_connection_cents_monthly_total: connectionsMonthly, ip_pool_count: ips, ip_pool_cents_monthly_total: ipsMonthly } = cost;
  if (perGb === undefined || connections === undefined || connectionsMonthly === undefined || ips === undefined || ipsMonthly === undefined) return null;
  const exclusivity = (cost.exclusivity_all_domains_cents_monthly_total ?? 0) + (cost.exclusivity_per_domain_cents_monthly_total ?? 0);
  return [perGb, connections, connectionsMonthly, ips, ipsMonthly + exclusivity];
}

/**
 * The readings of the cycle that fetched the snapshot's zones: every zone fetched at that moment
 * whose spend today and this month are known (a zone whose batch failed keeps older figures, which
 * are not a reading of now). Usage rides along when known. Pure.
 */
export function readingsFrom(snapshot: Snapshot): ZoneReading[] {
  const fetchedAt = snapshot.zonesFetch.fetchedAt;
  if (fetchedAt === null) return [];
  const at = Date.parse(fetchedAt);
  const out: ZoneReading[] = [];
  for (const { zone, fetchedAt: zoneFetchedAt } of Object.values(snapshot.zones)) {
    if (zoneFetchedAt !== fetchedAt) continue;
    const { spend_today_cents: spendToday, spend_this_month_cents: spendMonth, usage_today_bytes: usageToday, usage_this_month_bytes: usageMonth } = zone;
    if (spendToday === undefined || spendMonth === undefined) continue;
    const usageKnown = usageToday !== undefined && usageMonth !== undefined;
    out.push({
      zoneId: zone.zone_id,
      name: zone.name ?? null,
      at,
      spendToday,
      spendMonth,
      usageToday: usageKnown ? usageToday : null,
      usageMonth: usageKnown ? usageMonth : null,
      costs: dayCostsOf(zone.cost),
    });
  }
  return out;
}

/** To 1/10,000 of a cent, as the ledger's files keep it (ledger-files.ts), so a restart reads back what it held. */
function roundCents(cents: number): number {
  return Math.round(cents * 10_000) / 10_000;
}

/** Figures that cannot be a month-to-date pair (negative, or today above the month) are no reading. */
function plausible(reading: ZoneReading): boolean {
  return reading.spendToday >= 0 && reading.spendMonth >= reading.spendToday - 1e-6;
}

/**
 * Folds readings of the open month into it: for each zone, the day's opening totals
 * (`this month − today`) and its latest figures. Readings of another month, near midnight, or
 * older than what the day already holds change nothing. Returns whether anything changed.
 * Mutates `open` (the store's own copy).
 */
export function foldReadings(open: OpenMonth, readings: readonly ZoneReading[]): boolean {
  let changed = false;
  for (const reading of readings) {
    if (monthOf(reading.at) !== open.month || nearMidnight(reading.at) || !plausible(reading)) continue;
    const zone = (open.zones[reading.zoneId] ??= { n: reading.name, c: false, d: [] });
    const index = domOf(reading.at) - 1;
    while (zone.d.length <= index) zone.d.push(null);
    const before = zone.d[index];
    if (before && before[LAST_AT] !== null && before[LAST_AT] >= reading.at) continue;
    const usageKnown = reading.usageToday !== null && reading.usageMonth !== null && reading.usageMonth >= reading.usageToday;
    const day: DayReadings = [
      roundCents(Math.max(0, reading.spendMonth - reading.spendToday)),
      usageKnown ? reading.usageMonth! - reading.usageToday! : (before?.[1] ?? null),
      reading.at,
      roundCents(reading.spendMonth),
      usageKnown ? reading.usageMonth : null,
    ];
    const costs = reading.costs ?? before?.[LAST_COSTS];
    if (costs) day.push(costs);
    zone.d[index] = day;
    if (reading.name !== null) zone.n = reading.name;
    changed = true;
  }
  return changed;
}
