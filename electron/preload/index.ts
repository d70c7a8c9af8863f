import { contextBridge, ipcRenderer } from 'electron';
import { buildApi, EVENT_CHANNEL, type Channel, type EventName, type Result } from '../../shared/ipc';
import { isEventMessage } from '../main/event-message';

// Sandboxed preload, bundled to CommonJS: everything it needs is inlined at build time.
// Only `window.zonewatch` crosses the bridge — one function per contract channel and one
// subscribe per event. `ipcRenderer` itself, and any invoke taking a channel name, never do.

async function invoke(channel: Channel, input: unknown): Promise<Result<unknown>> {
  try {
    return (await ipcRenderer.invoke(channel, input)) as Result<unknown>;
  } catch {
    // ipcMain answers every call with an envelope; this is only reached if main is gone or restarting.
    return { ok: false, error: { kind: 'unavailable', message: 'Zonewatch’s background process did not answer. Try again in a moment.' } };
  }
}

const listeners = new Map<EventName, Set<(payload: unknown) => void>>();

ipcRenderer.on(EVENT_CHANNEL, (_event, message: unknown) => {
  if (!isEventMessage(message)) return;
  for (const listener of listeners.get(message.event) ?? []) {
    try {
      listener(message.payload);
    } catch (err) {
      console.error('zonewatch: an event listener failed', err);
    }
  }
});

function subscribe(event: EventName, listener: (payload: unknown) => void): () => void {
  let set = listeners.get(event);
  if (!set) listeners.set(event, (set = new Set()));
  // Wrapped so the same function subscribed twice gets two independent subscriptions.
  const entry = (payload: unknown) => listener(payload);
  set.add(entry);
  return () => void set.delete(entry);
}

contextBridge.exposeInMainWorld('zonewatch', buildApi(invoke, subscribe));
