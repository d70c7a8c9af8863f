import { describe, expect, it } from 'vitest';
import { SnapshotStore } from '../../../../electron/core/data/snapshot-store';
import { AccountInfo } from '../../../../shared/api/account';
import { Zone } from '../../../../shared/api/zone';
import type { SnapshotDelta } from '../../../../shared/snapshot';
import { sampleAccountInfo, sampleZone } from '../../../fixtures/api-samples';

const at = '2026-11-21T10:00:00Z';
const failure = { kind: 'timeout' as const, message: 'timed out' };

describe('SnapshotStore', () => {
  it('keeps the last good account and zones when a fetch fails, recording the error', () => {
    const store = new SnapshotStore();
    store.accountFetched(AccountInfo.parse(sampleAccountInfo()), at);
    store.zonesFetched({ zones: [Zone.parse(sampleZone('A1'))], removedIds: [], info: { current: 1, allowed: 100 }, error: null, at });
    store.accountFailed(failure);
    store.zonesFetched({ zones: [], removedIds: [], info: null, error: failure, at: '2026-11-21T10:01:00Z' });
    const snapshot = store.get();
    expect(snapshot.account).toMatchObject({ fetchedAt: at, error: failure });
    expect(snapshot.account.data).not.toBeNull();
    expect(Object.keys(snapshot.zones)).toEqual(['A1']);
    expect(snapshot.zonesFetch).toMatchObject({ fetchedAt: at, error: failure, info: { current: 1 } });
  });

  it('pushes only what changed', () => {
    const store = new SnapshotStore();
    const deltas: SnapshotDelta[] = [];
    store.subscribe((delta) => deltas.push(delta));
    store.zonesFetched({ zones: [Zone.parse(sampleZone('A1')), Zone.parse(sampleZone('A2'))], removedIds: [], info: null, error: null, at });
    store.zonesFetched({ zones: [], removedIds: ['A2', 'NEVER'], info: { current: 1, allowed: 100 }, error: null, at });
    expect(deltas[1]).toMatchObject({ zonesUpserted: [], zoneIdsRemoved: ['A2'] });
    expect(deltas[1]).not.toHaveProperty('account');
  });
});
