import { z } from 'zod';
import { AppError } from './app-error';
import { Timestamp } from './api/timestamp';
import { ZoneId } from './api/zone';
import { MonthEndForecast } from './forecast';
import { Severity } from './notification';
import { AccountColor } from './account-color';
import { ProfileId } from './profile-id';
import { KeyBackend } from './status';

export { ACCOUNT_COLORS, AccountColor } from './account-color';
export { ProfileId };

/**
 * One word for how an account is doing, in the order they take precedence: `rejected` (the service
 * refused the key: polling stopped), `no_key` (no key is stored: nothing is watched until one is
 * entered), `offline` (no network: the computer's, or this account's requests found none),
 * `failing` (the last cycles failed), `paused` (the user paused polling, or the computer sleeps:
 * the data ages on purpose), `stale` (data older than it should be), `loading` (no data yet), `ok`.
 */
export const ACCOUNT_STATES = ['rejected', 'no_key', 'offline', 'failing', 'paused', 'stale', 'loading', 'ok'] as const;
export const AccountState = z.enum(ACCOUNT_STATES);
export type AccountState = z.infer<typeof AccountState>;

/**
 * How many of the key's zones a sum over the known zones covers: `total` is the zones the key can
 * see (the service's `info.current`), so a sum that misses some says so (`partial`).
 */
export const ZoneCoverage = z.object({ known: z.number().int().nonnegative(), total: z.number().int().nonnegative().nullable(), partial: z.boolean() });
export type ZoneCoverage = z.infer<typeof ZoneCoverage>;

/** An account's figures, each with what it covers; a figure not known yet is null, never 0. */
export const AccountFigures = z.object({
  /** All funds, trial credit included. */
  balanceCents: z.number().nullable(),
  /** Over the zones whose spend is known; `spendTodayCoverage` says how many that is. */
  spendTodayCents: z.number().nullable(),
  spendTodayCoverage: ZoneCoverage,
  spendMonthCents: z.number().nullable(),
  /** The plan's (pro-rata) minimum for the month; null on pay-as-you-go or before the account is read. */
  planMinimumCents: z.number().nullable(),
  /** Spend per hour over the last hour of history (an estimate); null without enough history. */
  burnCentsPerHour: z.number().nullable(),
  /** How long the balance lasts at the burn rate (an estimate); null without one or when nothing is spent. */
  runwayHours: z.number().nullable(),
  /** This month's expected total and its 80 % range (docs/architecture.md › Month-end forecast); null before the account is read. */
  monthEnd: MonthEndForecast.nullable(),
  throughputBps: z.number().nullable(),
  throughputCoverage: ZoneCoverage,
  /** The zones known to the app, and how many the key can see. */
  zones: ZoneCoverage,
});
export type AccountFigures = z.infer<typeof AccountFigures>;

/** One of the zones that spent most today, as the tray lists it and the overview ranks it. */
export const TopZone = z.object({
  zoneId: ZoneId,
  name: z.string(),
  /** Null when the service sent it unusable: ranked after every known spender. */
  spendTodayCents: z.number().nullable(),
  /** Null when unknown: it may be running. */
  enabled: z.boolean().nullable(),
});
export type TopZone = z.infer<typeof TopZone>;

/** How far a "Stop all spend" holds, while Zonewatch keeps its record (docs/architecture.md › Stop all spend). */
export const SpendStopHold = z.object({
  /** Zones the stop meant to turn off that are running now. */
  running: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** "3 of 12 zones still running", or "Spend stopped — 12 zones off". */
  text: z.string(),
  /** Zones a retry would try again (not those the key's role may not change). */
  retryable: z.number().int().nonnegative(),
  /** Zones Restore would turn back on. */
  restorable: z.number().int().nonnegative(),
});
export type SpendStopHold = z.infer<typeof SpendStopHold>;

/** Why zones cannot be changed now: no key, a refused key, or no network. */
export const ChangeBlock = z.enum(['no_key', 'rejected', 'offline']);
export type ChangeBlock = z.infer<typeof ChangeBlock>;

