/**
 * What the update service knows, changed only by `nextUpdateState` from what happened: a check
 * started or ended, a download moved on, ended or failed, an install failed.
 */
export type UpdateState = {
  activity: 'idle' | 'checking' | 'downloading';
  /** The newer version being downloaded, and how far (null until the size is known). */
  download: { version: string; percent: number | null } | null;
  /** A version downloaded and verified, waiting to be installed. */
  ready: string | null;
  /** The last check that ended, automatic or asked for. */
  lastCheck: { at: number; failed: boolean } | null;
  /** The last failure in plain words (update-failure.ts), until a later step succeeds. */
  problem: string | null;
};

export type UpdateEvent =
  | { type: 'checkStarted' }
  | { type: 'checked'; at: number; version: string; newer: boolean }
  | { type: 'checkFailed'; at: number; problem: string }
  | { type: 'progress'; percent: number }
  | { type: 'downloaded' }
  | { type: 'downloadFailed'; problem: string }
  | { type: 'installFailed'; problem: string };

export const INITIAL_UPDATE_STATE: UpdateState = { activity: 'idle', download: null, ready: null, lastCheck: null, problem: null };

/** The state after `event`; pure. */
export function nextUpdateState(state: UpdateState, event: UpdateEvent): UpdateState {
  switch (event.type) {
    case 'checkStarted':
      return { ...state, activity: 'checking' };
    case 'checked':
      return event.newer
        ? { ...state, activity: 'downloading', download: { version: event.version, percent: null }, lastCheck: { at: event.at, failed: false }, problem: null }
        : { ...state, activity: 'idle', lastCheck: { at: event.at, failed: false }, problem: null };
    case 'checkFailed':
      return { ...state, activity: 'idle', lastCheck: { at: event.at, failed: true }, problem: event.problem };
    case 'progress':
      if (!state.download) return state;
      // Progress only moves forward: a late report from a download that restarted never pulls it back.
      return { ...state, download: { ...state.download, percent: Math.min(100, Math.max(event.percent, state.download.percent ?? 0)) } };
    case 'downloaded':
      return { ...state, activity: 'idle', ready: state.download?.version ?? state.ready, download: null, problem: null };
    case 'downloadFailed':
      // The failed download counts as a failed check: the next try is an hour later (update-schedule.ts).
      return { ...state, activity: 'idle', download: null, lastCheck: state.lastCheck && { ...state.lastCheck, failed: true }, problem: event.problem };
    case 'installFailed':
      return { ...state, problem: event.problem };
  }
}
