import { describe, expect, it, vi } from 'vitest';
import { hunt } from './hunt';

// A planted defect (docs/development.md › The simulator): requests sent without their 15 s
// deadline (one of ten minutes instead). The simulator must see a request to a hung host left open.
vi.mock('../../../electron/core/api/http-options', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../electron/core/api/http-options')>()),
  DEFAULT_TIMEOUT_MS: 600_000,
}));

describe('requests without their deadline', () => {
  it('are found within 200 seeds', async () => {
    const found = await hunt({ seeds: 200, commands: 50, seed: 1 });
    console.log(`plant no-deadline: found=${found.found} after ${found.seeds} seeds: ${found.error.split('\n')[0]}`);
    expect(found.found).toBe(true);
    expect(found.error).toMatch(/a request outlived its 15000 ms deadline/);
  });
});
