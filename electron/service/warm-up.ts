import type { ServiceState } from './service-model';
import { advanceClock } from './traffic-simulation';
import { zoneFigures } from './zone-days';

/** What one zone showed at one moment of the warm-up. */
export interface PastZoneReading {
  zoneId: string;
  name: string;
  spendTodayCents: number;
  spendMonthCents: number;
  usageTodayBytes: number;
  usageMonthBytes: number;
  throughputBps: number;
}

/** The account's figures at one moment before the service started answering. */
export interface PastReading {
  /** Epoch ms. */
  at: number;
  balanceCents: number;
  zones: PastZoneReading[];
}

/**
 * Runs the simulation from the seeded moment to `until`, taking a reading of every zone every
 * `everyMs`: the recent hours the demo's charts show at once (docs/service.md › Decisions where
 * the spec is open: Warm-up). The readings are the simulation's own, taken as a client polling would have seen them.
 */
export function warmUp(state: ServiceState, until: number, everyMs: number): PastReading[] {
  const readings: PastReading[] = [];
  for (let at = state.now + everyMs; at <= until; at += everyMs) {
    advanceClock(state, at);
    readings.push({
      at,
      balanceCents: state.account.balance_cents + (state.account.trial_amount_cents ?? 0),
      zones: [...state.zones.values()].map((zone) => {
        const figures = zoneFigures(zone, at);
        return {
          zoneId: zone.zone_id,
          name: zone.name,
          spendTodayCents: figures.spend_today_cents,
          spendMonthCents: figures.spend_this_month_cents,
          usageTodayBytes: figures.usage_today_bytes,
          usageMonthBytes: figures.usage_this_month_bytes,
          throughputBps: zone.current_thoughput_bps,
        };
      }),
    });
  }
  advanceClock(state, until);
  return readings;
}
