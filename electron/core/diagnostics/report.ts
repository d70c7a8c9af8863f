import type { AppState } from '../../../shared/app-state';
import type { Settings } from '../../../shared/settings';
import type { Status } from '../../../shared/status';
import type { AppInfo } from '../../../shared/views';
import { redactString, redactValue } from '../secrets/redact';

/** The runtimes worth naming in a bug report; the rest of `process.versions` is noise. */
const RUNTIMES = ['electron', 'chrome', 'node', 'v8'] as const;
/** Enough of the log to show what went wrong lately, short enough to paste into an issue. */
export const DIAGNOSTICS_LOG_LINES = 20;
/** What an e-mail address reads as in diagnostics. */
export const EMAIL_REDACTED = '[e-mail]';
/**
 * An e-mail address anywhere in the text: the account's own, a team member's (an error, a data gap
 * or a log line may quote one) or a payer's. A report handed to a colleague names no person.
 */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/** `process.versions` cut down to the runtimes a bug report needs. */
export function runtimeVersions(versions: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(RUNTIMES.flatMap((name) => (versions[name] ? [[name, versions[name]]] : [])));
}

/** One watched account as diagnostics describe it. */
export type DiagnosticsAccount = { status: Status; zonesKnown: number; zonesNotYetKnown: number };

export type DiagnosticsInput = {
  appInfo: AppInfo & { versions?: Record<string, string> };
  /** The operating system as the shell reads it, e.g. "Linux 6.1.0 (x64)". */
  system?: string;
  /** Every watched account, in the user's order. */
  accounts: readonly DiagnosticsAccount[];
  /** Paused, offline, asleep, snoozed: app-wide. */
  app: AppState;
  settings: Settings;
  /** Recent warning and error log lines, oldest first. */
  logLines: readonly string[];
  /** Files found damaged and set aside, kept for a bug report (docs/architecture.md › Notices). */
  setAside: readonly { file: string; bytes: number }[];
  /** The delivery log's latest lines, newest first (docs/desktop.md › Channels); absent: none to say. */
  deliveries?: readonly string[];
};

function accountLines({ status, zonesKnown, zonesNotYetKnown }: DiagnosticsAccount, index: number, count: number): string[] {
  const profile = status.profile;
  return [
    `account ${index + 1} of ${count}: ${profile.demo ? 'demo' : 'account'} at ${profile.baseUrl}`,
    `  key stored in: ${status.keyBackend}`,
    `  key: ${status.auth}`,
    `  polling: ${status.poll}${status.refreshing ? ' (refreshing)' : ''}, failures ${status.consecutiveFailures}, offline ${status.offline}, stale ${status.stale}`,
    `  last success: ${status.lastSuccessAt ?? 'never'}, last attempt: ${status.lastAttemptAt ?? 'never'}, next poll: ${status.nextPollAt ?? 'none'}`,
    `  last error: ${status.lastError ? `${status.lastError.kind}: ${status.lastError.message}` : 'none'}`,
    `  zones known: ${zonesKnown}, not yet known: ${zonesNotYetKnown}`,
    // What the latest answers left out or kept as unknown (docs/api.md › Presence rules).
    ...(status.dataGaps.length === 0 ? ['  data gaps: none'] : ['  data gaps:', ...status.dataGaps.map((gap) => `    ${gap.message}`)]),
  ];
}

/**
 * The text "Copy diagnostics" puts on the clipboard for a bug report. Every part passes through
 * the redactor with the keys the app knows, so not even a log line that quoted a key leaks it, and
 * every e-mail address is taken out. Pure.
 */
export function diagnosticsText(input: DiagnosticsInput, secrets: readonly string[]): string {
  const { appInfo } = input;
  const runtimes = Object.entries(appInfo.versions ?? {}).map(([name, version]) => `${name} ${version}`);
  const logLines = input.logLines.slice(-DIAGNOSTICS_LOG_LINES);
  const lines = [
    `Zonewatch ${appInfo.version} (${appInfo.platform}, ${appInfo.shell})`,
    `system: ${input.system ?? 'unknown'}`,
    `runtime: ${runtimes.length > 0 ? runtimes.join(', ') : 'unknown'}`,
    `polling: ${input.app.paused ? 'paused by the user' : 'on'}, network ${input.app.offline ? 'offline' : 'online'}${input.app.asleep ? ', asleep' : ''}, snoozed until ${input.app.snoozedUntil ?? 'not snoozed'}`,
    ...(input.accounts.length === 0 ? ['accounts: none'] : input.accounts.flatMap((account, i) => accountLines(account, i, input.accounts.length))),
    '',
    'settings:',
    JSON.stringify(redactValue(input.settings, secrets), null, 2),
    '',
    `damaged files set aside (in the app's data folder):${input.setAside.length === 0 ? ' none' : ''}`,
    ...input.setAside.map(({ file, bytes }) => `  ${file} (${bytes} bytes)`),
    '',
    `alert channels, latest deliveries:${(input.deliveries ?? []).length === 0 ? ' none' : ''}`,
    ...(input.deliveries ?? []),
    '',
    `recent warnings and errors (last ${DIAGNOSTICS_LOG_LINES}):`,
    ...(logLines.length > 0 ? logLines : ['none']),
  ];
  return redactString(lines.join('\n'), secrets).replace(EMAIL, EMAIL_REDACTED);
}
