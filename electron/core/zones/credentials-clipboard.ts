import type { Clipboard, Clock, Logger } from '../ports';

/** DESIGN.md › Client behaviour › Secrets: copied credentials leave the clipboard after 30 s. */
export const CLIPBOARD_CLEAR_MS = 30_000;

export type CredentialsClipboard = {
  /** Copies `text` and clears it again after CLIPBOARD_CLEAR_MS, unless the user copied something else since. */
  copy(text: string): Promise<void>;
  /** Forgets the pending clear (the core is stopping). */
  cancel(): void;
};

export function createCredentialsClipboard(deps: { clipboard: Clipboard; clock: Clock; logger: Logger }): CredentialsClipboard {
  const { clipboard, clock, logger } = deps;
  let timer: unknown = null;

  function cancel(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  return {
    async copy(text) {
      await clipboard.writeText(text);
      cancel();
      timer = clock.setTimeout(() => {
        timer = null;
        // Only our own text: whatever the user copied since stays.
        const clear = async () => {
          if ((await clipboard.readText()) === text) await clipboard.writeText('');
        };
        clear().catch((err: unknown) => logger.warn('core: could not clear the clipboard', { error: err }));
      }, CLIPBOARD_CLEAR_MS);
    },
    cancel,
  };
}
