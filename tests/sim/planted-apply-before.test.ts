import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): Apply sends the previewed cap whatever the
// zone holds now, as if it had not read the zone again — a cap someone changed since the preview is
// overwritten unseen. The invariant "Apply = preview" must catch it.
vi.mock('../../electron/core/caps/caps-record', async (original) => ({
  ...(await original<typeof import('../../electron/core/caps/caps-record')>()),
  applyDecision: (now: unknown) => (now === 'gone' ? 'gone' : 'change'),
}));

describe('an Apply that ignores the cap its preview showed (planted)', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/only while it holds the cap the preview showed/);
  });
});