/** What the tray and the window may offer for this account now. */
export const AccountOffers = z.object({
  /** "Refresh now": the account has a key the service has not refused. */
  refresh: z.boolean(),
  /** Zone on/off: a usable key whose role may change zones (a billing admin's may not). */
  changeZones: z.boolean(),
  /** Why no zone can be changed now (stop, restore, a toggle); null when they can. */
  changeBlockedBy: ChangeBlock.nullable(),
  /** "Stop all spend…": zones may be changed and some may be running. */
  stopSpend: z.boolean(),
  /** Retrying the last stop, and restoring what it turned off. */
  retryStop: z.boolean(),
  restore: z.boolean(),
  /** The key form: the key is missing or refused. */
  enterKey: z.boolean(),
});
export type AccountOffers = z.infer<typeof AccountOffers>;

/**
 * The read model of one account (electron/core/readout/): derived in the core once per change from
 * the account's status, data and the app-wide state, and read as it is by the summary row, the tray
 * (icon, tooltip, title, menu) and the window, so none of them works a fact out again.
 */
export const AccountReadout = z.object({
  profileId: ProfileId,
  label: z.string(),
  color: AccountColor,
  demo: z.boolean(),
  baseUrl: z.string(),
  state: AccountState,
  /** The state in plain words, the same from minute to minute ("Offline", "API key rejected — polling stopped"); `stateLine` adds the data's age. */
  stateText: z.string(),
  /** The state in a word or two for a menu header ("offline", "no API key"). */
  stateWords: z.string(),
  /** Its state, or a warning not seen yet, asks for a look. */
  needsAttention: z.boolean(),
  /** The most severe notification of this account the user has not looked at yet. */
  attention: Severity.nullable(),
  refreshing: z.boolean(),
  lastSuccessAt: Timestamp.nullable(),
  nextPollAt: Timestamp.nullable(),
  /** What went wrong last, in plain words; null when the last cycle succeeded. */
  problem: AppError.nullable(),
  keyBackend: KeyBackend,
  figures: AccountFigures,
  topZones: z.array(TopZone),
  /** What to say where no zone is known ("No zones found yet", or why). */
  zonesNote: z.string(),
  spendStop: SpendStopHold.nullable(),
  offers: AccountOffers,
});
export type AccountReadout = z.infer<typeof AccountReadout>;

/** The totals across the real accounts (the demo is never in a total); `counted` of `real` had figures to add. */
export const AccountTotals = z.object({
  balanceCents: z.number().nullable(),
  spendTodayCents: z.number().nullable(),
  counted: z.number().int().nonnegative(),
  real: z.number().int().nonnegative(),
  /** The real accounts' month end together, its range worked out for the sum (never the sum of their ends); null without any. */
  monthEnd: MonthEndForecast.nullable(),
  /** Accounts whose state or unseen notifications ask for a look. */
  needAttention: z.number().int().nonnegative(),
});
export type AccountTotals = z.infer<typeof AccountTotals>;

/** Every watched account's read model in the user's order (the demo last), and the totals. */
export const AccountsOverview = z.object({
  accounts: z.array(AccountReadout),
  totals: AccountTotals,
});
export type AccountsOverview = z.infer<typeof AccountsOverview>;

/** "updated just now", "updated 3 min ago", "updated 2 h ago", "updated 4 d ago", or "never updated". */
export function updatedAgo(lastSuccessAt: string | null, nowMs: number): string {
  if (lastSuccessAt === null) return 'never updated';
  const minutes = Math.floor(Math.max(0, nowMs - Date.parse(lastSuccessAt)) / 60_000);
  if (minutes < 1) return 'updated just now';
  if (minutes < 60) return `updated ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `updated ${hours} h ago`;
  return `updated ${Math.floor(hours / 24)} d ago`;
}

/** States whose line says how old the data is. */
const AGED: ReadonlySet<AccountState> = new Set(['failing', 'offline', 'stale', 'paused']);

/**
 * The account's state as one line, with the data's age where it matters: "Offline — updated 12 min
 * ago", "Updated 3 min ago", "API key rejected — polling stopped". Formatting only: the state is the
 * read model's.
 */
export function stateLine(readout: Pick<AccountReadout, 'state' | 'stateText' | 'lastSuccessAt'>, nowMs: number): string {
  const ago = updatedAgo(readout.lastSuccessAt, nowMs);
  if (readout.state === 'ok') return `${ago.charAt(0).toUpperCase()}${ago.slice(1)}`;
  return AGED.has(readout.state) ? `${readout.stateText} — ${ago}` : readout.stateText;
}
