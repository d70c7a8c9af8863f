import { z } from 'zod';
import type { Size } from '../core/tray/popover-position';

export const DEFAULT_WINDOW_SIZE: Size = { width: 420, height: 640 };
const MIN: Size = { width: 360, height: 480 };

export const SavedWindowSize = z.object({ width: z.number().int().positive(), height: z.number().int().positive() });

/**
 * The size to open with: what the user last chose, but never smaller than the layout needs nor
 * larger than the work area of the display it opens on (a size saved on a big monitor must not
 * spill off a laptop screen).
 */
export function windowSizeFor(saved: unknown, workArea: Size): Size {
  const parsed = SavedWindowSize.safeParse(saved);
  const wanted = parsed.success ? parsed.data : DEFAULT_WINDOW_SIZE;
  return {
    width: Math.max(Math.min(wanted.width, workArea.width), Math.min(MIN.width, workArea.width)),
    height: Math.max(Math.min(wanted.height, workArea.height), Math.min(MIN.height, workArea.height)),
  };
}

export const MIN_WINDOW_SIZE = MIN;
