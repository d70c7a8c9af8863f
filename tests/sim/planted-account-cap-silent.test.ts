import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): the account cap never acts after a cycle, so
// spend past it runs on. The simulator must see a read past a standing cap leave zones running.
vi.mock('../../electron/core/caps/account-cap-guard', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../electron/core/caps/account-cap-guard')>();
  return {
    ...real,
    createAccountCapGuard: (deps: Parameters<typeof real.createAccountCapGuard>[0]) => ({ ...real.createAccountCapGuard(deps), afterCycle: () => undefined }),
  };
});

describe('an account cap that never stops spend', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted({ only: /past its account cap/ });
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/past its account cap .* zones are stopped or said why not/);
  });
});
