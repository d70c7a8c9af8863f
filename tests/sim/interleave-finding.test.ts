import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Snapshot } from '../../shared/snapshot';
import type { SpendStopReport } from '../../shared/spend-stop';
import { openWithAccounts } from './sim-run';
import { createTrace } from './sim-trace';
import { createSimWorld, settle, type SimWorld } from './sim-world';

// Findings of the simulator's interleavings (docs/development.md › The simulator), as the shortest
// orders of answers that broke "once both have answered, the window shows what the service holds":
// an answer that left the service before the user's change came back after it, and put the zone back
// in the window as it was until the next read.
let world: SimWorld;
let profileIds: string[];

beforeEach(async () => {
  world = createSimWorld({ seed: 1, serviceCount: 1, trace: createTrace() });
  profileIds = await openWithAccounts(world, createTrace());
});
afterEach(() => world.close());

const shown = (zoneId: string) => (world.core().snapshot(profileIds[0]!) as Snapshot).zones[zoneId]?.zone.enabled;
const held = (zoneId: string) => world.services[0]!.host.state.zones.get(zoneId)?.enabled;

/** Holds back the first answer `match` picks until `release()`; every other answer goes straight through. */
function holdFirst(match: (label: string) => boolean) {
  let release: () => void = () => undefined;
  let taken = false;
  world.setGate((answer, label) => {
    if (taken || !match(label)) return answer;
    taken = true;
    return new Promise<Response>((resolve) => (release = () => resolve(answer)));
  });
  return () => release();
}

describe('an answer that left the service before the user changed a zone', () => {
  it('a read sent before Stop all spend and answered after it does not show the stopped zones running again', async () => {
    const release = holdFirst((label) => label.includes('GET /v1/zones/'));
    const refresh = world.core().invoke('poll:refresh', { profileId: profileIds[0] });
    await settle();
    const stop = await world.call('spend:stop', { profileId: profileIds[0] });
    release();
    await refresh;
    await settle();
    const disabled = (stop.ok ? (stop.value as SpendStopReport).outcomes : []).filter((o) => o.result === 'disabled').map((o) => o.zoneId);
    expect(disabled.length).toBeGreaterThan(0);
    expect(disabled.map((id) => [id, shown(id)])).toEqual(disabled.map((id) => [id, held(id)]));
  });

  it("a zone turned on, then Stop all spend: the toggle's late answer does not leave the window showing it on", async () => {
    const zoneId = Object.keys((world.core().snapshot(profileIds[0]!) as Snapshot).zones).sort()[0]!;
    await world.call('zones:setEnabled', { profileId: profileIds[0], zoneId, enabled: false });
    const release = holdFirst((label) => label.includes(`PUT /v1/zones/${zoneId}`));
    const toggle = world.core().invoke('zones:setEnabled', { profileId: profileIds[0], zoneId, enabled: true });
    await settle();
    const stop = world.core().invoke('spend:stop', { profileId: profileIds[0] });
    await settle(40);
    release();
    await Promise.all([toggle, stop]);
    await settle();
    expect(held(zoneId)).toBe(false);
    expect(shown(zoneId), 'the window shows the zone as the service holds it').toBe(false);
  });
});
