/**
 * What the Electron double saw: every rule broken is a `problem` (the suite asserts there are
 * none), calls made before `ready`, the order of lifecycle events, and what the app showed.
 */
export const recorder = {
  ready: false,
  problems: [] as string[],
  callsBeforeReady: [] as string[],
  /** Lifecycle and IPC events in order: `before-quit`, `window:close`, `will-quit`, `quit`, `fetch <url>`, … */
  timeline: [] as string[],
  /** The IPC channels registered when the first BrowserWindow was created. */
  channelsAtFirstWindow: null as string[] | null,
  /** Responses the next `dialog.showMessageBox` calls give, in order (else the cancel button). */
  messageBoxResponses: [] as number[],
  messageBoxes: [] as { type?: string; message: string }[],
  notifications: [] as { title: string; body: string; emit(event: string): void }[],
  openedExternal: [] as string[],
  exited: false,
};

export function problem(text: string): void {
  recorder.problems.push(text);
}

/**
 * Electron throws when these modules are used before `ready` (e.g. "Cannot create BrowserWindow
 * before app is ready", shell/browser/api/electron_api_base_window.cc; `screen`, `powerMonitor`,
 * `session`, `Tray`, `net` likewise, docs/api/*.md "can only be used after the ready event").
 */
export function needsReady(api: string): void {
  if (recorder.ready) return;
  problem(`${api} used before the app was ready`);
  throw new Error(`${api} cannot be used before the app is ready`);
}

/** Records a call; before `ready` it goes on the list the suite checks against its allow-list. */
export function called(api: string): void {
  if (!recorder.ready) recorder.callsBeforeReady.push(api);
}
