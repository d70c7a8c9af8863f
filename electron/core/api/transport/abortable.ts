/**
 * Settles with `promise`, or rejects with `onAbort()` as soon as `signal` aborts, whichever comes
 * first. Needed because a fetch body read can stay pending after its request was aborted (undici
 * sometimes leaves `response.text()` unsettled after `controller.abort()` on a dripping body): the
 * caller must not depend on the underlying promise ever settling. The loser is left to settle
 * into nothing; its rejection is swallowed so it never becomes an unhandled one.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, onAbort: () => Error): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(onAbort());
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(onAbort());
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
