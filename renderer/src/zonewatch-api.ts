import type { ZonewatchApi } from '../../shared/ipc';

declare global {
  interface Window {
    zonewatch: ZonewatchApi;
  }
}

/** The only way the renderer reaches the app: the typed contract that preload (or the bridge) installed. */
export function api(): ZonewatchApi {
  return window.zonewatch;
}
