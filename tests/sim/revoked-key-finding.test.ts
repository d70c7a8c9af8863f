import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Refresh, Stop, Toggle, initialModel, type SimReal } from './sim-commands';
import { expectNoWriteAfterRevoke } from './sim-life';
import { RevokeKey } from './sim-life-commands';
import { openWithAccounts } from './sim-run';
import { createTrace } from './sim-trace';
import { createSimWorld, settle } from './sim-world';

// A finding of the simulator (docs/development.md › The simulator), as the shortest sequence it
// shrank to: someone revokes the key account 1 is watched with, Zonewatch reads the account (the
// service answers 401: "API key rejected — polling stopped"), then the user turns a zone off. The
// toggle went out with the refused key, where Stop all spend and the caps refuse before their first
// request; a zone change now refuses in the same words.
describe('a zone turned off after the service refused the key', () => {
  it('is refused before any request, in words', async () => {
    const trace = createTrace();
    const world = createSimWorld({ seed: 1, serviceCount: 2, trace });
    try {
      const profileIds = await openWithAccounts(world, trace);
      const model = initialModel(profileIds.length);
      const real: SimReal = { world, trace, profileIds };
      await fc.asyncModelRun(() => ({ model, real }), [new RevokeKey(1), new Refresh(1), new Toggle(1, 0, false)]);
      expectNoWriteAfterRevoke(world);
      expect(trace.lines().find((line) => line.includes('turn ') && line.includes('account 1'))).toMatch(/error unavailable: The service rejected the API key, so Zonewatch cannot change any zone\. Enter a new key first; nothing was changed\./);
    } finally {
      await world.close();
    }
  });

  it('after Stop all spend met the refused key (before any read did), is refused too', async () => {
    // The second shrunk sequence: revoke, Stop all spend (its fresh read is answered 401, so it
    // stops: "Not tried: the service rejected the API key"), turn a zone off. No read had told the
    // account's state yet, so the toggle went out with the key the stop had just been refused.
    const trace = createTrace();
    const world = createSimWorld({ seed: 1, serviceCount: 2, trace });
    try {
      const profileIds = await openWithAccounts(world, trace);
      const model = initialModel(profileIds.length);
      const real: SimReal = { world, trace, profileIds };
      await fc.asyncModelRun(() => ({ model, real }), [new RevokeKey(0), new Stop(0), new Toggle(0, 0, false)]);
      expectNoWriteAfterRevoke(world);
    } finally {
      await world.close();
    }
  });

  it('turned off while "Refresh now" meets the refused key, is not sent once the refusal is in', async () => {
    // The third shrunk sequence: revoke, then "Refresh now" and a toggle at once. The refresh's
    // reads hold the account's request slots; the toggle's write waits for one, and by the time
    // it has one the service has refused the key. It went out anyway: the check ran before the wait.
    const trace = createTrace();
    const world = createSimWorld({ seed: 1, serviceCount: 2, trace });
    try {
      const profileIds = await openWithAccounts(world, trace);
      const model = initialModel(profileIds.length);
      const real: SimReal = { world, trace, profileIds };
      await fc.asyncModelRun(() => ({ model, real }), [new RevokeKey(1)]);
      const zoneId = Object.keys(world.core().snapshot(profileIds[1]!)!.zones).sort()[0]!;
      const refresh = world.core().invoke('poll:refresh', { profileId: profileIds[1] });
      const toggle = world.core().invoke('zones:setEnabled', { profileId: profileIds[1], zoneId, enabled: false });
      await settle();
      await Promise.all([refresh, toggle]);
      expectNoWriteAfterRevoke(world);
    } finally {
      await world.close();
    }
  });
});
