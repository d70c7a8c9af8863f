import type { Plan } from '../../shared/api/plan';
import { mulberry32, type Random } from './prng';
import type { ZoneRecord } from './service-model';
import { isRunawayDay, isStoppedDay } from './weekly-traffic';
import { type FullZoneCost, zoneCost } from './zone-costs';

// Anomalies of a known size and cause on known days, in the seeded record (docs/service.md ›
// Injected anomalies): what a test or the backtest measures anomaly detection against.

const DAY_MS = 86_400_000;
/** Days of record a zone has before any day injected on it. */
const HISTORY_DAYS = 56;

/** What an injected day moves: its traffic, its billed connections, its reserved IPs, or its per-gigabyte price. */
export type InjectedKind = 'gigabytes' | 'connections' | 'reserved_ips' | 'price';
export const INJECTED_KINDS: readonly InjectedKind[] = ['gigabytes', 'connections', 'reserved_ips', 'price'];

export interface InjectedAnomaly {
  zoneId: string;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  kind: InjectedKind;
  /** The moved figure is × this on that day only (traffic, connections, IPs or the price). */
  factor: number;
}

/** The seed option: how many, between which UTC days (inclusive). */
export interface AnomalyInjection {
  count: number;
  fromDay: string;
  toDay: string;
}

/** Each kind's factor, drawn uniformly: at least a doubling of what it moves. */
const FACTORS: Record<InjectedKind, [number, number]> = { gigabytes: [2.5, 4], connections: [2, 3], reserved_ips: [2, 3], price: [2, 3] };

/**
 * Whether the kind can apply to the zone and the figure it moves is most of the zone's day, so the
 * day's spend moves by half again or more: traffic and price on a zone without reserved IPs,
 * connections on one billed per connection without them, IPs on a reserved zone billed per gigabyte.
 */
function eligible(zone: ZoneRecord, kind: InjectedKind): boolean {
  if (!zone.enabled || zone.provisioning_status !== 'provisioned') return false;
  const reserved = zone.network === 'datacenter' && zone.ip_type === 'reserved' && zone.pool_size > 0;
  if (kind === 'connections') return zone.billing_method === 'per_connection' && !reserved;
  if (kind === 'reserved_ips') return reserved && zone.billing_method === 'per_gigabyte';
  return zone.billing_method === 'per_gigabyte' && !reserved;
}

/**
 * `count` injections drawn from `seed` over the zones given (the caller leaves out any it never
 * judges), kinds in turn, each on a day that is neither the zone's runaway day nor a stopped one,
 * at least eight weeks after the zone was created, and not already taken by the same zone. Pure and deterministic.
 */
export function drawInjections(seed: number, zones: readonly ZoneRecord[], option: AnomalyInjection): InjectedAnomaly[] {
  const random: Random = mulberry32((seed * 2_654_435_761) ^ 0x1a7e5d);
  const from = Date.parse(`${option.fromDay}T00:00:00Z`) / DAY_MS;
  const span = Date.parse(`${option.toDay}T00:00:00Z`) / DAY_MS - from + 1;
  const taken = new Set<string>();
  const out: InjectedAnomaly[] = [];
  for (let attempt = 0; out.length < option.count && attempt < option.count * 50; attempt += 1) {
    const kind = INJECTED_KINDS[out.length % INJECTED_KINDS.length]!;
    const candidates = zones.filter((zone) => eligible(zone, kind));
    const zone = candidates[Math.floor(random() * candidates.length)];
    const epochDay = from + Math.floor(random() * span);
    const [low, high] = FACTORS[kind];
    const factor = Math.round((low + (high - low) * random()) * 100) / 100;
    if (!zone || isRunawayDay(zone.traffic, epochDay) || isStoppedDay(zone.traffic, epochDay)) continue;
    // A zone younger than eight weeks has no usual pattern yet to break.
    if (Date.parse(zone.created_on) > (epochDay - HISTORY_DAYS) * DAY_MS) continue;
    const day = new Date(epochDay * DAY_MS).toISOString().slice(0, 10);
    if (taken.has(`${zone.zone_id} ${day}`)) continue;
    taken.add(`${zone.zone_id} ${day}`);
    out.push({ zoneId: zone.zone_id, day, kind, factor });
  }
  return out.sort((a, b) => a.day.localeCompare(b.day) || a.zoneId.localeCompare(b.zoneId));
}

/** A zone's traffic and cost on an injected day: `bytes` and its usual `cost` moved as the injection says. */
export function injectedDay(zone: ZoneRecord, plan: Plan, injection: InjectedAnomaly | undefined, bytes: number, cost: FullZoneCost): { bytes: number; cost: FullZoneCost } {
  if (!injection) return { bytes, cost };
  switch (injection.kind) {
    case 'gigabytes':
      return { bytes: Math.round(bytes * injection.factor), cost };
    case 'price':
      return { bytes, cost: { ...cost, per_gigabyte_cents: cost.per_gigabyte_cents * injection.factor } };
    case 'connections':
      return { bytes, cost: zoneCost({ ...zone, connection_count: Math.round(zone.connection_count * injection.factor) }, plan) };
    case 'reserved_ips':
      return { bytes, cost: zoneCost({ ...zone, pool_size: Math.round(zone.pool_size * injection.factor) }, plan) };
  }
}
