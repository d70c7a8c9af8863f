import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useRef } from 'react';

type Props<T> = {
  items: readonly T[];
  keyOf: (item: T) => string;
  /** A first guess at a row's height; each row is measured once it is drawn. */
  estimate: number;
  render: (item: T, index: number) => ReactNode;
  /** The scrolling box's class: its CSS gives it its height. */
  className: string;
  role: 'rowgroup' | 'list' | 'group';
  label?: string;
  /** Each row's own attributes (its role). */
  rowProps?: (index: number) => Record<string, string | number>;
  /** The rows hold nothing to focus: the box takes the focus itself, so the keyboard can scroll it. */
  focusable?: boolean;
};

/**
 * A long list drawn as only the rows in view (docs/desktop.md › Caps), the way the zone list is:
 * thousands of rows cost what a screenful does, to draw and to re-render.
 */
export function VirtualRows<T>({ items, keyOf, estimate, render, className, role, label, rowProps, focusable = false }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback((index: number) => (items[index] === undefined ? index : keyOf(items[index])), [items, keyOf]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimate,
    getItemKey,
    overscan: 8,
    initialRect: { width: 400, height: 480 },
  });
  return (
    <div ref={scroller} className={className} role={role} aria-label={label} tabIndex={focusable ? 0 : undefined}>
      <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div key={row.key} ref={virtualizer.measureElement} data-index={row.index} className="virtual-slot" style={{ transform: `translateY(${row.start}px)` }} {...rowProps?.(row.index)}>
            {render(items[row.index] as T, row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}

