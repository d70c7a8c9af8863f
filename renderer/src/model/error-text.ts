import type { AppError } from '../../../shared/app-error';

export type NextSteps = Partial<Record<AppError['kind'], string>>;

/** What to do next, for errors shown inside the app's main window (which has a Settings view). */
const NEXT_STEP: NextSteps = {
  unauthorized: 'Check the API key in Settings.',
  forbidden: 'This API key’s role does not allow it; ask an admin of the account.',
  not_found: 'It may have been deleted or is no longer visible to this key.',
  payment_required: 'Top up the balance, then try again.',
  residential_unavailable: 'Top up the account to end the free trial first.',
  network: 'Check the connection; Zonewatch keeps showing the last data it has.',
  timeout: 'Zonewatch will try again.',
  server: 'The service had a problem; try again in a moment.',
  invalid_response: 'The service sent something Zonewatch could not read; try again in a moment.',
  response_too_large: 'Zonewatch keeps showing the last data it has and will try again.',
  no_key: 'Enter an API key in Settings or try the demo account.',
  unavailable: 'Try again in a moment.',
};

/**
 * What to do next where a key is being entered (first run, Settings): the form is on screen, and
 * there is no data to fall back on yet.
 */
export const KEY_FORM_NEXT_STEP: NextSteps = {
  unauthorized: 'Check it in your dashboard and paste it again.',
  network: 'Check the connection and the service URL, then connect again.',
  timeout: 'Check the connection and the service URL, then connect again.',
  server: 'Try again in a moment.',
  invalid_response: 'Check that the service URL is the address of the proxy service’s API.',
  redirected: 'Check the service URL (it should be the API’s own address, such as https://api.bytio.com), then connect again.',
  unavailable: 'Try again in a moment.',
};

function retryText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/** An error in plain words with what to do next (docs/architecture.md › Errors in plain words). */
export function errorText(error: AppError, nextSteps: NextSteps = NEXT_STEP): string {
  const parts = [error.message.trim().replace(/([^.!?])$/, '$1.')];
  if (error.kind === 'rate_limited' && error.retryAfterMs !== undefined) {
    parts.push(`Try again in ${retryText(error.retryAfterMs)}.`);
  } else {
    const next = nextSteps[error.kind];
    if (next && !parts[0]!.includes(next)) parts.push(next);
  }
  const extra = (error.fields ?? []).filter((f) => !error.message.includes(f.message));
  if (extra.length > 0) {
    parts.push(extra.map((f) => `${f.path ? `${f.path} ` : ''}${f.message}`).join('; ') + '.');
  }
  return parts.join(' ');
}
