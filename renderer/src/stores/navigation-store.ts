import { create } from 'zustand';
import type { NavigateTarget, ViewName } from '../../../shared/notification';

export type Focus = NonNullable<NavigateTarget['focus']>;

type NavigationState = {
  view: ViewName;
  zoneId: string | null;
  /** A control to put the keyboard on when the view shows (a notification's action: docs/architecture.md › Notification actions). */
  focus: Focus | null;
  go(view: ViewName, zoneId?: string, focus?: Focus): void;
  /** The view took the focus request: a later re-render must not steal focus again. */
  focusTaken(): void;
};

export const useNavigationStore = create<NavigationState>()((set) => ({
  view: 'overview',
  zoneId: null,
  focus: null,
  go(view, zoneId, focus) {
    set((s) => ({ view, zoneId: zoneId ?? (view === 'zone' ? s.zoneId : null), focus: focus ?? null }));
  },
  focusTaken() {
    set({ focus: null });
  },
}));
