import { EVENT_NAMES, type EventName, type EventPayload } from '../../shared/ipc';

/** What travels on EVENT_CHANNEL: one push event of the contract and its payload. */
export interface EventMessage<E extends EventName = EventName> {
  event: E;
  payload: EventPayload<E>;
}

export function isEventMessage(value: unknown): value is EventMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (EVENT_NAMES as readonly unknown[]).includes((value as { event?: unknown }).event) &&
    'payload' in value
  );
}
