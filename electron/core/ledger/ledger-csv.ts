import { csvDocument } from '../csv/csv-writer';
import type { DerivedMonth } from './ledger-model';
import { dayKey } from './utc-calendar';

export const LEDGER_CSV_HEADER = ['Account', 'Zone ID', 'Zone name', 'Day (UTC)', 'Spend (USD)', 'Usage (bytes)', 'Exact or estimated'] as const;

/** One account's ledger, for the export: its label and its months as derived. */
export type AccountLedger = { label: string; months: readonly DerivedMonth[] };

/** Dollars to a millionth (1/10,000 of a cent, what the ledger keeps), without trailing zeros. */
function dollars(cents: number): string {
  return String(Math.round(cents * 10_000) / 1_000_000);
}

/**
 * Rows of the ledger's whole UTC days: accounts in the order given, then days oldest first, then
 * zones by id. A day still in progress is left out (it is not a day's spend yet).
 */
export function ledgerCsvRows(accounts: readonly AccountLedger[]): string[][] {
  const rows: string[][] = [];
  for (const account of accounts) {
    const entries: { day: string; zoneId: string; row: string[] }[] = [];
    for (const month of account.months) {
      for (const zone of month.zones) {
        for (const day of zone.days) {
          if (day.coverage === 'partial') continue;
          const key = dayKey(month.month, day.dom);
          entries.push({
            day: key,
            zoneId: zone.zoneId,
            row: [account.label, zone.zoneId, zone.name ?? '', key, dollars(day.spend), day.usage === null ? '' : String(Math.round(day.usage)), day.coverage],
          });
        }
      }
    }
    entries.sort((a, b) => a.day.localeCompare(b.day) || a.zoneId.localeCompare(b.zoneId));
    rows.push(...entries.map((entry) => entry.row));
  }
  return rows;
}

/** The CSV document, through the one formula-safe writer every export uses (electron/core/csv/). */
export function ledgerCsv(rows: readonly (readonly string[])[]): string {
  return csvDocument([LEDGER_CSV_HEADER, ...rows]);
}
