import { formatHours, formatUtc } from '../time/duration-text';
import { HOUR_MS, MINUTE_MS } from '../../../../shared/burn-rate';
import type { Condition } from '../latch';
import type { RuleContext } from '../rule-context';

/** The start of the current stretch with no successful refresh ever, kept in memory so a restart does not restart it. */
export function nextNoSuccessSince(ctx: RuleContext): string | null {
  if (ctx.input.status.lastSuccessAt !== null) return null;
  return ctx.memory.noSuccessSince ?? new Date(ctx.now).toISOString();
}

/** The rejected key to remember: set when a key is rejected, cleared once one works. */
export function nextRejectedKey(ctx: RuleContext): string | null {
  const { auth } = ctx.input.status;
  if (auth === 'ok') return null;
  if (auth === 'rejected') return ctx.input.keyFingerprint ?? ctx.memory.rejectedKey;
  return ctx.memory.rejectedKey;
}

export function keyRejectedCondition(ctx: RuleContext): Condition {
  const { auth } = ctx.input.status;
  const fingerprint = ctx.input.keyFingerprint ?? null;
  const alreadySaid = auth === 'rejected' && fingerprint !== null && ctx.memory.rejectedKey === fingerprint;
  return {
    id: 'connection:keyRejected',
    rule: 'connection',
    sustain: 1,
    rearmAfter: 1,
    // No key at all, or not yet known: the episode neither starts nor ends. Nor does this key's
    // rejection, said before (a restart): only a key that works re-arms it.
    state: alreadySaid ? 'between' : auth === 'rejected' ? 'on' : auth === 'ok' ? 'off' : 'between',
    fire: (key) => ({
      rule: 'connection',
      key,
      severity: 'critical',
      title: 'The API key was rejected',
      body: 'The service no longer accepts this API key, so Zonewatch has stopped refreshing. Enter a new key in Settings.',
      target: { view: 'settings' },
    }),
    recover: (key) => ({
      rule: 'connection',
      key,
      severity: 'info',
      title: 'The API key works again',
      body: 'The service accepts the API key again and Zonewatch is refreshing.',
      target: { view: 'overview' },
    }),
  };
}

export function offlineCondition(ctx: RuleContext): Condition {
  const { status } = ctx.input;
  const limitMs = ctx.settings.connection.offlineMinutes * MINUTE_MS;
  const lastSuccess = status.lastSuccessAt === null ? null : Date.parse(status.lastSuccessAt);
  const reference = lastSuccess ?? (ctx.memory.noSuccessSince === null ? ctx.now : Date.parse(ctx.memory.noSuccessSince));
  const silentMs = ctx.now - reference;
  const watching = status.poll === 'running' && status.auth !== 'rejected';
  const state =
    lastSuccess !== null && status.consecutiveFailures === 0 && silentMs < limitMs
      ? 'off'
      : watching && status.consecutiveFailures > 0 && silentMs >= limitMs
        ? 'on'
        : 'between';
  const since = silentMs >= HOUR_MS ? formatHours(silentMs / HOUR_MS) : `${Math.round(silentMs / MINUTE_MS)} minutes`;
  return {
    id: 'connection:offline',
    rule: 'connection',
    sustain: 1,
    rearmAfter: 1,
    state,
    fire: (key) => ({
      rule: 'connection',
      key,
      severity: 'warning',
      title: `No fresh data for ${since}`,
      body: [
        lastSuccess === null
          ? 'Zonewatch has not reached the service yet.'
          : `Zonewatch last reached the service at ${formatUtc(lastSuccess)}.`,
        status.lastError?.message,
        'It keeps retrying and shows the last data it has.',
      ]
        .filter((part) => part !== undefined && part !== '')
        .join(' '),
      target: { view: 'overview' },
    }),
    recover: (key) => ({
      rule: 'connection',
      key,
      severity: 'info',
      title: 'Connected again',
      body: 'Zonewatch reached the service again; the data is fresh.',
      target: { view: 'overview' },
    }),
  };
}
