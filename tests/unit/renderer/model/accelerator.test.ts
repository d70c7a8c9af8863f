import { describe, expect, it } from 'vitest';
import { recordAccelerator, type KeyPress } from '../../../../renderer/src/model/accelerator';

const press = (code: string, mods: Partial<KeyPress> = {}, key = code): KeyPress => ({ key, code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

describe('recordAccelerator', () => {
  it('records Ctrl (⌘ on a Mac) as CommandOrControl, with the physical key so Shift cannot change it', () => {
    expect(recordAccelerator(press('KeyK', { ctrlKey: true, altKey: true }, 'k'), false)).toEqual({ kind: 'accelerator', accelerator: 'CommandOrControl+Alt+K' });
    expect(recordAccelerator(press('Digit1', { metaKey: true, shiftKey: true }, '!'), true)).toEqual({ kind: 'accelerator', accelerator: 'CommandOrControl+Shift+1' });
    expect(recordAccelerator(press('KeyK', { ctrlKey: true }), true)).toEqual({ kind: 'accelerator', accelerator: 'Control+K' });
    expect(recordAccelerator(press('ArrowUp', { altKey: true }), false)).toEqual({ kind: 'accelerator', accelerator: 'Alt+Up' });
  });
  it('allows a function key alone, but no bare letter', () => {
    expect(recordAccelerator(press('F9'), false)).toEqual({ kind: 'accelerator', accelerator: 'F9' });
    expect(recordAccelerator(press('KeyZ', {}, 'z'), false)).toMatchObject({ kind: 'incomplete', shown: 'Z' });
  });
  it('shows held modifiers while the user is still pressing', () => {
    expect(recordAccelerator(press('ShiftLeft', { shiftKey: true, ctrlKey: true }, 'Shift'), false)).toEqual({
      kind: 'incomplete',
      shown: 'CommandOrControl+Shift+…',
      hint: 'Now press a key with the modifiers.',
    });
  });
  it('clears on Backspace or Delete alone, and lets Tab move focus', () => {
    expect(recordAccelerator(press('Backspace'), false)).toEqual({ kind: 'clear' });
    expect(recordAccelerator(press('Tab'), false)).toEqual({ kind: 'ignore' });
  });
});
