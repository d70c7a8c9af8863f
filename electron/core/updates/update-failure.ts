/**
 * What went wrong while updating, in plain words for Settings (docs/desktop.md › Updates › When
 * something fails). electron-updater's errors carry a `code` (its own `ERR_UPDATER_*`, builder-util-runtime's
 * `ERR_CHECKSUM_MISMATCH` and `HTTP_ERROR_<status>`), an HTTP `statusCode`, or Electron's network
 * error (`net::ERR_*`) as their message. Their raw text — URLs, response headers, stacks — goes to
 * the log only, never to the window.
 */

export type UpdateStep = 'check' | 'download' | 'install';

/** The parts of a thrown value this reads; anything else is "unexpected". */
export type FailureFacts = { code: string | null; statusCode: number | null; message: string };

export function failureFacts(error: unknown): FailureFacts {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return {
    code: typeof record.code === 'string' ? record.code : null,
    statusCode: typeof record.statusCode === 'number' ? record.statusCode : null,
    message,
  };
}

/** Electron's net errors (Chromium's net_error_list.h) a user can do something about, each in words. */
const NET_ERRORS: Record<string, string> = {
  ERR_INTERNET_DISCONNECTED: 'the computer is offline',
  ERR_NETWORK_CHANGED: 'the network changed while it ran',
  ERR_NAME_NOT_RESOLVED: 'the update server’s name could not be found',
  ERR_CONNECTION_REFUSED: 'the update server refused the connection',
  ERR_CONNECTION_RESET: 'the connection to the update server was cut',
  ERR_CONNECTION_CLOSED: 'the connection to the update server was cut',
  ERR_CONNECTION_TIMED_OUT: 'the update server did not answer in time',
  ERR_TIMED_OUT: 'the update server did not answer in time',
  ERR_ADDRESS_UNREACHABLE: 'the update server cannot be reached from this network',
  ERR_PROXY_CONNECTION_FAILED: 'the proxy could not be reached',
  ERR_ABORTED: 'the request was stopped',
};

const CODE_WORDS: Record<string, string> = {
  ERR_UPDATER_CHANNEL_FILE_NOT_FOUND: 'the newest release has no update information for this system',
  ERR_UPDATER_LATEST_VERSION_NOT_FOUND: 'no published release was found',
  ERR_UPDATER_NO_PUBLISHED_VERSIONS: 'no published release was found',
  ERR_UPDATER_RELEASE_NOT_FOUND: 'no published release was found',
  ERR_UPDATER_INVALID_RELEASE_FEED: 'the list of releases could not be read',
  ERR_UPDATER_INVALID_UPDATE_INFO: 'the update information could not be read',
  ERR_UPDATER_INVALID_VERSION: 'the update information names no valid version',
  ERR_UPDATER_ASSET_NOT_FOUND: 'the release has no installer for this system',
  ERR_UPDATER_NO_FILES_PROVIDED: 'the release has no installer for this system',
  ERR_UPDATER_ZIP_FILE_NOT_FOUND: 'the release has no installer for this system',
  ERR_UPDATER_NO_CHECKSUM: 'the release publishes no checksum to verify the download with',
  ERR_UPDATER_INVALID_SIGNATURE: 'the new installer is not signed by Zonewatch’s publisher',
  ERR_UPDATER_OLD_FILE_NOT_FOUND: 'the running AppImage could not be found',
  ERR_UPDATER_INVALID_PROVIDER_CONFIGURATION: 'this copy’s update settings (app-update.yml) could not be read',
  ERR_UPDATER_UNSUPPORTED_PROVIDER: 'this copy’s update settings (app-update.yml) could not be read',
};

/** Why it failed, as a clause ("the update server answered HTTP 500"). */
function reason(facts: FailureFacts, step: UpdateStep): string {
  const net = /^net::(ERR_[A-Z_]+)/.exec(facts.message)?.[1];
  if (net) return `${NET_ERRORS[net] ?? (net.startsWith('ERR_CERT_') ? 'the update server’s certificate is not trusted' : 'the update server could not be reached')} (${net})`;
  if (facts.code !== null && CODE_WORDS[facts.code]) return CODE_WORDS[facts.code]!;
  // A file download's failure is a plain Error whose message names the status (builder-util-runtime's doDownload).
  const status = facts.statusCode ?? Number(/^Cannot download .*, status (\d{3})/.exec(facts.message)?.[1] ?? NaN);
  if (Number.isInteger(status) && status > 0) {
    if (status === 404 && step === 'check') return 'the newest release has no update information for this system (HTTP 404)';
    if (status === 403 || status === 429) return `the update server refused for now, perhaps too many requests (HTTP ${status})`;
    return `the update server answered with an error (HTTP ${status})`;
  }
  // DebUpdater runs dpkg through pkexec or sudo (its LinuxUpdater): a refused or cancelled password ends it so.
  if (/^Command \S+ exited with code \d+/.test(facts.message)) return 'the package manager did not finish (the administrator password may have been refused or cancelled)';
  if (/^Neither dpkg nor apt/.test(facts.message)) return 'this system has neither dpkg nor apt to install a .deb with';
  if (facts.code === 'ENOENT' && facts.message.includes('app-update.yml')) return 'this copy has no update settings (app-update.yml is missing)';
  if (facts.code === 'ENOSPC') return 'the disk is full';
  if (facts.code === 'EACCES' || facts.code === 'EPERM') return 'Zonewatch is not allowed to write where the update goes';
  return 'something unexpected went wrong (the log has the details)';
}

/** One sentence for Settings about a failed step; `version` is the release it concerned, when known. */
export function failureText(error: unknown, step: UpdateStep, version: string | null): string {
  const facts = failureFacts(error);
  if (facts.code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(facts.message)) {
    return `The download of Zonewatch ${version ?? 'update'} did not match its published checksum (sha512), so it was thrown away and nothing was installed.`;
  }
  return stepText(step, version, reason(facts, step));
}

/** The sentence for a step stopped at its deadline (update-schedule.ts), with the deadline's words. */
export function deadlineText(step: UpdateStep, version: string | null, words: string): string {
  return stepText(step, version, words);
}

function stepText(step: UpdateStep, version: string | null, why: string): string {
  if (step === 'check') return `Zonewatch could not check for updates: ${why}.`;
  if (step === 'download') return `Zonewatch could not download version ${version ?? '(unknown)'}: ${why}.`;
  return version === null ? `The update could not be installed: ${why}.` : `Zonewatch ${version} could not be installed: ${why}.`;
}
