import { Zone } from '../../../shared/api/zone';
import { AccountInfo } from '../../../shared/api/account';
import { emptySnapshot, type Snapshot } from '../../../shared/snapshot';
import { sampleAccountInfo, sampleSharedZone, sampleZone } from '../../fixtures/api-samples';

export function zone(id: string, patch: Record<string, unknown> = {}): Zone {
  return Zone.parse({ ...sampleZone(id), ...patch });
}

export function sharedZone(id: string, patch: Record<string, unknown> = {}): Zone {
  return Zone.parse({ ...sampleSharedZone(id), ...patch });
}

export function snapshotWith(zones: Zone[], role: 'admin' | 'collaborator' | 'billing_admin' = 'admin'): Snapshot {
  const at = '2026-11-22T10:00:00Z';
  const account = AccountInfo.parse(sampleAccountInfo());
  account.user.role = role;
  return {
    ...emptySnapshot(),
    account: { data: account, fetchedAt: at, error: null },
    zonesFetch: { fetchedAt: at, error: null, info: { current: zones.length, allowed: 100 } },
    zones: Object.fromEntries(zones.map((z) => [z.zone_id, { zone: z, fetchedAt: at }])),
  };
}
