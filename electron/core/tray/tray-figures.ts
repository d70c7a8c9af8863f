import type { Snapshot } from '../../../shared/snapshot';
import { type ZoneCoverage, zoneCoverage } from '../../../shared/zone-coverage';

/** The two numbers the tray shows: balance (all funds, trial included) and spend today (UTC day). */
export interface TrayFigures {
  balanceCents: number | null;
  spendTodayCents: number | null;
  /** How many of the key's zones the spend covers (some may not be known yet). */
  coverage: ZoneCoverage;
}

export function trayFigures(snapshot: Snapshot): TrayFigures {
  const entries = Object.values(snapshot.zones);
  return {
    balanceCents: snapshot.account.data?.billing.balance.amount_total_cents ?? null,
    spendTodayCents: entries.length === 0 ? null : entries.reduce((sum, e) => sum + e.zone.spend_today_cents, 0),
    coverage: zoneCoverage(snapshot),
  };
}
