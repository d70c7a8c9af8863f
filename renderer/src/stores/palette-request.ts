import { create } from 'zustand';

/**
 * Asks for the command palette (Ctrl/Cmd+K, "/", the tray's "Find a zone…", the global shortcut
 * while the window shows). Kept apart from the palette's own store so that the first screen loads
 * none of the palette's code (docs/desktop.md › Packaging › What the window loads first).
 */
type PaletteRequest = {
  /** How many times it was asked for: each ask opens it, or focuses it when open. */
  count: number;
  request(): void;
};

export const usePaletteRequest = create<PaletteRequest>()((set) => ({
  count: 0,
  request() {
    set(({ count }) => ({ count: count + 1 }));
  },
}));

/** Whether a key press asks for the palette: Ctrl/Cmd+K anywhere, "/" where no text field has the focus. */
export function asksForPalette(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, focused: Element | null): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (!(focused instanceof HTMLElement)) return true;
  const typing = focused.isContentEditable || focused instanceof HTMLTextAreaElement || focused instanceof HTMLSelectElement;
  const textInput = focused instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file'].includes(focused.type);
  return !typing && !textInput;
}
