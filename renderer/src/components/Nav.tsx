import { useEffect, useId, useRef, useState } from 'react';
import type { ViewName } from '../../../shared/notification';
import { type LabelledView, VIEW_LABELS } from '../model/view-labels';
import { useNavigationStore } from '../stores/navigation-store';

type Section = { view: ViewName; label: string };
const sections = (views: readonly LabelledView[]): Section[] => views.map((view) => ({ view, label: VIEW_LABELS[view] }));

/** Always in the bar, even in the narrowest window. */
const PRIMARY = sections(['overview', 'zones', 'billing']);
/** In the bar when the window is wide enough (styles.css › .nav), otherwise behind "More". */
const SECONDARY = sections(['history', 'notifications', 'account', 'plans', 'users', 'settings']);

/** Under "All accounts" only what is not one account's: the overview of them all, and the app's settings. */
const ALL_ACCOUNTS_SECTIONS = sections(['accounts', 'settings']);

export function Nav({ allAccounts = false }: { allAccounts?: boolean }) {
  const view = useNavigationStore((s) => s.view);
  const go = useNavigationStore((s) => s.go);
  // Under "All accounts" every view but Settings (and its delivery log) shows the overview of them all (App.tsx).
  const shown = view === 'deliveries' ? 'settings' : view;
  const current = allAccounts && shown !== 'settings' ? 'accounts' : shown === 'zone' || shown === 'caps' ? 'zones' : shown;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const moreRef = useRef<HTMLLIElement>(null);
  const currentSecondary = SECONDARY.find((s) => s.view === current);

  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (!moreRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const item = (s: Section, className?: string) => (
    <li key={s.view} className={className}>
      <button
        type="button"
        aria-current={current === s.view ? 'page' : undefined}
        onClick={() => {
          setOpen(false);
          go(s.view);
        }}
      >
        {s.label}
      </button>
    </li>
  );

  if (allAccounts) {
    return (
      <nav className="nav" aria-label="Sections">
        <ul>{ALL_ACCOUNTS_SECTIONS.map((s) => item(s))}</ul>
      </nav>
    );
  }

  return (
    <nav className="nav" aria-label="Sections">
      <ul>
        {PRIMARY.map((s) => item(s))}
        {SECONDARY.map((s) => item(s, 'nav-wide'))}
        <li
          ref={moreRef}
          className="nav-more"
          onKeyDown={(e) => {
            if (e.key === 'Escape' && open) {
              setOpen(false);
              moreRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
            }
          }}
        >
          <button type="button" aria-expanded={open} aria-controls={menuId} className={currentSecondary ? 'current' : undefined} onClick={() => setOpen(!open)}>
            More<span className="visually-hidden"> sections{currentSecondary ? `, showing ${currentSecondary.label}` : ''}</span>
            <span aria-hidden="true"> ▾</span>
          </button>
          {open && <ul id={menuId}>{SECONDARY.map((s) => item(s))}</ul>}
        </li>
      </ul>
    </nav>
  );
}
