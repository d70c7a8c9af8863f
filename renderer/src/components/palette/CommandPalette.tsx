import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useRef } from 'react';
import { usePaletteRequest } from '../../stores/palette-request';
import { usePaletteStore } from '../../stores/palette-store';
import { useAccountsStore } from '../../stores/accounts-store';
import { useAppStateStore } from '../../stores/app-state-store';
import { PaletteOption } from './PaletteOption';
import './palette.css';

const ROW_HEIGHT = 52;

function resultCount(n: number, actions: boolean): string {
  if (n === 0) return 'Nothing found. Try fewer letters, or the zone’s id.';
  if (actions) return `${n} actions`;
  return n === 1 ? '1 result' : `${n.toLocaleString('en-US')} results`;
}

/**
 * The command palette (docs/desktop.md › The command palette): an ARIA combobox whose listbox,
 * virtualized, holds every zone of every account, the views and the app's actions. The focus stays
 * in the field; the active row is its active descendant. Esc gives the focus back to where it was.
 */
export function CommandPalette() {
  const id = useId();
  const open = usePaletteStore((s) => s.open);
  const query = usePaletteStore((s) => s.query);
  const results = usePaletteStore((s) => s.results);
  const active = usePaletteStore((s) => s.active);
  const actionsOf = usePaletteStore((s) => s.actionsOf);
  const confirming = usePaletteStore((s) => s.confirming);
  const busy = usePaletteStore((s) => s.busy);
  const message = usePaletteStore((s) => s.message);
  const loadError = usePaletteStore((s) => s.loadError);
  const loaded = usePaletteStore((s) => s.list !== null);
  const requested = usePaletteRequest((s) => s.count);
  const input = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);
  // One handler for every row, so a row whose item did not change is not drawn again (PaletteOption is memoized).
  const pick = useCallback((index: number) => void usePaletteStore.getState().choose(index).then(() => input.current?.focus()), []);

  // Every ask opens it (or, when open, puts the focus back in its field).
  useEffect(() => {
    if (requested === 0) return;
    if (!usePaletteStore.getState().open) returnTo.current = document.activeElement;
    usePaletteStore.getState().show();
    input.current?.focus();
  }, [requested]);

  // While open, the accounts' read models and the app state keep its marks and offers current.
  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const later = () => {
      // Account updates come once per poll cycle each: one read of the zones for a burst of them.
      timer ??= setTimeout(() => {
        timer = null;
        void usePaletteStore.getState().load();
      }, 500);
    };
    const offAccounts = useAccountsStore.subscribe((s, before) => s.overview !== before.overview && later());
    const offApp = useAppStateStore.subscribe(() => usePaletteStore.getState().rebuild());
    return () => {
      offAccounts();
      offApp();
      if (timer) clearTimeout(timer);
    };
  }, [open]);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: results.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => results[index]?.id ?? index,
    overscan: 6,
    initialRect: { width: 400, height: 360 },
  });

  // The active row is kept in view; a row already in view costs no scroll (most keys: the first row stays active).
  useEffect(() => {
    if (!open || results.length === 0) return;
    const box = scroller.current;
    const row = virtualizer.measurementsCache[active];
    if (box && row && row.start >= box.scrollTop && row.end <= box.scrollTop + box.clientHeight) return;
    virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [open, active, results, virtualizer]);

  if (!open) return null;

  const close = () => {
    usePaletteStore.getState().hide();
    const back = returnTo.current;
    returnTo.current = null;
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
    else document.getElementById('content')?.focus();
  };
  const store = usePaletteStore.getState();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-opt-${index}`;
  const activeItem = results[active];

  /** The keys the field and the list share; → opens a zone's actions where `rightOpensActions`. */
  const onListKeys = (e: React.KeyboardEvent, rightOpensActions: boolean) => {
    if (e.key === 'ArrowDown') store.move(1);
    else if (e.key === 'ArrowUp') store.move(-1);
    else if (e.key === 'PageDown') store.move(8);
    else if (e.key === 'PageUp') store.move(-8);
    else if (e.key === 'Enter') void store.choose();
    else if (e.key === 'ArrowRight' && rightOpensActions && activeItem?.kind === 'zone') store.showActions();
    else if (e.key === 'ArrowLeft' && actionsOf) store.back();
    else if (e.key === 'Escape') {
      if (actionsOf) store.back();
      else close();
    } else return false;
    e.preventDefault();
    return true;
  };
  const onFieldKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => onListKeys(e, e.currentTarget.selectionStart === e.currentTarget.value.length);
  // The list is a Tab stop of its own (a scrolling region the keyboard must reach): its keys are the
  // field's, and a letter typed there goes on in the field.
  const onListKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (onListKeys(e, true)) return;
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !actionsOf) input.current?.focus();
  };

  return (
    <div className="palette-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div className="palette" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="visually-hidden">
          Find a zone, a view or an action
        </h2>
        <div className="palette-field">
          <input
            ref={input}
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeItem ? optionId(active) : undefined}
            aria-label={actionsOf ? `Actions of ${actionsOf.title}` : 'Find a zone, a view or an action'}
            aria-describedby={`${id}-help`}
            placeholder={actionsOf ? `Actions of ${actionsOf.title}` : 'Zone name or id, account, view, action…'}
            autoComplete="off"
            spellCheck={false}
            value={actionsOf ? '' : query}
            readOnly={actionsOf !== null}
            onChange={(e) => store.setQuery(e.target.value)}
            onKeyDown={onFieldKeyDown}
          />
          <button type="button" className="palette-close" onClick={close}>
            Close
          </button>
        </div>
        <p id={`${id}-help`} className="muted small palette-help">
          ↑↓ choose · Enter acts (a zone: on/off) · → a zone’s other actions{actionsOf ? ' · ← back' : ''} · Esc closes
        </p>
        {loadError && !loaded && <p className="palette-message error">Zonewatch could not read the zones: {loadError.message}</p>}
        {confirming && (
          <div className="confirm palette-confirm" role="group" aria-labelledby={`${id}-ask`} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), store.cancelConfirm(), input.current?.focus())}>
            <p id={`${id}-ask`}>
              <strong>{confirming.ask.message}</strong> {confirming.ask.detail}
            </p>
            <div className="actions">
              <button ref={confirmButton} type="button" className="danger" onClick={() => void store.confirm().then(() => input.current?.focus())}>
                {confirming.ask.confirmLabel}
              </button>
              <button
                type="button"
                onClick={() => {
                  store.cancelConfirm();
                  input.current?.focus();
                }}
              >
                Cancel
              </button>
            </div>
          </div>
        )}
        {/* The listbox scrolls itself: a Tab stop (axe's scrollable-region-focusable: a scrolling region
            the keyboard can reach) whose active descendant is the field's, so ↑↓ and Enter work there too. */}
        <div
          ref={scroller}
          id={listId}
          className="palette-scroller"
          role="listbox"
          tabIndex={0}
          aria-label={actionsOf ? `Actions of ${actionsOf.title}` : 'Results'}
          aria-activedescendant={activeItem ? optionId(active) : undefined}
          onKeyDown={onListKeyDown}
        >
          <div className="palette-rows" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((row) => {
              const item = results[row.index]!;
              return (
                <PaletteOption
                  key={row.key}
                  id={optionId(row.index)}
                  item={item}
                  active={row.index === active}
                  busy={busy === item.id}
                  top={row.start}
                  measure={virtualizer.measureElement}
                  index={row.index}
                  onPick={pick}
                />
              );
            })}
          </div>
        </div>
        <p className={`palette-message${message?.error ? ' error' : ''}`} role="status" aria-live="polite">
          {message ? message.text : loaded ? resultCount(results.length, actionsOf !== null) : 'Reading every account’s zones…'}
        </p>
      </div>
    </div>
  );
}
