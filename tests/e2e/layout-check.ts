import { expect, type Page } from '@playwright/test';

export type LayoutProblem = string;

/**
 * What a user would see as broken, read from the laid-out page: anything wider than the window
 * (the page scrolls sideways or a piece hangs off its edge), a control or label cut off by its own
 * box, and rows or cards drawn over one another. Runs inside the page, so it is self-contained.
 */
function findLayoutProblems(): string[] {
  const problems: string[] = [];
  const width = document.documentElement.clientWidth;
  const name = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${cls}> “${text}”`;
  };
  const hidden = (el: Element): boolean => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      if (e.matches('.visually-hidden, .skip')) return true;
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden') return true;
      // Text for screen readers only (the visually-hidden pattern: clipped to a 1 px box).
      if (style.position === 'absolute' && style.overflow === 'hidden' && e.getBoundingClientRect().width <= 1) return true;
    }
    return false;
  };
  // The part of an element that can be seen: its box cut to every ancestor that clips its overflow
  // (a scrolled list's rows beyond its edge are not drawn). Null when none of it can be seen.
  const visibleRect = (el: Element): { left: number; top: number; right: number; bottom: number } | null => {
    const r = el.getBoundingClientRect();
    let { left, top, right, bottom } = r;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      if (style.overflowX !== 'visible') {
        left = Math.max(left, c.left);
        right = Math.min(right, c.right);
      }
      if (style.overflowY !== 'visible') {
        top = Math.max(top, c.top);
        bottom = Math.min(bottom, c.bottom);
      }
    }
    return right - left > 0 && bottom - top > 0 ? { left, top, right, bottom } : null;
  };
  if (document.documentElement.scrollWidth > width + 1) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide in a ${width} px window`);

  const all = [...document.body.querySelectorAll('*')].filter((el) => !hidden(el));
  for (const el of all) {
    const r = visibleRect(el);
    if (!r) continue;
    if (r.right > width + 1 || r.left < -1) problems.push(`${name(el)} reaches ${Math.round(r.left)}…${Math.round(r.right)} px in a ${width} px window`);
    const style = getComputedStyle(el);
    const clipsX = style.overflowX !== 'visible';
    const isField = el instanceof HTMLInputElement && !['checkbox', 'radio', 'range', 'color', 'file'].includes(el.type);
    if ((clipsX || isField || el instanceof HTMLTextAreaElement) && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${name(el)} cuts off its content: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    }
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} is cut off with an ellipsis`);
    // A word or number too long for its box draws past it, over whatever is beside it.
    else if (!clipsX && !style.display.startsWith('inline') && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${name(el)} spills out of its box: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
    }
  }

  // A caption says what the whole table holds: squeezed into one narrow column it reads a word a line.
  for (const caption of document.querySelectorAll('caption')) {
    const table = caption.closest('table');
    if (!table || hidden(caption)) continue;
    const own = caption.getBoundingClientRect().width;
    const full = table.getBoundingClientRect().width;
    if (own < full - 1) problems.push(`${name(caption)} is narrower than its table: ${Math.round(own)} px of ${Math.round(full)} px`);
  }

  // A column or row head wraps between words ("Starter" / "($500/month)"), never inside one
  // ("($500/mont" / "h)"); after a "/" or a dash is between words.
  const BREAKS_AFTER = new Set(['/', '-', '‐', '–', '—']);
  for (const head of document.querySelectorAll('th')) {
    if (hidden(head)) continue;
    const walker = document.createTreeWalker(head, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!node.parentElement || hidden(node.parentElement)) continue;
      const range = document.createRange();
      const line = (index: number) => {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rects = range.getClientRects();
        return rects.length > 0 ? rects[0]! : null;
      };
      for (let i = 1; i < text.length; i++) {
        if (/\s/.test(text[i - 1]!) || /\s/.test(text[i]!) || BREAKS_AFTER.has(text[i - 1]!)) continue;
        const before = line(i - 1);
        const after = line(i);
        if (!before || !after || after.top < before.top + before.height / 2) continue;
        const start = text.slice(0, i).search(/\S+$/);
        const end = text.slice(i).search(/\s|$/);
        problems.push(`${name(head)} breaks the word “${text.slice(start, i)}|${text.slice(i, i + end)}” across lines`);
      }
    }
  }

  // Siblings in a list, table, grid of cards or stack of fields must not be drawn over one another.
  const groups = document.querySelectorAll('ul, ol, tbody, thead, .cards, [role="list"] > [role="presentation"], form, fieldset, section, dl');
  for (const group of groups) {
    // A sticky bar (the settings form's Save) is meant to stay over the content scrolling under it.
    const items = [...group.children].filter((c) => !hidden(c) && !['fixed', 'sticky'].includes(getComputedStyle(c).position));
    // Each item's own box and the visible boxes of everything drawn inside it, so content spilling out counts.
    const boxes = items.map((item) => {
      const own = item.getBoundingClientRect();
      const drawn = [...item.querySelectorAll('*')].filter((d) => !hidden(d)).map(visibleRect);
      return { item, own, drawn: [own, ...drawn].filter((r): r is NonNullable<typeof r> => r !== null && r.right - r.left > 0) };
    });
    // By more than a border's width.
    const overlap = (p: { left: number; top: number; right: number; bottom: number }, q: DOMRect) =>
      Math.min(p.right, q.right) - Math.max(p.left, q.left) > 2 && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 2;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.own.width === 0 || b.own.width === 0) continue;
        if (a.drawn.some((r) => overlap(r, b.own)) || b.drawn.some((r) => overlap(r, a.own))) problems.push(`${name(a.item)} and ${name(b.item)} overlap`);
      }
    }
  }
  return [...new Set(problems)];
}

export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(findLayoutProblems);
}

/** Fails, naming each piece, when anything on the page overflows the window or overlaps. */
export async function expectSoundLayout(page: Page, what: string): Promise<void> {
  const problems = await layoutProblems(page);
  expect(problems, `layout problems on ${what}`).toEqual([]);
}
