import { type Anomaly, impactText, isUnusual } from '../../../shared/anomalies';
import { forecastDollars, type MonthEndForecast } from '../../../shared/forecast';
import { formatBilled } from '../../../shared/money';
import type { AccountPeriodSummary, Period, PeriodSummary, SummaryQuery } from '../../../shared/digest';
import { csvDocument } from '../csv/csv-writer';
import type { DerivedMonth } from '../ledger/ledger-model';
import { addDays, dayKey } from '../ledger/utc-calendar';

// The digest's one summary (docs/architecture.md › Digest): what a period of UTC days spent against
// the period before, the zones that moved most, the unusual days, the month-end forecast and the
// balance's runway, per account. The notification and the Summary view read this function. Pure.


/** One zone's spend over a period's whole UTC days. */
export type ZonePeriodSpend = { zoneId: string; name: string | null; cents: number };
/** What the ledger spent over a period: per zone, and how many of its days had an estimated zone-day. */
export type PeriodSpend = { zones: ZonePeriodSpend[]; estimatedDays: number };
/** A period's spend and the period before's, for one account: what the history sends, not its rows. */
export type AccountPeriodSpend = { period: Period; now: PeriodSpend; before: PeriodSpend };

export type AccountPeriodInput = {
  label: string;
  /** `accountPeriodSpend` of the period summed up (history/history-queries.ts › periodSpend). */
  spend: AccountPeriodSpend;
  anomalies: readonly Anomaly[];
  monthEnd: MonthEndForecast | null;
  runwayHours: number | null;
};

export const TOP_MOVERS = 3;

/** The day, the week from a Monday, or the month from its 1st, that the Summary view asks for. */
export function periodOf(query: SummaryQuery): Period {
  if (query.kind === 'day') return { kind: 'day', from: query.from, to: query.from };
  if (query.kind === 'week') return { kind: 'week', from: query.from, to: addDays(query.from, 6) };
  const [year, month] = query.from.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { kind: 'month', from: `${query.from.slice(0, 7)}-01`, to: `${query.from.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** The period just before: the day before, the week before, or the month before. */
export function previousPeriod(period: Period): Period {
  if (period.kind !== 'month') {
    const length = period.kind === 'day' ? 1 : 7;
    return { kind: period.kind, from: addDays(period.from, -length), to: addDays(period.to, -length) };
  }
  const to = addDays(period.from, -1);
  return { kind: 'month', from: `${to.slice(0, 7)}-01`, to };
}

function periodSpend(months: readonly DerivedMonth[], period: Period): PeriodSpend {
  const zones = new Map<string, ZonePeriodSpend>();
  const estimated = new Set<string>();
  for (const month of months) {
    for (const zone of month.zones) {
      for (const day of zone.days) {
        const key = dayKey(month.month, day.dom);
        // A day still going is not a day's spend yet.
        if (key < period.from || key > period.to || day.coverage === 'partial') continue;
        const held = zones.get(zone.zoneId) ?? { zoneId: zone.zoneId, name: zone.name, cents: 0 };
        held.cents += day.spend;
        if (zone.name !== null) held.name = zone.name;
        zones.set(zone.zoneId, held);
        if (day.coverage === 'estimated') estimated.add(key);
      }
    }
  }
  return { zones: [...zones.values()], estimatedDays: estimated.size };
}

/** A period's spend per zone and the period before's, from an account's ledger. Pure. */
export function accountPeriodSpend(months: readonly DerivedMonth[], period: Period): AccountPeriodSpend {
  return { period, now: periodSpend(months, period), before: periodSpend(months, previousPeriod(period)) };
}

const sum = (spend: PeriodSpend) => spend.zones.reduce((total, zone) => total + zone.cents, 0);

export function periodSummary(period: Period, accounts: readonly AccountPeriodInput[]): PeriodSummary & { accounts: AccountPeriodSummary[] } {
  const previous = previousPeriod(period);
  return {
    period,
    previous,
    accounts: accounts.map((account) => {
      if (account.spend.period.from !== period.from || account.spend.period.to !== period.to) throw new Error(`period summary: ${account.label}'s spend is of another period`);
      const now = new Map(account.spend.now.zones.map((zone) => [zone.zoneId, zone]));
      const before = new Map(account.spend.before.zones.map((zone) => [zone.zoneId, zone]));
      const movers = [...new Set([...now.keys(), ...before.keys()])]
        .map((zoneId) => ({ zoneId, name: now.get(zoneId)?.name ?? before.get(zoneId)?.name ?? null, spendCents: now.get(zoneId)?.cents ?? 0, previousCents: before.get(zoneId)?.cents ?? 0 }))
        .filter((m) => Math.abs(m.spendCents - m.previousCents) >= 1)
        .sort((a, b) => Math.abs(b.spendCents - b.previousCents) - Math.abs(a.spendCents - a.previousCents) || a.zoneId.localeCompare(b.zoneId))
        .slice(0, TOP_MOVERS);
      return {
        label: account.label,
        spendCents: sum(account.spend.now),
        previousCents: sum(account.spend.before),
        estimatedDays: account.spend.now.estimatedDays,
        movers,
        anomalies: account.anomalies.filter((a) => a.day >= period.from && a.day <= period.to && !a.early && isUnusual(a)),
        monthEnd: account.monthEnd,
        runwayHours: account.runwayHours,
      };
    }),
  };
}

