import { describe, it } from 'vitest';
import { Restart, Stop } from './sim-commands';
import { RevokeKey } from './sim-life-commands';
import { runSequence } from './sim-sequence';

// A finding of the simulator (docs/development.md › The simulator), as the shortest sequence it
// shrank to: Stop all spend on account 0, then someone revokes its key, then the process dies and
// Zonewatch opens again. The snapshot cache is written at most every CACHE_SAVE_INTERVAL_MS, and
// the reopened app cannot read the account again with the refused key, so its views showed every
// stopped zone running (and a month-end forecast from that). The user's own changes are now on
// disk at once.
describe('a crash after Stop all spend, with the key revoked meanwhile', () => {
  it('changes no read: the stopped zones stay off in every view', async () => {
    await runSequence(91987, [new Stop(0), new RevokeKey(0), new Restart()]);
  });
});
