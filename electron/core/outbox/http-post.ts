import { isAllowedChannelUrl } from '../../../shared/channels';
import { RedirectRefused, isRedirect } from '../api/redirect';
import { untilAborted } from '../api/transport/abortable';
import { BodyReadError, discard, readBodyCapped } from '../api/transport/body-reader';
import type { ChannelRequest } from '../channels/channel-request';
import type { AttemptResult } from '../channels/service-answer';
import type { Clock } from '../ports';
import { secretScrubber } from '../secrets/redact';

/** The deadline of one attempt, headers and body together. */
export const DEFAULT_POST_TIMEOUT_MS = 10_000;
/** A chat service's answer is a few hundred bytes; a receiver sending more is cut off here. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export type PostOptions = {
  fetch: typeof globalThis.fetch;
  clock: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  timeoutMs: number;
  maxAnswerBytes: number;
};

class Deadline extends Error {}

/** Node's TLS verification codes (a self-signed, expired or misnamed certificate), found on fetch's cause. */
function isCertificateFailure(err: unknown): boolean {
  const code = (err as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && (/CERT/.test(code) || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' || code === 'ERR_TLS_CERT_ALTNAME_INVALID');
}

/**
 * Sends one POST (docs/architecture.md › Channels and the outbox): https only, except to this
 * machine; a redirect never followed (the URL is the secret, and a redirect would carry the body
 * elsewhere); one deadline for headers and body, on the core's clock; the body read up to a cap.
 * `secrets` are taken out of the answer's text, so no echo of them reaches the log or the window.
 * Never throws: every failure is a result.
 */
export async function postOnce(request: ChannelRequest, secrets: readonly string[], options: PostOptions): Promise<AttemptResult> {
  if (!isAllowedChannelUrl(request.url)) return { kind: 'network', detail: 'the address is not https:// (http:// only for this computer)' };
  const controller = new AbortController();
  let timedOut = false;
  const timer = options.clock.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const stopped = () => new Deadline();
  try {
    let response: Response;
    try {
      response = await untilAborted(
        options.fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, redirect: 'manual', signal: controller.signal }),
        controller.signal,
        stopped,
      );
    } catch (err) {
      if (err instanceof RedirectRefused) return { kind: 'redirect' };
      // The underlying error may quote the URL, and the URL is a secret: fixed words only.
      if (timedOut) return { kind: 'timeout', detail: `no answer within ${Math.round(options.timeoutMs / 1000)} s` };
      return isCertificateFailure(err) ? { kind: 'network', detail: 'its certificate is not trusted' } : { kind: 'network' };
    }
    if (isRedirect(response)) {
      discard(response.body);
      return { kind: 'redirect' };
    }
    const scrub = secretScrubber(secrets);
    const header = (name: string) => {
      const value = response.headers.get(name);
      return value === null ? null : scrub.scrub(value);
    };
    try {
      const read = await readBodyCapped(response, options.maxAnswerBytes, controller.signal);
      return { kind: 'answer', status: response.status, header, text: scrub.scrub(read.text), truncated: false };
    } catch (err) {
      if (err instanceof BodyReadError && err.reason === 'too_large') return { kind: 'answer', status: response.status, header, text: '', truncated: true };
      // The status arrived, the body did not: a 2xx is still accepted; anything else reads as no answer.
      if (response.status >= 200 && response.status < 300) return { kind: 'answer', status: response.status, header, text: '', truncated: true };
      return timedOut ? { kind: 'timeout', detail: `the answer did not end within ${Math.round(options.timeoutMs / 1000)} s` } : { kind: 'network' };
    }
  } finally {
    options.clock.clearTimeout(timer);
  }
}
