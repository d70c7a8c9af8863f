import { Zone } from '../../../../shared/api/zone';
import { AccountInfo } from '../../../../shared/api/account';
import { emptySnapshot, type Snapshot } from '../../../../shared/snapshot';
import type { Status } from '../../../../shared/status';
import { sampleAccountInfo, sampleZone } from '../../../fixtures/api-samples';
import { sampleStatus } from '../../../fixtures/app-samples';

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
