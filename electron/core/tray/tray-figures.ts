import type { Snapshot } from '../../../shared/snapshot';

/** The two numbers the tray shows: balance (all funds, trial included) and spend today (UTC day). */
export interface TrayFigures {
  balanceCents: number | null;
  spendTodayCents: number | null;
}

export function trayFigures(snapshot: Snapshot): TrayFigures {
  const entries = Object.values(snapshot.zones);
  return {
    balanceCents: snapshot.account.data?.billing.balance.amount_total_cents ?? null,
    spendTodayCents: entries.length === 0 ? null : entries.reduce((sum, e) => sum + e.zone.spend_today_cents, 0),
  };
}
