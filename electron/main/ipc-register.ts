import type { AppError } from '../../shared/app-error';
import { CHANNELS, type Result } from '../../shared/ipc';
import { dispatch, type HandlerTable } from '../core/ipc-dispatch';

/** The part of an `IpcMainInvokeEvent` the sender check reads. */
export interface InvokeEventLike {
  readonly senderFrame: { readonly url: string; readonly parent: unknown } | null;
}

/** The part of Electron's `ipcMain` used here, so tests can pass a fake. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface RegisterIpcOptions {
  /** True when the frame is our renderer (see `isRendererUrl`). */
  isTrustedFrameUrl: (url: string) => boolean;
  toAppError: (err: unknown) => AppError;
  /** Told about refused senders, for the log; the URL is not a secret. */
  onForbidden?: (channel: string, frameUrl: string | null) => void;
}

const FORBIDDEN: Result<never> = {
  ok: false,
  error: { kind: 'forbidden_sender', message: 'This request did not come from the Zonewatch window and was refused.' },
};

/**
 * Serves every channel of the contract from the core's handler table. Each call is checked first
 * for its sender — the top-level frame of our renderer, never an iframe or another page — then
 * validated and answered by `dispatch` in the result envelope. Returns an unregister function.
 */
export function registerIpc(ipcMain: IpcMainLike, handlers: HandlerTable, options: RegisterIpcOptions): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, input) => {
      const frame = event.senderFrame;
      if (frame === null || frame.parent !== null || !options.isTrustedFrameUrl(frame.url)) {
        options.onForbidden?.(channel, frame?.url ?? null);
        return FORBIDDEN;
      }
      return dispatch(handlers, channel, input, options.toAppError);
    });
  }
  return () => {
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}
