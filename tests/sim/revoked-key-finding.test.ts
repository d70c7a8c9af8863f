import { describe, expect, it } from 'vitest';
import { Refresh, Stop, Toggle } from './sim-commands';
import { expectNoWriteAfterRevoke } from './sim-life';
import { RevokeKey } from './sim-life-commands';
import { runSequence } from './sim-sequence';
import { settle } from './sim-world';

// Findings of the simulator (docs/development.md › The simulator), as the shortest sequences it
// shrank to: someone revokes the key an account is watched with, and a write still went out with
// it after the service had refused it. A zone change now refuses before its request while the read
// model says the key is refused, and the client sends no write with a key any request of the
// account's was refused, checked as the write goes out.
describe('a zone turned off after the service refused the key', () => {
  it('once a read said so, is refused before any request, in words', async () => {
    await runSequence(1, [new RevokeKey(1), new Refresh(1), new Toggle(1, 0, false)], ({ world, trace }) => {
      expectNoWriteAfterRevoke(world);
      expect(trace.lines().find((line) => line.includes('turn ') && line.includes('account 1'))).toMatch(/error unavailable: The service rejected the API key, so Zonewatch cannot change any zone\. Enter a new key first; nothing was changed\./);
    });
  });

  it('after Stop all spend met the refused key (before any read did), is refused too', async () => {
    // Stop all spend's fresh read is answered 401, so it stops ("Not tried: the service rejected
    // the API key"); no read had told the account's state yet, and the toggle went out.
    await runSequence(1, [new RevokeKey(0), new Stop(0), new Toggle(0, 0, false)], ({ world }) => expectNoWriteAfterRevoke(world));
  });

  it('while "Refresh now" meets the refused key, is not sent once the refusal is in', async () => {
    // The refresh's reads hold the account's request slots; the toggle's write waits for one, and
    // by the time it has one the service has refused the key. It went out: the check ran before the wait.
    await runSequence(1, [new RevokeKey(1)], async ({ world, profileIds }) => {
      const zoneId = Object.keys(world.core().snapshot(profileIds[1]!)!.zones).sort()[0]!;
      const refresh = world.core().invoke('poll:refresh', { profileId: profileIds[1] });
      const toggle = world.core().invoke('zones:setEnabled', { profileId: profileIds[1], zoneId, enabled: false });
      await settle();
      await Promise.all([refresh, toggle]);
      expectNoWriteAfterRevoke(world);
    });
  });
});
