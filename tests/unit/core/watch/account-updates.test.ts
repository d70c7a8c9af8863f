import { describe, expect, it } from 'vitest';
import { type AccountChange, createAccountUpdates, reporting } from '../../../../electron/core/watch/account-updates';
import type { NotificationRecord } from '../../../../shared/notification';
import { account, statusOf } from '../readout/readout-fixtures';

const turn = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const zoneEntry = (id: string) => ({ zone: { zone_id: id }, fetchedAt: '2026-11-22T10:00:00Z' }) as never;
const record = (id: string) => ({ id }) as unknown as NotificationRecord;

function setup() {
  const sent: AccountChange[] = [];
  let busy = false;
  let readout = account();
  const updates = createAccountUpdates({
    profileId: 'p1',
    derive: () => ({ readout, status: statusOf() }),
    busy: () => busy,
    send: (change) => sent.push(change),
    defer: queueMicrotask,
  });
  return {
    updates,
    sent,
    setBusy: (value: boolean) => (busy = value),
    setReadout: (next: ReturnType<typeof account>) => (readout = next),
  };
}

describe('an account’s updates', () => {
  it('gather what a poll cycle changes into one update, sent when the cycle has ended', async () => {
    const { updates, sent, setBusy } = setup();
    setBusy(true);
    updates.changed();
    updates.snapshotChanged({ zonesUpserted: [zoneEntry('A')], zoneIdsRemoved: [] });
    updates.snapshotChanged({ zonesUpserted: [zoneEntry('B')], zoneIdsRemoved: [] });
    updates.notified(record('n1'));
    await turn();
    expect(sent).toEqual([]);
    // The cycle ends: the poller says so, and the update goes with everything in it.
    setBusy(false);
    updates.changed();
    await turn();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.snapshot?.zonesUpserted.map((entry) => entry.zone.zone_id)).toEqual(['A', 'B']);
    expect(sent[0]!.notifications.map((n) => n.id)).toEqual(['n1']);
    expect(sent[0]!.spendStop).toBeNull();
  });

  it('number the updates one by one, so a window that missed one can tell', async () => {
    const { updates, sent } = setup();
    expect(updates.seq()).toBe(0);
    updates.snapshotChanged({ zonesUpserted: [zoneEntry('A')], zoneIdsRemoved: [] });
    await turn();
    updates.notified(record('n1'));
    await turn();
    expect(sent.map((change) => change.seq)).toEqual([1, 2]);
    expect(updates.seq()).toBe(2);
  });

  it('sends a change outside a cycle at the end of its turn, once however many parts it has', async () => {
    const { updates, sent } = setup();
    updates.snapshotChanged({ zonesUpserted: [zoneEntry('A')], zoneIdsRemoved: [] });
    updates.spendStopChanged(null);
    updates.changed();
    await turn();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.spendStop).toEqual({ record: null });
  });

  it('sends nothing when nothing the views read changed', async () => {
    const { updates, sent, setReadout } = setup();
    updates.changed();
    await turn();
    updates.changed();
    await turn();
    expect(sent).toHaveLength(1);
    setReadout(account({ attention: 'warning' }));
    updates.changed();
    await turn();
    expect(sent.map((change) => change.readout.attention)).toEqual([null, 'warning']);
  });

  it('sends what an action the user took changed at once, even in the middle of a cycle', async () => {
    const { updates, sent, setBusy } = setup();
    setBusy(true);
    const zones = reporting({ toggle: async () => updates.snapshotChanged({ zonesUpserted: [zoneEntry('A')], zoneIdsRemoved: [] }), read: () => 1 }, updates.flush, ['toggle']);
    await zones.toggle();
    expect(sent).toHaveLength(1);
    zones.read();
    await turn();
    expect(sent).toHaveLength(1);
  });
});
