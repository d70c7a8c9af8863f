import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The colour a palette variable resolves to right now. The palette uses light-dark(), which only
 * resolves where it is used, so read it back through a probe's computed `color` (canvas needs rgb).
 */
export function cssVar(name: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name}, ${fallback})`;
  document.body.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color || fallback;
}

/**
 * Follows the element's width so a chart fills the window as it is resized. `mounted` re-attaches
 * the observer when the element first appears (a chart that renders a placeholder first).
 */
export function useWidth(ref: RefObject<HTMLElement | null>, fallback: number, mounted = true): number {
  const [width, setWidth] = useState(fallback);
  // Measured before the first paint too: the observer's first report comes a frame later, and
  // until then a chart drawn at the fallback width spills out of a narrower window.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const now = Math.floor(el.getBoundingClientRect().width);
    if (now > 0) setWidth(now);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(w);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, mounted]);
  return width;
}