const change = (now: number, before: number) => (before > 0 ? ` (${now >= before ? '+' : '−'}${Math.round((Math.abs(now - before) / before) * 100)} %)` : '');

function runwayText(hours: number | null): string {
  if (hours === null) return 'no runway to speak of';
  return hours >= 48 ? `balance lasts about ${Math.round(hours / 24)} days` : `balance lasts about ${Math.round(hours)} hours`;
}

/** One line per account, as the notification's body says it. */
export function summaryLines(summary: PeriodSummary): string[] {
  return summary.accounts.map((a) => {
    const parts = [`${a.label}: ${formatBilled(a.spendCents)} against ${formatBilled(a.previousCents)}${change(a.spendCents, a.previousCents)}`];
    const top = a.movers[0];
    if (top) parts.push(`most moved ${top.name ?? top.zoneId} ${top.spendCents >= top.previousCents ? '+' : '−'}${formatBilled(Math.abs(top.spendCents - top.previousCents))}`);
    if (a.anomalies.length > 0) parts.push(`${a.anomalies.length} unusual ${a.anomalies.length === 1 ? 'day' : 'days'}`);
    if (a.monthEnd) parts.push(`month end ≈ ${forecastDollars(a.monthEnd.expectedCents)} (likely ${forecastDollars(a.monthEnd.lowCents)}–${forecastDollars(a.monthEnd.highCents)})`);
    parts.push(runwayText(a.runwayHours));
    return parts.join('; ');
  });
}

export const SUMMARY_CSV_HEADER = ['Account', 'Period from (UTC)', 'Period to (UTC)', 'Row', 'Zone ID', 'Zone name', 'Day (UTC)', 'Spend (USD)', 'Previous period (USD)', 'Note'] as const;

const usd = (cents: number) => String(Math.round(cents * 10_000) / 1_000_000);

/** The summary as CSV, through the one formula-safe writer every export uses. */
export function summaryCsv(summary: PeriodSummary): string {
  const rows: string[][] = [];
  const { from, to } = summary.period;
  for (const a of summary.accounts) {
    rows.push([a.label, from, to, 'total', '', '', '', usd(a.spendCents), usd(a.previousCents), a.estimatedDays > 0 ? `${a.estimatedDays} days estimated` : '']);
    for (const m of a.movers) rows.push([a.label, from, to, 'mover', m.zoneId, m.name ?? '', '', usd(m.spendCents), usd(m.previousCents), '']);
    for (const u of a.anomalies) rows.push([a.label, from, to, 'unusual day', u.zoneId, u.name ?? '', u.day, usd(u.spendCents), '', `${u.words}; ${impactText(u)}`]);
    if (a.monthEnd) rows.push([a.label, from, to, 'month-end forecast', '', '', '', usd(a.monthEnd.expectedCents), '', `likely ${usd(a.monthEnd.lowCents)}–${usd(a.monthEnd.highCents)}`]);
  }
  return csvDocument([SUMMARY_CSV_HEADER, ...rows]);
}
