import { Zone } from '../../../../shared/api/zone';
import { AccountInfo } from '../../../../shared/api/account';
import { emptySnapshot, type Snapshot } from '../../../../shared/snapshot';
import type { Status } from '../../../../shared/status';
import { sampleAccountInfo, sampleZone } from '../../../fixtures/api-samples';
import { sampleStatus } from '../../../fixtures/app-samples';
import type { AccountSummary } from '../../../../shared/accounts';
import { accountSummary } from '../../../../electron/core/readout/account-readout';
import type { SpendStopRecord } from '../../../../shared/spend-stop';
import type { TrayAccount } from '../../../../electron/core/tray/tray-account';

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
  // The summary as the core makes it from this status and snapshot (electron/core/accounts/account-summary.ts).
  const summary: AccountSummary = { ...accountSummary({ profile, demo, status: s, snapshot: snap, history: [], attention: null, now: NOW }), ...options.summary };
  return { summary, status: s, snapshot: snap, spendStop: options.spendStop ?? null };
}
