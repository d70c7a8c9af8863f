import { useEffect, useRef } from 'react';

/**
 * Focus goes back to the control that opened a confirmation, on confirm and on cancel
 * (docs/desktop.md › The keyboard keeps its place). A panel takes the focus when it opens and is
 * removed while it holds it, so without this the keyboard lands on <body>. The opener is often
 * gone by then: replaced by the panel, re-rendered, disabled while the panel's data loaded, or
 * scrolled out of a virtual list. So openers carry a key (`opener(key)`) that finds them again,
 * and a view that can bring one back into the page (the Zones list) registers a revealer.
 */
const ATTRIBUTE = 'data-opener';
const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

type Opener = { key: string | null; element: HTMLElement | null };
/** Brings the control named `key` into the page (e.g. scrolls its row into view); false when it cannot. */
export type Revealer = (key: string) => boolean;

const revealers = new Set<Revealer>();
let lastActivated: Opener | null = null;
let stopWaiting: (() => void) | null = null;

/** Marks a control that opens a confirmation; `key` must name it alone in the window (`zone-toggle:A1`). */
export function opener(key: string): { 'data-opener': string } {
  return { [ATTRIBUTE]: key } as { 'data-opener': string };
}

export const zoneToggleOpener = (zoneId: string) => `zone-toggle:${zoneId}`;

function openerOf(element: Element | null): Opener | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const marked = element.closest<HTMLElement>(`[${ATTRIBUTE}]`);
  return { element: marked ?? element, key: marked?.getAttribute(ATTRIBUTE) ?? null };
}

// The control focused or clicked last (Enter and Space on a button click it too). Read when a panel
// opens: a control disabled while the panel's data loads ("Checking…") has lost the focus by then.
if (typeof document !== 'undefined') {
  const note = (e: Event) => void (lastActivated = openerOf(e.target as Element | null));
  document.addEventListener('focusin', note, true);
  document.addEventListener('click', note, true);
}

function currentOpener(): Opener | null {
  const clicked = lastActivated;
  lastActivated = null;
  // It counts when its control lost the focus by being disabled or replaced since, not when the focus moved on.
  const stillClicked = clicked?.element && (!clicked.element.isConnected || clicked.element.matches(':disabled')) ? clicked : null;
  return openerOf(document.activeElement) ?? stillClicked;
}

const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;

function byKey(key: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(`[${ATTRIBUTE}]`)) if (element.getAttribute(ATTRIBUTE) === key) return element;
  return null;
}

/** The opener itself, or — when it can no longer act (its IPs are done, nothing runs) — the nearest control before it. */
function focusAt(target: HTMLElement): void {
  if (!target.matches(':disabled')) return target.focus();
  const before = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.matches(':disabled') && element.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING,
  );
  // A control that is not drawn (a folded menu's) does not take the focus: try the next nearest.
  for (const element of before.reverse()) {
    element.focus();
    if (document.activeElement === element) return;
  }
}

/** Where the keyboard goes when the opener is gone for good (a deleted zone, a removed account): the view itself. */
function focusView(): void {
  if (focusIsLost()) document.querySelector<HTMLElement>('main[tabindex]')?.focus();
}

/** Page updates a revealed opener may take to be drawn (a list scrolls, then draws its rows). */
const REVEAL_UPDATES = 20;

/**
 * Waits for a revealed opener to be drawn; gives up as soon as the person puts the focus anywhere,
 * and hands the focus to the view when the opener has not come within a few page updates.
 */
function awaitOpener(key: string): void {
  stopWaiting?.();
  let updates = 0;
  const observer = new MutationObserver(() => {
    const element = byKey(key);
    if (!element && ++updates < REVEAL_UPDATES) return;
    stop();
    if (element && focusIsLost()) focusAt(element);
    else focusView();
  });
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('focusin', stop);
    if (stopWaiting === stop) stopWaiting = null;
  };
  stopWaiting = stop;
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: [ATTRIBUTE] });
  document.addEventListener('focusin', stop);
}

function giveBack(from: Opener | null): void {
  // Someone placed the focus already (an outer panel closing in the same step, or the person).
  if (!focusIsLost()) return;
  const element = from?.element?.isConnected ? from.element : from?.key ? byKey(from.key) : null;
  if (element) return focusAt(element);
  // Once React is done with this step (a list scrolls outside of it), and every panel closing in it
  // has had its turn: an outer one may still find its opener.
  queueMicrotask(() => {
    if (!focusIsLost()) return;
    const key = from?.key;
    if (key && [...revealers].some((reveal) => reveal(key))) return awaitOpener(key);
    focusView();
  });
}

/**
 * In a confirmation panel (call it before the panel moves the focus into itself): remembers the
 * control that opened it, and gives that control the focus back when the panel closes.
 */
export function useReturnFocus(): void {
  // Read once per panel: a development re-run of the effect must not take the panel's own button for its opener.
  const from = useRef<Opener | null | undefined>(undefined);
  useEffect(() => {
    if (from.current === undefined) from.current = currentOpener();
    const captured = from.current;
    return () => giveBack(captured);
  }, []);
}

/** A view that can bring an opener back into the page while it is shown: `reveal` returns false for a key it does not know. */
export function useOpenerRevealer(reveal: Revealer): void {
  useEffect(() => {
    revealers.add(reveal);
    return () => void revealers.delete(reveal);
  }, [reveal]);
}
