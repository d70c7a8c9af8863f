/** The parts of a KeyboardEvent a shortcut is recorded from. */
export type KeyPress = { key: string; code: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean };

export type Recorded =
  | { kind: 'accelerator'; accelerator: string }
  /** Only modifiers so far, or a combination a global shortcut cannot be: shown, not saved. */
  | { kind: 'incomplete'; shown: string; hint: string }
  | { kind: 'clear' }
  | { kind: 'ignore' };

const MODIFIER_KEYS = new Set(['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'OS']);
const NAMED: Record<string, string> = {
  Space: 'Space', Enter: 'Enter', Tab: 'Tab', Backspace: 'Backspace', Delete: 'Delete', Insert: 'Insert',
  Home: 'Home', End: 'End', PageUp: 'PageUp', PageDown: 'PageDown',
  ArrowUp: 'Up', ArrowDown: 'Down', ArrowLeft: 'Left', ArrowRight: 'Right',
  Minus: '-', Equal: '=', BracketLeft: '[', BracketRight: ']', Semicolon: ';', Quote: "'", Comma: ',', Period: '.', Slash: '/', Backslash: '\\', Backquote: '`',
};

/** Electron's name for the key (docs/api/accelerator.md), from the physical key so Shift cannot change it; null when it has none. */
function keyName(code: string): string | null {
  if (/^Key[A-Z]$/.test(code)) return code.slice(3);
  if (/^Digit[0-9]$/.test(code)) return code.slice(5);
  if (/^F([1-9]|1[0-9]|2[0-4])$/.test(code)) return code;
  if (/^Numpad[0-9]$/.test(code)) return `num${code.slice(6)}`;
  return NAMED[code] ?? null;
}

/**
 * Turns one key press into an Electron accelerator. The platform's main modifier (⌘ on macOS,
 * Ctrl elsewhere) becomes `CommandOrControl`; a shortcut needs a modifier unless it is a function
 * key, since a bare letter would be taken from every application. Backspace or Delete alone clears.
 */
export function recordAccelerator(press: KeyPress, mac: boolean): Recorded {
  const modifiers = [
    ...((mac ? press.metaKey : press.ctrlKey) ? ['CommandOrControl'] : []),
    ...(mac && press.ctrlKey ? ['Control'] : []),
    ...(!mac && press.metaKey ? ['Super'] : []),
    ...(press.altKey ? ['Alt'] : []),
    ...(press.shiftKey ? ['Shift'] : []),
  ];
  if (MODIFIER_KEYS.has(press.key)) {
    return modifiers.length === 0 ? { kind: 'ignore' } : { kind: 'incomplete', shown: `${modifiers.join('+')}+…`, hint: 'Now press a key with the modifiers.' };
  }
  if (modifiers.length === 0 && (press.code === 'Backspace' || press.code === 'Delete')) return { kind: 'clear' };
  if (modifiers.length === 0 && (press.code === 'Tab' || press.code === 'Escape')) return { kind: 'ignore' };
  const key = keyName(press.code);
  if (key === null) return { kind: 'incomplete', shown: [...modifiers, press.key].join('+'), hint: 'That key cannot be part of a shortcut; try a letter, digit or function key.' };
  if (modifiers.length === 0 && !/^F\d+$/.test(key)) return { kind: 'incomplete', shown: key, hint: 'Add a modifier such as Ctrl, Alt or Shift (⌘ on a Mac).' };
  return { kind: 'accelerator', accelerator: [...modifiers, key].join('+') };
}
