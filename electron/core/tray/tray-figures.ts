import type { Snapshot } from '../../../shared/snapshot';
import { sumZoneFigure, type ZoneCoverage, zoneCoverage } from '../../../shared/zone-coverage';

/** The two numbers the tray shows: balance (all funds, trial included) and spend today (UTC day). */
export interface TrayFigures {
  balanceCents: number | null;
  spendTodayCents: number | null;
  /** How many of the key's zones the spend covers (some may not be known yet, or their spend unknown). */
  coverage: ZoneCoverage;
}

export function trayFigures(snapshot: Snapshot): TrayFigures {
  const entries = Object.values(snapshot.zones);
  return {
    balanceCents: snapshot.account.data?.billing.balance.amount_total_cents ?? null,
    // Zones whose spend is unknown are left out; `coverage` says so ("across 9 of 10 zones").
    spendTodayCents: sumZoneFigure(entries.map((e) => e.zone), 'spend_today_cents'),
    coverage: zoneCoverage(snapshot, 'spend_today_cents'),
  };
}
