import { randomBytes } from 'node:crypto';

/**
 * The service's only reach past its own simulated clock and seeded randomness: real time for a
 * service that follows the wall clock (`runInRealTime`, the CLI and the demo), the real timers of
 * its socket server, and keys nobody can guess. A lint rule bans these globals everywhere else in
 * electron/service, so a host built in process without `runInRealTime` (the simulator's,
 * docs/development.md › The simulator) is driven by its caller alone.
 */
export const wallClock = {
  now: (): number => Date.now(),
  setTimeout: (fn: () => void, ms: number): NodeJS.Timeout => setTimeout(fn, ms),
  clearTimeout: (timer: NodeJS.Timeout): void => clearTimeout(timer),
  setInterval: (fn: () => void, ms: number): NodeJS.Timeout => setInterval(fn, ms),
  clearInterval: (timer: NodeJS.Timeout): void => clearInterval(timer),
};

/** A fresh API key: 20 random bytes in hex. */
export function newRandomKey(): string {
  return randomBytes(20).toString('hex');
}
