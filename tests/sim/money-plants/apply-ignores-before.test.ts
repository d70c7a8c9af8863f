import { describe, expect, it, vi } from 'vitest';
import { firstViolation } from './first-violation';

// A planted defect (docs/development.md › The simulator): Apply sends the previewed cap whatever the
// zone holds now, as if it had not read the zone again — a cap someone changed since the preview is
// overwritten unseen. The invariant "Apply = preview" must catch it.
vi.mock('../../../electron/core/caps/caps-record', async (original) => ({
  ...(await original<typeof import('../../../electron/core/caps/caps-record')>()),
  applyDecision: (now: unknown) => (now === 'gone' ? 'gone' : 'change'),
}));

describe('the simulator finds Apply ignoring the cap the preview showed', () => {
  it('within 200 seeds', async () => {
    const first = await firstViolation();
    expect(first.found, 'a seed breaks an invariant').toBe(true);
    expect(first.message).toMatch(/only while it holds the cap the preview showed/);
    console.info(`planted: Apply ignores before — found after ${first.seeds} seeds`);
  });
});
