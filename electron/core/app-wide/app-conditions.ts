import { z } from 'zod';
import type { AppState } from '../../../shared/app-state';
import { Timestamp } from '../../../shared/api/timestamp';
import type { Settings } from '../../../shared/settings';
import type { SnoozeStore } from '../alerts/alert-center';
import { type SnoozeChoice, snoozeEnd } from '../alerts/time/snooze';
import type { ExternalPollInputs } from '../polling/poller';
import type { Clock, Logger, PowerState } from '../ports';
import type { PersistentDocument } from '../storage/persistence';

/** What the host tells the core about the computer (powerMonitor suspend/resume, lock, online). */
export type SystemState = { suspended?: boolean; locked?: boolean; online?: boolean };

export const SnoozeDoc = z.object({ until: Timestamp.nullable() });
export type SnoozeDoc = z.infer<typeof SnoozeDoc>;

export type AppConditions = {
  state(): AppState;
  /** What every account's poller reads at each schedule. */
  pollInputs(): ExternalPollInputs;
  windowOpen(): boolean;
  /** Each returns whether anything changed. */
  setWindowOpen(open: boolean): boolean;
  setPaused(paused: boolean): boolean;
  setSystem(state: SystemState): boolean;
  /** Sets or clears the snooze of every account; returns when it ends. */
  snooze(choice: SnoozeChoice): string | null;
  /** Where every account's alerts read the snooze. */
  readonly snoozeStore: SnoozeStore;
};

/**
 * The app-wide facts, each kept once: paused by the user, the computer offline, asleep or locked,
 * the window open, the snooze. Accounts read them; none copies them into its own status.
 */
export function createAppConditions(deps: {
  settings: { get(): Settings };
  snoozeDoc: PersistentDocument<SnoozeDoc>;
  power: PowerState;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
}): AppConditions {
  let paused = false;
  let windowOpen = false;
  let system: Required<SystemState> = { suspended: false, locked: false, online: true };
  const snoozeStore: SnoozeStore = { get: () => deps.snoozeDoc.get().until, set: (until) => deps.snoozeDoc.set({ until }) };

  return {
    state: () => ({ paused, offline: !system.online, asleep: system.suspended || system.locked, snoozedUntil: snoozeStore.get() }),
    pollInputs() {
      const polling = deps.settings.get().polling;
      let idle = false;
      let locked = system.locked;
      let onBattery = false;
      try {
        // Linux has no lock or battery events: read them at every schedule (docs/architecture.md › Polling).
        const state = deps.power.idleState(polling.idleAfterMin * 60);
        idle = state === 'idle';
        locked ||= state === 'locked';
        onBattery = deps.power.onBattery();
      } catch (err) {
        deps.logger.warn('core: power state unreadable', { error: err });
      }
      return { polling, windowOpen, idle, onBattery, suspended: system.suspended, locked, offline: !system.online, paused };
    },
    windowOpen: () => windowOpen,
    setWindowOpen(open) {
      if (windowOpen === open) return false;
      windowOpen = open;
      return true;
    },
    setPaused(next) {
      if (paused === next) return false;
      paused = next;
      return true;
    },
    setSystem(state) {
      const next = { ...system, ...state };
      if (next.suspended === system.suspended && next.locked === system.locked && next.online === system.online) return false;
      if (!system.online && next.online) deps.logger.info('core: back online');
      system = next;
      return true;
    },
    snooze(choice) {
      const end = snoozeEnd(choice, deps.clock.now());
      const until = end === null ? null : new Date(end).toISOString();
      snoozeStore.set(until);
      return until;
    },
    snoozeStore,
  };
}
