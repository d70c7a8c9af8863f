/**
 * The last result of a figure the ledger answers asynchronously (docs/architecture.md › The daily
 * ledger › Queries): read at once as it last came, and worked out again when what it depends on
 * changed — awaited within a poll cycle (`refresh`), or started by a read that found it stale
 * (`current`), which says when the new one landed (`onFresh`) so the views read it. A result that
 * failed keeps the last good one; the same inputs are not retried until `refresh` asks.
 */
export type LastResult<V> = {
  current(): V;
  /** Works the result out again if its inputs changed since, and settles once it is kept; never rejects. */
  refresh(): Promise<void>;
};

export function createLastResult<K, V>(deps: {
  /** What the result depends on, now. */
  inputs: () => K;
  /** Whether a result worked out from `kept` still holds for `now`. */
  holds: (kept: K, now: K) => boolean;
  compute: (inputs: K) => Promise<V>;
  initial: V;
  /** A result a stale read started has landed. */
  onFresh?: () => void;
  /** It could not be worked out: the last result stays. */
  onError: (err: unknown) => void;
}): LastResult<V> {
  let kept: { inputs: K; value: V; seq: number } | null = null;
  let running: { inputs: K; done: Promise<boolean> } | null = null;
  let failed: K | null = null;
  let seq = 0;

  const held = (inputs: K) => kept !== null && deps.holds(kept.inputs, inputs);
  const underWay = (inputs: K) => running !== null && deps.holds(running.inputs, inputs);

  /** Resolves true when its result was kept. */
  function start(inputs: K): Promise<boolean> {
    const own = ++seq;
    const done = deps.compute(inputs).then(
      (value) => {
        // A later start that landed first holds newer inputs: this older result is dropped.
        if (kept !== null && kept.seq > own) return false;
        kept = { inputs, value, seq: own };
        failed = null;
        return true;
      },
      (err: unknown) => {
        failed = inputs;
        deps.onError(err);
        return false;
      },
    );
    running = { inputs, done };
    void done.finally(() => {
      if (running?.done === done) running = null;
    });
    return done;
  }

  return {
    current() {
      const inputs = deps.inputs();
      if (!held(inputs) && !underWay(inputs) && !(failed !== null && deps.holds(failed, inputs))) {
        void start(inputs).then((landed) => {
          if (landed) deps.onFresh?.();
        });
      }
      return kept?.value ?? deps.initial;
    },
    async refresh() {
      const inputs = deps.inputs();
      if (held(inputs)) return;
      if (running !== null && underWay(inputs)) {
        await running.done;
        return;
      }
      await start(inputs);
    },
  };
}
