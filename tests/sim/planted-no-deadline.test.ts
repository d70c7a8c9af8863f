import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): requests sent without their 15 s
// deadline (one of ten minutes instead). The simulator must see a request to a hung host left open.
vi.mock('../../electron/core/api/http-options', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../electron/core/api/http-options')>()),
  DEFAULT_TIMEOUT_MS: 600_000,
}));

describe('requests without their deadline', () => {
  it('are found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/a request outlived its 15000 ms deadline/);
  });
});
