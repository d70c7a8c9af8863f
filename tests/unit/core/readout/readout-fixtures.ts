// Read models as the core derives them, for the tray, summary and window tests: a poller's state
// goes through the account's status (watch/account-status.ts) and the read model
// (readout/account-readout.ts), the same two steps the app takes, so no fixture is a hand-built
// Status or summary that the app could never produce.
import type { AccountReadout, AccountsOverview } from '../../../../shared/accounts';
import { snapshotMonthEnd } from '../../../../electron/core/forecast/account-forecast';
import { AccountInfo } from '../../../../shared/api/account';
import { Zone } from '../../../../shared/api/zone';
import { type AppState, RUNNING_APP } from '../../../../shared/app-state';
import type { HistoryPoint } from '../../../../shared/history';
import type { Severity } from '../../../../shared/notification';
import { emptySnapshot, type Snapshot } from '../../../../shared/snapshot';
import type { SpendStopRecord } from '../../../../shared/spend-stop';
import type { KeyBackend, Status } from '../../../../shared/status';
import type { PollerState } from '../../../../electron/core/polling/poller';
import { accountReadout, accountsOverview } from '../../../../electron/core/readout/account-readout';
import { accountStatus } from '../../../../electron/core/watch/account-status';
import type { TrayModel } from '../../../../electron/core/tray/tray-model';
import type { AppUpdate } from '../../../../shared/app-update';
import { appUpdateOf } from '../../../fixtures/app-update';
import { sampleAccountInfo, sampleZone } from '../../../fixtures/api-samples';

export const NOW = Date.parse('2026-03-10T12:00:00Z');
const MIN = 60_000;

export function zone(id: string, overrides: Partial<Zone> = {}): Zone {
  return Zone.parse({ ...sampleZone(id), ...overrides });
}

/** A snapshot with a loaded account (balance $123.45 unless told) and the given zones, fetched at NOW. */
export function snapshotWith(zones: Zone[], balanceCents = 12_345): Snapshot {
  const snap = emptySnapshot();
  const account = AccountInfo.parse(sampleAccountInfo());
  account.billing.balance.amount_total_cents = balanceCents;
  snap.account = { data: account, fetchedAt: new Date(NOW).toISOString(), error: null };
  for (const z of zones) snap.zones[z.zone_id] = { zone: z, fetchedAt: new Date(NOW).toISOString() };
  snap.discovery.role = 'admin';
  return snap;
}

export function manyZones(count: number): Zone[] {
  return Array.from({ length: count }, (_, i) =>
    zone(`Z${String(i).padStart(3, '0')}`, { name: `zone ${i}`, spend_today_cents: (i * 37) % 101, enabled: i % 3 !== 0 }),
  );
}

/** A poller that polled successfully 3 min before NOW and plans the next cycle. */
export function pollerState(overrides: Partial<PollerState> = {}): PollerState {
  return {
    started: true,
    refreshing: false,
    consecutiveFailures: 0,
    unauthorized: false,
    noKey: false,
    rateLimited: false,
    lastAttemptAt: NOW - 3 * MIN,
    lastSuccessAt: NOW - 3 * MIN,
    lastError: null,
    nextPollAt: NOW + MIN,
    decision: null,
    ...overrides,
  };
}

export interface AccountOptions {
  id?: string;
  label?: string;
  demo?: boolean;
  /** The poller's state; a healthy one unless told. */
  poller?: Partial<PollerState>;
  /** Where the key is kept; `none`: no key stored. */
  keyBackend?: KeyBackend;
  /** The app-wide state the account lives under. */
  app?: Partial<AppState>;
  snapshot?: Snapshot;
  history?: HistoryPoint[];
  spendStop?: SpendStopRecord | null;
  attention?: Severity | null;
  /** The window is open: the poll interval is 10 s, so data turns stale sooner. */
  windowOpen?: boolean;
}

/** An account's own status as the core derives it from its poller and key. */
export function statusOf(options: AccountOptions = {}): Status {
  const id = options.id ?? 'p1';
  const demo = options.demo ?? false;
  return accountStatus({
    poller: pollerState(options.poller),
    profile: { id, label: options.label ?? 'Acme proxies', baseUrl: demo ? 'http://127.0.0.1:4000' : 'https://api.bytio.com', color: 'blue', demo },
    key: { backend: options.keyBackend ?? (demo ? 'memory' : 'keychain'), uncheckedSince: null },
    gaps: [],
    billingUnreadable: [],
    accountFetchedAt: null,
    intervalMs: options.windowOpen ? 10_000 : 60_000,
    now: NOW,
  });
}

/**
 * One watched account's read model, as the core derives it: a healthy "Acme proxies" with a balance
 * of $123.45 and no zones unless told otherwise.
 */
export function account(options: AccountOptions = {}): AccountReadout {
  const status = statusOf(options);
  return accountReadout({
    profile: { id: status.profile.id, label: status.profile.label, color: status.profile.color, baseUrl: status.profile.baseUrl },
    demo: status.profile.demo,
    status,
    app: { ...RUNNING_APP, ...options.app },
    snapshot: options.snapshot ?? snapshotWith([]),
    history: options.history ?? [],
    monthEnd: snapshotMonthEnd(options.snapshot ?? snapshotWith([]), [], NOW).account,
    spendStop: options.spendStop ?? null,
    attention: options.attention ?? null,
    now: NOW,
  });
}

/** The overview of these accounts, its totals worked out by the core's own derivation. */
export function overviewOf(accounts: AccountReadout[]): AccountsOverview {
  return accountsOverview(accounts);
}

/** What main draws the tray from, as the core's events leave it. */
export function trayModel(accounts: AccountReadout[], app: Partial<AppState> = {}, update: AppUpdate = appUpdateOf()): TrayModel {
  const { totals } = accountsOverview(accounts);
  return { accounts, totals, app: { ...RUNNING_APP, ...app }, update };
}
