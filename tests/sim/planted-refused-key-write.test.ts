import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { findPlanted } from './planted';
import { initialModel, Refresh, Toggle, type SimReal } from './sim-commands';
import { expectNoWriteAfterRevoke } from './sim-life';
import { RevokeKey } from './sim-life-commands';
import { openWithAccounts } from './sim-run';
import { createTrace } from './sim-trace';
import { createSimWorld } from './sim-world';

// Planted: a refused key no longer blocks a change — neither the read model's block (a zone's, the
// stop's and the caps' alike) nor the client's own refusal after a 401 — as before the simulator's
// findings; "no write after a key is revoked" must catch it.
vi.mock('../../electron/core/spend-stop/stop-plan', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../electron/core/spend-stop/stop-plan')>();
  return { ...real, stopBlockedReason: (...args: Parameters<typeof real.stopBlockedReason>) => (args[0] === 'rejected' ? null : real.stopBlockedReason(...args)) };
});
vi.mock('../../electron/core/api/transport/send', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../electron/core/api/transport/send')>();
  return { ...real, createTransport: (options: Parameters<typeof real.createTransport>[0]) => real.createTransport({ ...options, refusedKey: () => false }) };
});

describe('planted: a write sent with a key the service refused', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted({ only: /no write after a key is revoked/ });
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/no write after a key is revoked/);
  });

  // The shortest sequence it was first found with (docs/development.md › The simulator).
  it('is found in its shortest sequence: revoke the key, read the account, turn a zone off', async () => {
    const trace = createTrace();
    const world = createSimWorld({ seed: 1, serviceCount: 2, trace });
    try {
      const profileIds = await openWithAccounts(world, trace);
      const real: SimReal = { world, trace, profileIds };
      await fc.asyncModelRun(() => ({ model: initialModel(profileIds.length), real }), [new RevokeKey(0), new Refresh(0), new Toggle(0, 0, false)] as never);
      expect(() => expectNoWriteAfterRevoke(world)).toThrow(/no write after a key is revoked/);
    } finally {
      await world.close();
    }
  });
});
