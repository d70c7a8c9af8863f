import { buildApi, type Channel, type EventName, type Result } from '../../../shared/ipc';
import { showToast, type ToastAction } from './toast';

type Incoming =
  | { id: number; result: Result<unknown> }
  | { event: EventName; payload: unknown }
  | { event: 'bridge:download'; payload: { fileName: string; content: string } }
  | { event: 'bridge:toast'; payload: { title: string; body: string; severity: string; action?: ToastAction | null } }
  | { event: 'bridge:open'; payload: { url: string } };

const GONE: Result<never> = {
  ok: false,
  error: { kind: 'unavailable', message: 'The preview lost its connection to Zonewatch. Restart `npm run preview:web` and reload the page' },
};

/** A file the core "saved": in the browser it becomes a download. */
function download(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A link the core opened (it checked it first): a new tab, which learns nothing of this page. */
export function openLink(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return;
  }
  if (parsed.protocol === 'https:') window.open(parsed.href, '_blank', 'noopener,noreferrer');
}

/**
 * Installs `window.zonewatch` over the bridge's WebSocket (electron/web): requests `{id, channel,
 * input}` answered by `{id, result}`, and pushed `{event, payload}`. The token comes from the page
 * URL's fragment, which is never sent to any server.
 */
export async function installBridgeApi(): Promise<void> {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  const socket = new WebSocket(`ws://${location.host}/bridge?token=${encodeURIComponent(token)}`);
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let open = false;

  socket.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as Incoming;
    if ('id' in msg) {
      pending.get(msg.id)?.(msg.result);
      pending.delete(msg.id);
    } else if (msg.event === 'bridge:download') {
      const { fileName, content } = msg.payload as { fileName: string; content: string };
      download(fileName, content);
    } else if (msg.event === 'bridge:open') {
      openLink((msg.payload as { url: string }).url);
    } else if (msg.event === 'bridge:toast') {
      // The toast's action navigates as a notification click does in Electron (the `navigate` event).
      showToast(msg.payload, (target) => listeners.get('navigate')?.forEach((listener) => listener(target)));
    } else {
      for (const listener of listeners.get(msg.event) ?? []) listener(msg.payload);
    }
  });
  socket.addEventListener('close', () => {
    open = false;
    for (const resolve of pending.values()) resolve(GONE);
    pending.clear();
  });
  await new Promise<void>((resolve) => {
    socket.addEventListener('open', () => {
      open = true;
      resolve();
    });
    socket.addEventListener('error', () => resolve());
  });

  const invoke = (channel: Channel, input: unknown) =>
    new Promise<Result<unknown>>((resolve) => {
      if (!open) return resolve(GONE);
      const id = nextId++;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, channel, input }));
    });
  const subscribe = (event: EventName, listener: (payload: unknown) => void) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  };
  window.zonewatch = buildApi(invoke, subscribe);
}
