export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** Space between the tray icon (or the cursor) and the popover. */
const GAP = 4;

/**
 * Where the popover's top-left corner goes. Next to the tray icon, on the side away from the
 * taskbar the icon sits in, clamped to the work area of that display. Linux indicators report
 * empty tray bounds, so there it opens near the cursor when the cursor is on that display, or in
 * the work area's top-right corner (where GNOME and KDE panels put indicators) when it is not.
 */
export function popoverPosition(
  trayBounds: Rect,
  windowSize: Size,
  workArea: Rect,
  cursor: Point | null,
  platform: string,
): Point {
  const { width, height } = windowSize;
  let x: number;
  let y: number;
  if (trayBounds.width <= 0 || trayBounds.height <= 0) {
    if (cursor !== null && contains(workArea, cursor)) {
      x = cursor.x - width / 2;
      const lowerHalf = cursor.y > workArea.y + workArea.height / 2;
      y = lowerHalf ? cursor.y - height - GAP : cursor.y + GAP;
    } else {
      x = workArea.x + workArea.width - width - GAP;
      y = workArea.y + GAP;
    }
  } else {
    const centerX = trayBounds.x + trayBounds.width / 2;
    const centerY = trayBounds.y + trayBounds.height / 2;
    const edge = platform === 'darwin' ? 'top' : taskbarEdge(trayBounds, workArea);
    if (edge === 'left' || edge === 'right') {
      x = edge === 'left' ? trayBounds.x + trayBounds.width + GAP : trayBounds.x - width - GAP;
      y = centerY - height / 2;
    } else {
      x = centerX - width / 2;
      y = edge === 'top' ? trayBounds.y + trayBounds.height + GAP : trayBounds.y - height - GAP;
    }
  }
  return {
    x: Math.round(clamp(x, workArea.x, workArea.x + workArea.width - width)),
    y: Math.round(clamp(y, workArea.y, workArea.y + workArea.height - height)),
  };
}

/** Which screen edge the tray is on: outside the work area on one side, or (auto-hidden taskbar) nearest. */
function taskbarEdge(tray: Rect, workArea: Rect): 'top' | 'bottom' | 'left' | 'right' {
  if (tray.y + tray.height <= workArea.y) return 'top';
  if (tray.y >= workArea.y + workArea.height) return 'bottom';
  if (tray.x + tray.width <= workArea.x) return 'left';
  if (tray.x >= workArea.x + workArea.width) return 'right';
  const centerY = tray.y + tray.height / 2;
  return centerY > workArea.y + workArea.height / 2 ? 'bottom' : 'top';
}

function contains(rect: Rect, p: Point): boolean {
  return p.x >= rect.x && p.x < rect.x + rect.width && p.y >= rect.y && p.y < rect.y + rect.height;
}

/** Keeps [value, value + size] inside [min, max + size]; a window larger than the area sticks to `min`. */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}
