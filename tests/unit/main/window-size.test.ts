import { describe, it, expect } from 'vitest';
import { DEFAULT_WINDOW_SIZE, windowSizeFor } from '../../../electron/main/window-size';

const laptop = { width: 1366, height: 728 };

describe('windowSizeFor', () => {
  it('reopens at the size the user left it', () => {
    expect(windowSizeFor({ width: 500, height: 700 }, laptop)).toEqual({ width: 500, height: 700 });
  });

  it('uses the default size the first time, or when the saved value is damaged', () => {
    expect(windowSizeFor(undefined, laptop)).toEqual(DEFAULT_WINDOW_SIZE);
    expect(windowSizeFor({ width: 'wide' }, laptop)).toEqual(DEFAULT_WINDOW_SIZE);
  });

  it('shrinks a size saved on a big monitor to fit a smaller work area, and never below the minimum', () => {
    expect(windowSizeFor({ width: 2400, height: 1400 }, laptop)).toEqual({ width: 1366, height: 728 });
    expect(windowSizeFor({ width: 100, height: 100 }, laptop)).toEqual({ width: 360, height: 480 });
  });
});
