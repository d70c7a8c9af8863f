import { buildApi, type Channel, type ChannelOutput, type EventName, type Result, type ZonewatchApi } from '../../../shared/ipc';
import type { AppError } from '../../../shared/app-error';
import { showAccount } from './accounts';

type Handler = (input: unknown) => unknown;

/**
 * A stand-in for `window.zonewatch`: each channel answers from `handlers` (a value, or a function
 * of the input); an `AppError`-shaped `{ fail }` answers with a failure. Calls are recorded.
 */
export function fakeApi(handlers: Partial<Record<Channel, unknown>> = {}) {
  const calls: { channel: Channel; input: unknown }[] = [];
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const invoke = async (channel: Channel, input: unknown): Promise<Result<unknown>> => {
    calls.push({ channel, input });
    const h = handlers[channel];
    const value = typeof h === 'function' ? await (h as Handler)(input) : h;
    if (value && typeof value === 'object' && 'fail' in value) return { ok: false, error: (value as { fail: AppError }).fail };
    if (value === undefined) return { ok: false, error: { kind: 'unavailable', message: `${channel} is not faked` } };
    return { ok: true, value };
  };
  const api: ZonewatchApi = buildApi(invoke, (event, listener) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  });
  return {
    api,
    calls,
    callsTo: (channel: Channel) => calls.filter((c) => c.channel === channel).map((c) => c.input),
    emit: (event: EventName, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload)),
    /** Installs it as `window.zonewatch`, with account `p1` shown (as after a pick in the switcher). */
    install(profileId: string | null = 'p1') {
      window.zonewatch = api;
      if (profileId !== null) showAccount(profileId);
      return this;
    },
  };
}

export const fail = (kind: AppError['kind'], message: string): { fail: AppError } => ({ fail: { kind, message } });

export type Output<C extends Channel> = ChannelOutput<C>;
