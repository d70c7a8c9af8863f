import type { AccountFigures } from '../../../shared/accounts';
import type { Anomaly } from '../../../shared/anomalies';
import type { AlertEvent } from '../../../shared/notification';
import type { BillingEntry } from '../../../shared/api/billing';
import type { HistoryPoint } from '../../../shared/history';
import type { Snapshot } from '../../../shared/snapshot';
import type { Status } from '../../../shared/status';
import type { UsualDailySpend } from '../ledger/usual-daily-spend';

/** What one poll cycle hands the alert engine. */
export interface AlertInput {
  snapshot: Snapshot;
  /** Oldest first. */
  history: readonly HistoryPoint[];
  status: Status;
  /** The account's figures as its read model has them (readout/account-figures.ts): the forecast the rules compare. */
  figures: AccountFigures;
  /** Recent billing entries, or null when the billing history is unknown (not fetched, or forbidden). */
  billing: readonly BillingEntry[] | null;
  /** `keyFingerprint` of the key in use (never the key), for the rejected-key memory; null with no key. */
  keyFingerprint?: string | null;
  /**
   * Each zone's usual daily spend (ledger/usual-daily-spend.ts, the one derivation of it): the
   * per-zone spike rule's baseline while the last 48 hours hold too little of the zone's history.
   */
  usualDailySpend?: (zoneId: string) => UsualDailySpend | null;
  /** The account's anomalies of the last two weeks (anomalies/anomaly-memo.ts), newest first. */
  anomalies?: readonly Anomaly[];
}

/** An event before the engine stamps its id and time. */
export type EventDraft = Omit<AlertEvent, 'id' | 'at'>;

/** Consecutive cycles a condition has been met (`on`) or clearly recovered (`off`). */
export interface Streak {
  on: number;
  off: number;
  /** When the current run of `on` cycles began: names the episode in the event key. */
  onSince: number | null;
}

/**
 * What the engine carries from one cycle to the next in memory only. Losing it (a restart) only
 * restarts sustain counts and forgets which zones had traffic, which can delay an alert, never repeat one.
 */
export interface EvaluationState {
  streaks: Record<string, Streak>;
  /** Zone ids whose throughput was above zero at some point before now (for the drop-to-zero rule). */
  hadTraffic: Record<string, true>;
}

export function initialEvaluationState(): EvaluationState {
  return { streaks: {}, hadTraffic: {} };
}
