import { Zone } from '../../../../shared/api/zone';
import { AccountInfo } from '../../../../shared/api/account';
import { emptySnapshot, type Snapshot } from '../../../../shared/snapshot';
import type { Status } from '../../../../shared/status';
import { sampleAccountInfo, sampleZone } from '../../../fixtures/api-samples';
import { sampleStatus } from '../../../fixtures/app-samples';
import type { AccountState, AccountSummary } from '../../../../shared/accounts';
import type { SpendStopRecord } from '../../../../shared/spend-stop';
import type { TrayAccount } from '../../../../electron/core/tray/tray-account';
import { trayFigures } from '../../../../electron/core/tray/tray-figures';

export const NOW = Date.parse('2026-03-10T12:00:00Z');

/** A healthy status last updated 3 min before `NOW`. */
export function status(overrides: Partial<Status> = {}): Status {
  const threeMinAgo = new Date(NOW - 3 * 60_000).toISOString();
  return sampleStatus({ lastSuccessAt: threeMinAgo, lastAttemptAt: threeMinAgo, ...overrides });
}

export const noKeyStatus = (): Status => status({ poll: 'no_key', auth: 'no_key', profile: null, lastSuccessAt: null, keyBackend: 'none' });

export function zone(id: string, overrides: Partial<Zone> = {}): Zone {
  return Zone.parse({ ...sampleZone(id), ...overrides });
}

/** A snapshot with a loaded account (balance $123.45) and the given zones. */
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

export interface AccountOptions {
  id?: string;
  label?: string;
  demo?: boolean;
  status?: Partial<Status>;
  snapshot?: Snapshot;
  spendStop?: SpendStopRecord | null;
  summary?: Partial<AccountSummary>;
}

/** The state word the core would give this status and snapshot (worst first). */
function stateOf(s: Status, snap: Snapshot): AccountState {
  if (s.auth === 'rejected' || s.poll === 'stopped_unauthorized') return 'rejected';
  if (s.offline) return 'offline';
  if (s.stale) return 'stale';
  if (snap.account.data === null) return 'loading';
  if (s.poll === 'paused') return 'paused';
  return 'ok';
}

const STATE_TEXT: Record<AccountState, string> = {
  rejected: 'Key rejected',
  failing: 'Failing',
  offline: 'Offline — updated 3 min ago',
  stale: 'Data may be out of date',
  loading: 'Loading',
  paused: 'Paused',
  ok: 'Up to date',
};

/**
 * One watched account as `AppCore.accounts()` hands it to the tray: a healthy "Acme proxies" with
 * a balance of $123.45 and no zones unless told otherwise; its summary agrees with its snapshot.
 */
export function account(options: AccountOptions = {}): TrayAccount {
  const id = options.id ?? 'p1';
  const label = options.label ?? 'Acme proxies';
  const demo = options.demo ?? false;
  const snap = options.snapshot ?? snapshotWith([]);
  const profile = { id, label, baseUrl: demo ? 'http://127.0.0.1:4000' : 'https://api.bytio.com', color: 'blue' as const, demo };
  const s = status({ profile, ...options.status });
  const figures = trayFigures(snap);
  const state = stateOf(s, snap);
  const summary: AccountSummary = {
    profileId: id,
    label,
    color: 'blue',
    demo,
    baseUrl: profile.baseUrl,
    state,
    stateText: STATE_TEXT[state],
    balanceCents: figures.balanceCents,
    spendTodayCents: figures.spendTodayCents,
    spendMonthCents: null,
    planMinimumCents: null,
    burnCentsPerHour: null,
    runwayHours: null,
    zonesCounted: figures.coverage.known,
    zonesTotal: figures.coverage.total,
    lastSuccessAt: s.lastSuccessAt,
    attention: null,
    ...options.summary,
  };
  return { summary, status: s, snapshot: snap, spendStop: options.spendStop ?? null };
}
