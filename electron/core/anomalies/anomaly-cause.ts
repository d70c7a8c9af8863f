import type { AnomalyCauseKind } from '../../../shared/anomalies';
import { formatUnitPrice } from '../../../shared/money';
import { formatBytes, GB } from '../../../shared/units';
import { COST_CONNECTIONS, COST_CONNECTIONS_MONTHLY, COST_IPS, COST_IPS_MONTHLY, COST_PER_GB, type DerivedDay } from '../ledger/ledger-model';

// What moved on a day that broke its zone's pattern (docs/architecture.md › Daily anomalies): the
// day's breakdown set against the usual days'. Pure.

/** docs/api.md › Costs: a day of a monthly charge is the monthly amount ÷ 30. */
const DAYS_PER_BILLING_MONTH = 30;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export type Cause = { kind: AnomalyCauseKind; words: string };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The component that moved the day's spend most, in the direction it moved, each priced as the
 * usual days price it: gigabytes (usage × the usual price), the price (the day's usage × the change
 * in price per gigabyte: a price or plan change), billed connections and reserved IPs (a thirtieth
 * of the change in their monthly totals). A day without a breakdown can still name its gigabytes
 * from its usage; otherwise it says no breakdown was kept.
 */
export function anomalyCause(zoneName: string, day: DerivedDay, usualDays: readonly DerivedDay[], usualCents: number): Cause {
  const up = day.spend >= usualCents;
  const move = Math.abs(day.spend - usualCents);
  const withUsage = usualDays.filter((d) => d.usage !== null);
  const usualUsage = withUsage.length > 0 ? median(withUsage.map((d) => d.usage!)) : null;
  const withCosts = usualDays.filter((d) => d.costs);
  const usualCost = (index: number) => median(withCosts.map((d) => d.costs![index]!));
  const candidates: { kind: AnomalyCauseKind; effect: number; words: string }[] = [];
  const gigabytes = (usage: number, usual: number, price: number | null) => ({
    kind: 'gigabytes' as const,
    effect: price === null ? (usual > 0 ? ((usage - usual) / usual) * usualCents : 0) : ((usage - usual) / GB) * price,
    words: `${formatBytes(usage)} of traffic against a usual ${formatBytes(usual)}`,
  });
  if (day.costs && withCosts.length > 0) {
    const price = usualCost(COST_PER_GB);
    if (day.usage !== null && usualUsage !== null) candidates.push(gigabytes(day.usage, usualUsage, price));
    const dayPrice = day.costs[COST_PER_GB];
    if (day.usage !== null && dayPrice !== price) candidates.push({ kind: 'price', effect: (day.usage / GB) * (dayPrice - price), words: `${formatUnitPrice(dayPrice)} per GB against ${formatUnitPrice(price)} (a price or plan change)` });
    const connections = day.costs[COST_CONNECTIONS];
    const usualConnections = usualCost(COST_CONNECTIONS);
    candidates.push({
      kind: 'connections',
      effect: (day.costs[COST_CONNECTIONS_MONTHLY] - usualCost(COST_CONNECTIONS_MONTHLY)) / DAYS_PER_BILLING_MONTH,
      words: `${plural(connections, 'billed connection', 'billed connections')} against a usual ${usualConnections}`,
    });
    const ips = day.costs[COST_IPS];
    candidates.push({ kind: 'reserved_ips', effect: (day.costs[COST_IPS_MONTHLY] - usualCost(COST_IPS_MONTHLY)) / DAYS_PER_BILLING_MONTH, words: `${plural(ips, 'reserved IP', 'reserved IPs')} against a usual ${usualCost(COST_IPS)}` });
  } else if (day.usage !== null && usualUsage !== null) {
    candidates.push(gigabytes(day.usage, usualUsage, null));
  }
  const best = candidates.filter((c) => (up ? c.effect > 0 : c.effect < 0)).sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect))[0];
  // A component that explains under a third of the move is no cause to name.
  if (best && Math.abs(best.effect) >= move / 3) return { kind: best.kind, words: `${zoneName}: ${best.words}` };
  const why = day.costs ? 'neither its traffic, its connections, its reserved IPs nor its price moved enough to say' : 'no breakdown kept for that day';
  return { kind: 'unknown', words: `${zoneName}: cause not known (${why})` };
}
