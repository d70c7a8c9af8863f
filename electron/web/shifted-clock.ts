import { systemClock, type Clock } from '../core/ports';

/**
 * The wall clock set to read `startMs` now and run on in real time from there, its timers on real
 * time: the core's clock when the local service's clock starts at a pinned moment and follows real
 * time at its default pace (one simulated second a second), so that the service, the core and the
 * window agree on the date whatever day the run happens on.
 */
export function shiftedClock(startMs: number, wallMs = Date.now()): Clock {
  const offset = startMs - wallMs;
  return { ...systemClock, now: () => Date.now() + offset };
}
