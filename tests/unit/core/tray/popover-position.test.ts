import { describe, it, expect } from 'vitest';
import { popoverPosition } from '../../../../electron/core/tray/popover-position';

const size = { width: 400, height: 600 };
// A 1920×1080 display; work areas below leave room for a taskbar or menu bar.
const bottomTaskbar = { x: 0, y: 0, width: 1920, height: 1040 };

describe('popoverPosition', () => {
  it('opens above a Windows tray icon in a bottom taskbar, centred on the icon and resting on the taskbar', () => {
    expect(popoverPosition({ x: 1700, y: 1048, width: 24, height: 24 }, size, bottomTaskbar, null, 'win32')).toEqual({ x: 1512, y: 440 });
  });

  it('opens below the macOS menu bar icon', () => {
    const workArea = { x: 0, y: 25, width: 1440, height: 875 };
    expect(popoverPosition({ x: 1000, y: 0, width: 22, height: 24 }, size, workArea, null, 'darwin')).toEqual({ x: 811, y: 28 });
  });

  it('is clamped inside the work area when the icon sits near the screen corner', () => {
    const pos = popoverPosition({ x: 1900, y: 1050, width: 20, height: 20 }, size, bottomTaskbar, null, 'win32');
    expect(pos).toEqual({ x: 1520, y: 440 });
  });

  it('opens beside a taskbar docked on the left or the right', () => {
    const leftArea = { x: 60, y: 0, width: 1860, height: 1080 };
    expect(popoverPosition({ x: 18, y: 1000, width: 24, height: 24 }, size, leftArea, null, 'win32')).toEqual({ x: 60, y: 480 });
    const rightArea = { x: 0, y: 0, width: 1860, height: 1080 };
    expect(popoverPosition({ x: 1878, y: 500, width: 24, height: 24 }, size, rightArea, null, 'win32')).toEqual({ x: 1460, y: 212 });
  });

  it('works on a second display with negative coordinates', () => {
    const workArea = { x: -1280, y: 0, width: 1280, height: 984 };
    const pos = popoverPosition({ x: -100, y: 990, width: 24, height: 24 }, size, workArea, null, 'win32');
    expect(pos).toEqual({ x: -400, y: 384 });
  });

  it('on Linux with empty tray bounds, opens under the cursor near a top panel', () => {
    const workArea = { x: 0, y: 32, width: 1920, height: 1048 };
    expect(popoverPosition({ x: 0, y: 0, width: 0, height: 0 }, size, workArea, { x: 1800, y: 40 }, 'linux')).toEqual({ x: 1520, y: 44 });
  });

  it('on Linux with empty tray bounds, opens above the cursor near a bottom panel', () => {
    expect(popoverPosition({ x: 0, y: 0, width: 0, height: 0 }, size, bottomTaskbar, { x: 900, y: 1030 }, 'linux')).toEqual({ x: 700, y: 426 });
  });

  it('on Linux falls back to the top-right corner of the work area when the cursor is elsewhere', () => {
    const workArea = { x: 0, y: 32, width: 1920, height: 1048 };
    expect(popoverPosition({ x: 0, y: 0, width: 0, height: 0 }, size, workArea, { x: 5000, y: 40 }, 'linux')).toEqual({ x: 1516, y: 36 });
    expect(popoverPosition({ x: 0, y: 0, width: 0, height: 0 }, size, workArea, null, 'linux')).toEqual({ x: 1516, y: 36 });
  });

  it('keeps a gap from an icon inside an auto-hidden taskbar', () => {
    const full = { x: 0, y: 0, width: 1920, height: 1080 };
    expect(popoverPosition({ x: 1700, y: 1050, width: 24, height: 24 }, size, full, null, 'win32')).toEqual({ x: 1512, y: 446 });
  });

  it('sticks to the work area origin when the window is larger than the work area', () => {
    const small = { x: 0, y: 0, width: 300, height: 400 };
    expect(popoverPosition({ x: 280, y: 410, width: 20, height: 20 }, size, small, null, 'win32')).toEqual({ x: 0, y: 0 });
  });
});
