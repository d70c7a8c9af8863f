import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dialog, type BrowserWindow } from 'electron';
import type { SaveDialog } from '../core/ports';

/**
 * The SaveDialog port: asks where to save (starting in Downloads) and writes the file there.
 * `whileOpen` keeps the popover from hiding on blur while the dialog has focus.
 */
export function createSaveDialog(
  parent: () => BrowserWindow | null,
  downloadsDir: string,
  whileOpen: <T>(fn: () => Promise<T>) => Promise<T>,
): SaveDialog {
  return {
    saveText: (defaultName, content) =>
      whileOpen(async () => {
        const options = { defaultPath: join(downloadsDir, defaultName), filters: [{ name: 'CSV', extensions: ['csv'] }] };
        const win = parent();
        const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
        if (result.canceled || !result.filePath) return null;
        await writeFile(result.filePath, content, 'utf8');
        return { fileName: result.filePath };
      }),
  };
}
