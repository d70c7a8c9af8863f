import { dialog } from 'electron';
import type { Dialogs } from './tray-actions';

/**
 * The dialogs port over Electron's message box: the last button is the default and what Escape
 * chooses (Cancel, or OK alone). `whileDialog` keeps the popover from hiding while the box has focus.
 */
export function createDialogs(whileDialog: <T>(fn: () => Promise<T>) => Promise<T>): Dialogs {
  return {
    async ask({ type, message, detail, buttons }) {
      const last = buttons.length - 1;
      const { response } = await whileDialog(() => dialog.showMessageBox({ type, title: 'Zonewatch', message, detail, buttons, defaultId: last, cancelId: last }));
      return response;
    },
  };
}
