import type { Clock } from '../core/ports';
import type { ServiceControl } from '../service/service-host';

/** The core's clock when it follows the local service's simulated time instead of the wall. */
export type SimulatedClock = Clock & {
  /** Moves the service's clock `seconds` forward, then runs the timers that fell due, earliest first. */
  advance(seconds: number): void;
};

type Timer = { due: number; seq: number; fn: () => void };

/**
 * A clock that reads the service's simulated time, whose timers fire when that time reaches them
 * (through `advance`), not on the wall clock: with the service's `autoTick` off, nothing in the
 * core happens unless a script moves time, so a run does the same thing every time. A timer that
 * is already due when set (a 0 ms delay) runs on the next turn of the event loop.
 */
export function simulatedClock(control: Pick<ServiceControl, 'now' | 'advance'>): SimulatedClock {
  const now = () => Date.parse(control.now());
  const timers = new Map<number, Timer>();
  let seq = 0;

  const fire = (handle: number) => {
    const timer = timers.get(handle);
    if (!timer) return;
    timers.delete(handle);
    timer.fn();
  };

  const runDue = () => {
    for (;;) {
      const t = now();
      let next: [number, Timer] | null = null;
      for (const entry of timers) {
        const [, timer] = entry;
        if (timer.due > t) continue;
        if (!next || timer.due < next[1].due || (timer.due === next[1].due && timer.seq < next[1].seq)) next = entry;
      }
      if (!next) return;
      fire(next[0]);
    }
  };

  return {
    now,
    setTimeout(fn, ms) {
      const handle = ++seq;
      const due = now() + Math.max(0, ms);
      timers.set(handle, { due, seq: handle, fn });
      if (due <= now()) setTimeout(() => fire(handle), 0);
      return handle;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(seconds) {
      control.advance(seconds);
      runDue();
    },
  };
}
