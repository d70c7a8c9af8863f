import { net, powerMonitor } from 'electron';
import type { SystemState } from '../core/app-core';
import type { PowerState } from '../core/ports';

/** The PowerState port: the core reads idle state and battery each cycle (Linux has no lock/battery events). */
export const powerState: PowerState = {
  idleState: (thresholdSec) => powerMonitor.getSystemIdleState(thresholdSec),
  onBattery: () => powerMonitor.isOnBatteryPower(),
};

/** How often main looks at `net.isOnline()`; Electron's main process has no online/offline event. */
const ONLINE_CHECK_MS = 15_000;

/**
 * Feeds powerMonitor's events (where the OS has them) and the network state to the core, which
 * pauses polling while suspended, locked or offline and re-plans on battery changes.
 * Returns a function that stops the online check.
 */
export function watchSystemState(setSystemState: (state: SystemState) => void): () => void {
  powerMonitor.on('suspend', () => setSystemState({ suspended: true }));
  powerMonitor.on('resume', () => setSystemState({ suspended: false, online: net.isOnline() }));
  powerMonitor.on('lock-screen', () => setSystemState({ locked: true }));
  powerMonitor.on('unlock-screen', () => setSystemState({ locked: false }));
  powerMonitor.on('on-battery', () => setSystemState({}));
  powerMonitor.on('on-ac', () => setSystemState({}));
  let online = net.isOnline();
  setSystemState({ online });
  const timer = setInterval(() => {
    const now = net.isOnline();
    if (now !== online) setSystemState({ online: (online = now) });
  }, ONLINE_CHECK_MS);
  return () => clearInterval(timer);
}
