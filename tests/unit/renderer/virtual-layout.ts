/**
 * jsdom lays nothing out: the virtualized boxes of these classes get a size, their rows
 * (`.virtual-slot`) a height, their content the height of their rows, and scrolling moves the
 * offset and says so in the next frame, as a browser does. Call in `beforeAll`.
 */
export function layOutVirtualBoxes(boxes: readonly string[], { box, row }: { box: number; row: number }): void {
  const isBox = (el: HTMLElement) => boxes.some((name) => el.classList.contains(name));
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => box });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get(this: HTMLElement) { return isBox(this) ? box : this.classList.contains('virtual-slot') ? row : 0; } });
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get(this: HTMLElement) { return isBox(this) || this.classList.contains('virtual-slot') ? 400 : 0; } });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get(this: HTMLElement) { return isBox(this) ? Number.parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '0') : 0; } });
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
  } as typeof HTMLElement.prototype.scrollTo;
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

/** The caps view's virtualized boxes: its zones, the preview's lines, the hand-picked list. */
export const CAPS_BOXES = ['caps-list', 'caps-lines', 'caps-hand'] as const;
