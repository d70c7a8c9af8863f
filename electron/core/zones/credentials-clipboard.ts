import { HandlerError } from '../ipc-dispatch';
import type { Clipboard, Clock, Logger } from '../ports';

/** Copied credentials leave the clipboard after 30 s (docs/architecture.md › Threat model). */
export const CLIPBOARD_CLEAR_MS = 30_000;

export type CredentialsClipboard = {
  /** Copies `text` and clears it again after CLIPBOARD_CLEAR_MS, unless the user copied something else since. */
  copy(text: string): Promise<void>;
  /**
   * Clears now what a pending clear would have cleared (the core is stopping: the app may quit
   * before the 30 s are up, and the key must not outlive it on the clipboard). Never throws.
   */
  clearNow(): Promise<void>;
};

export function createCredentialsClipboard(deps: { clipboard: Clipboard; clock: Clock; logger: Logger }): CredentialsClipboard {
  const { clipboard, clock, logger } = deps;
  let pending: { timer: unknown; text: string } | null = null;

  /** Empties the clipboard if it still holds `text`: whatever the user copied since stays. */
  async function clearIfStill(text: string): Promise<void> {
    try {
      if ((await clipboard.readText()) === text) await clipboard.writeText('');
    } catch (err) {
      logger.warn('core: could not clear the clipboard', { error: err });
    }
  }

  function takePending(): string | null {
    if (pending === null) return null;
    clock.clearTimeout(pending.timer);
    const { text } = pending;
    pending = null;
    return text;
  }

  return {
    async copy(text) {
      if (clipboard.secretsRefused !== undefined) {
        throw new HandlerError({ kind: 'unavailable', message: `Zonewatch cannot copy proxy credentials here: ${clipboard.secretsRefused}.` });
      }
      await clipboard.writeText(text);
      takePending();
      const timer = clock.setTimeout(() => {
        pending = null;
        void clearIfStill(text);
      }, CLIPBOARD_CLEAR_MS);
      pending = { timer, text };
    },
    async clearNow() {
      const text = takePending();
      if (text !== null) await clearIfStill(text);
    },
  };
}
