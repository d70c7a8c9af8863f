import type { ApiClient } from '../api/client';
import { ApiError } from '../api/error';

/**
 * Whether a request failed because its host did not answer: no answer within its deadline once
 * sent, or no connection at all (refused, unreachable), after the transport's own retries. Not a
 * request that waited for a slot and was never sent, nor one its caller cancelled. Pure.
 */
export function isUnanswered(err: unknown): err is ApiError {
  if (!(err instanceof ApiError) || err.cancelled) return false;
  if (err.kind === 'timeout') return !err.queued && !err.abandoned;
  // With a status the host did answer; only its body broke off.
  return err.kind === 'network' && err.status === undefined;
}

export type HostSilence = {
  /** The cycle's signal, aborted as well once the host is found not answering: nothing not yet sent is sent. */
  signal: AbortSignal;
  /** The client the cycle reads through: a read that finds the host not answering stops the others. */
  client: ApiClient;
  /** What the cycle failed with once the host was found not answering; null while it answers. */
  verdict(): ApiError | null;
  /** `reason`, or the verdict in its place when `reason` is what the verdict caused (cancelled) or the same silence. */
  failure(reason: unknown): unknown;
};

/**
 * One poll cycle's watch on its host (docs/architecture.md › Polling): once a request of the cycle
 * finds the host not answering, the requests still waiting for a slot are not sent and those in
 * flight are let go, so a dead host costs the cycle one request deadline, not one per request.
 */
export function watchHostSilence(client: ApiClient, cycle: AbortSignal): HostSilence {
  // One controller the cycle's abort is passed on to, not `AbortSignal.any`: Node holds an any-signal
  // that has an abort listener in a process-wide set until it aborts, so a cycle whose requests
  // never end (the process killed mid-cycle, as the simulator drops a core) kept the account's
  // whole core reachable. The listener goes with the cycle's own signal, made for this cycle.
  const silenced = new AbortController();
  const passOn = () => silenced.abort(cycle.reason);
  if (cycle.aborted) passOn();
  else cycle.addEventListener('abort', passOn, { once: true });
  const signal = silenced.signal;
  const host = new URL(client.baseUrl).host;
  let verdict: ApiError | null = null;

  function heard(err: unknown): never {
    if (verdict === null && !cycle.aborted && isUnanswered(err)) {
      verdict = new ApiError(err.kind, `${err.operation ?? 'request'}: the service at ${host} is not answering`, {
        host,
        notAnswering: true,
        ...(err.operation ? { operation: err.operation } : {}),
        ...(err.timeoutMs !== undefined ? { timeoutMs: err.timeoutMs } : {}),
      });
      silenced.abort(verdict);
    }
    throw err;
  }

  const watched: ApiClient = {
    ...client,
    getAccountInfo: (call) => client.getAccountInfo(call).catch(heard),
    listPlans: (call) => client.listPlans(call).catch(heard),
    listUsers: (query, call) => client.listUsers(query, call).catch(heard),
    getBillingHistory: (query, call) => client.getBillingHistory(query, call).catch(heard),
    getZones: (ids, call) => client.getZones(ids, call).catch(heard),
  };

  return {
    signal,
    client: watched,
    verdict: () => verdict,
    failure: (reason) => (verdict !== null && reason instanceof ApiError && (reason.cancelled || isUnanswered(reason)) ? verdict : reason),
  };
}
