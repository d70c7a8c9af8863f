import type { Clock } from '../../../electron/core/ports';

/** A Clock on fake time: timers run only when a test advances it. */
export function fakeClock(start = 1_800_000_000_000) {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      return id;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    clock,
    /** Moves time forward, running every timer that falls due on the way, in order. */
    async advance(ms: number) {
      const target = now + ms;
      await settle();
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await settle();
      }
      now = target;
      await settle();
    },
    pending: () => timers.size,
  };
}
