import type { AppUpdate } from '../../../shared/app-update';
import type { UpdateState } from './update-state';
import type { UpdateSupport } from './update-support';

export type UpdateViewInput = {
  state: UpdateState;
  support: UpdateSupport;
  currentVersion: string;
  /** The "Update automatically" setting. */
  automatic: boolean;
  offline: boolean;
};

const OFFLINE = 'The computer is offline: no check until it is back online.';

function readyText(version: string, automatic: boolean): string {
  return automatic
    ? `Zonewatch ${version} is downloaded and verified: it is installed when you quit Zonewatch, or now with Restart to update.`
    : `Zonewatch ${version} is downloaded and verified: it is installed when you choose Restart to update.`;
}

function idleText({ state, currentVersion, automatic, offline }: UpdateViewInput): string {
  const checkedOk = state.lastCheck !== null && !state.lastCheck.failed;
  const parts = [checkedOk ? `Zonewatch ${currentVersion} is the newest version.` : `This is Zonewatch ${currentVersion}.`];
  if (!automatic) parts.push('Automatic updates are off: Check for updates looks for a newer version.');
  else parts.push(state.lastCheck === null ? 'It looks for updates shortly after it starts, then once a day.' : 'It looks again once a day.');
  if (offline) parts.push(OFFLINE);
  return parts.join(' ');
}

function failedText({ automatic, offline }: UpdateViewInput, problem: string): string {
  const parts = [problem, automatic ? 'Zonewatch tries again in an hour.' : 'Check for updates tries again.'];
  if (offline) parts.push(OFFLINE);
  return parts.join(' ');
}

/**
 * The one view of the update state that Settings and the tray read (sent as the `appUpdate` event):
 * its phase, its words, and what can be done now. Pure.
 */
export function updateView(input: UpdateViewInput): AppUpdate {
  const { state, support, currentVersion, automatic, offline } = input;
  const base = { currentVersion, checkedAt: state.lastCheck ? new Date(state.lastCheck.at).toISOString() : null };
  if (!support.ok) return { ...base, phase: 'unsupported', message: support.reason, newVersion: null, percent: null, canCheck: false, canRestart: false };
  if (state.ready !== null) {
    const message = [state.problem, readyText(state.ready, automatic)].filter(Boolean).join(' ');
    return { ...base, phase: 'ready', message, newVersion: state.ready, percent: null, canCheck: false, canRestart: true };
  }
  if (state.activity === 'downloading' && state.download) {
    const { version, percent } = state.download;
    const shown = percent === null ? null : Math.floor(percent);
    return { ...base, phase: 'downloading', message: `Zonewatch ${version} is available: downloading it${shown === null ? '' : ` (${shown} %)`}…`, newVersion: version, percent: shown, canCheck: false, canRestart: false };
  }
  if (state.activity === 'checking') return { ...base, phase: 'checking', message: 'Checking for updates…', newVersion: null, percent: null, canCheck: false, canRestart: false };
  if (state.problem !== null) return { ...base, phase: 'failed', message: failedText(input, state.problem), newVersion: null, percent: null, canCheck: !offline, canRestart: false };
  return { ...base, phase: 'idle', message: idleText(input), newVersion: null, percent: null, canCheck: !offline, canRestart: false };
}
