import { type RefObject, useLayoutEffect } from 'react';

/** A list never gets less than this (a row and a half), even where the window leaves it less. */
const MIN_HEIGHT_PX = 112;

/**
 * Makes `ref`'s element (a scrolling list) as tall as the window leaves below its top when the page
 * is at its top, less `gapPx` (its frame's border and a little air), so the list's end is inside
 * the window: scrolling it to the end never scrolls the page under it (docs/architecture.md › How updates reach the window).
 * Measured again whenever anything on the page changes size or the window does; the height is set
 * on the element, not through React, so no render follows.
 */
export function useRoomBelow(ref: RefObject<HTMLElement | null>, shown: boolean, gapPx: number): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const fit = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const height = `${Math.max(MIN_HEIGHT_PX, Math.floor(window.innerHeight - top - gapPx))}px`;
      if (element.style.height !== height) element.style.height = height;
    };
    fit();
    window.addEventListener('resize', fit);
    // What stands above the list (a notice, the filters) changes the page's size: the list follows.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', fit);
      observer?.disconnect();
    };
  }, [ref, shown, gapPx]);
}
