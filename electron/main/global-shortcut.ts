import { globalShortcut } from 'electron';
import type { GlobalShortcuts, Logger } from '../core/ports';

/**
 * (Re)binds the global shortcut that opens the popover; none until the user records one. Settings
 * refuses an accelerator that cannot be bound (`globalShortcutsPort`), so a failure here means the
 * OS changed its mind since (another app took it): logged, and left unbound.
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

/**
 * Answers Settings' question "can this accelerator be bound?" by trying: Electron's `register`
 * returns false when another application holds it and throws when it cannot parse it
 * (docs/api/global-shortcut.md). A trial registration is released at once; the one in use
 * (`bound()`) is ours already and so fine.
 */
export function globalShortcutsPort(bound: () => string | null): GlobalShortcuts {
  return {
    problem(accelerator) {
      if (accelerator === bound()) return null;
      try {
        if (!globalShortcut.register(accelerator, () => undefined)) return 'another application already uses it';
        globalShortcut.unregister(accelerator);
        return null;
      } catch {
        return 'it is not a key combination the system understands (use modifiers such as CommandOrControl, Alt, Shift with one key)';
      }
    },
  };
}
