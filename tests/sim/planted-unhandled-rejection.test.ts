import { describe, expect, it, vi } from 'vitest';
import { findPlanted } from './planted';

// Planted (docs/development.md › The simulator): the race of a request against its
// deadline forgets the request's own failure, which then rejects with no one to hear it (and the
// request waits for its deadline). The simulator must see the unhandled rejection.
vi.mock('../../electron/core/api/transport/abortable', () => ({
  untilAborted: <T>(promise: Promise<T>, signal: AbortSignal, onAbort: () => Error): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal.aborted) return reject(onAbort());
      signal.addEventListener('abort', () => reject(onAbort()), { once: true });
      void promise.then(resolve);
    }),
}));

describe('a request failure no one handles', () => {
  it('is found by the simulator within 200 runs', async () => {
    const found = await findPlanted();
    console.log(found.summary);
    expect(found.violation?.error).toMatch(/an unhandled rejection/);
  });
});
