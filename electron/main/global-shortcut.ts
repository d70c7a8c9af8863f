import { globalShortcut } from 'electron';
import type { Logger } from '../core/ports';

/**
 * (Re)binds the configurable global shortcut that opens the popover. A shortcut another app owns,
 * or one Electron cannot parse, is logged and left unbound rather than failing the settings change.
 */
export function bindGlobalShortcut(accelerator: string | null, onPress: () => void, logger: Logger): boolean {
  globalShortcut.unregisterAll();
  if (!accelerator) return false;
  try {
    if (globalShortcut.register(accelerator, onPress)) return true;
    logger.warn('shortcut: already taken by another application', { accelerator });
  } catch (error) {
    logger.warn('shortcut: not a valid accelerator', { accelerator, error });
  }
  return false;
}
