import type { Clipboard } from '../core/ports';

/** Electron 45's clipboard in main: asynchronous, after the W3C Clipboard API. */
export interface AsyncClipboard {
  readText(): Promise<string>;
  writeText(text: string): Promise<void>;
}

/**
 * The core's synchronous Clipboard port over the asynchronous one. The core copies proxy
 * credentials and, 30 s later, clears the clipboard only if it still holds them ("readText() ===
 * text, then writeText('')"). A synchronous read is impossible here, so `readText` answers with
 * what Zonewatch last wrote, and the clear (`writeText('')`) itself checks the real clipboard and
 * leaves alone anything the user copied since.
 */
export function createClipboardPort(clipboard: AsyncClipboard, onError: (error: unknown) => void): Clipboard & { settled(): Promise<void> } {
  let lastWritten = '';
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (job: () => Promise<void>) => {
    queue = queue.then(job).catch(onError);
  };
  return {
    writeText(text) {
      if (text === '') {
        const ours = lastWritten;
        lastWritten = '';
        enqueue(async () => {
          if (ours !== '' && (await clipboard.readText()) === ours) await clipboard.writeText('');
        });
        return;
      }
      lastWritten = text;
      enqueue(() => clipboard.writeText(text));
    },
    readText: () => lastWritten,
    /** Resolves when every queued clipboard operation has finished (tests). */
    settled: () => queue,
  };
}
