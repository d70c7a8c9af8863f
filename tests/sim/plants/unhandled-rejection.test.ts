import { describe, expect, it, vi } from 'vitest';
import { hunt } from './hunt';

// A planted defect (docs/development.md › The simulator): the race of a request against its
// deadline forgets the request's own failure, which then rejects with no one to hear it (and the
// request waits for its deadline). The simulator must see the unhandled rejection.
vi.mock('../../../electron/core/api/transport/abortable', () => ({
  untilAborted: <T>(promise: Promise<T>, signal: AbortSignal, onAbort: () => Error): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal.aborted) return reject(onAbort());
      signal.addEventListener('abort', () => reject(onAbort()), { once: true });
      void promise.then(resolve);
    }),
}));

describe('a request failure no one handles', () => {
  it('is found within 200 seeds', async () => {
    const found = await hunt({ seeds: 200, commands: 50, seed: 1 });
    console.log(`plant unhandled-rejection: found=${found.found} after ${found.seeds} seeds: ${found.error.split('\n')[0]}`);
    expect(found.found).toBe(true);
    expect(found.error).toMatch(/an unhandled rejection/);
  });
});
