import { create } from 'zustand';
import type { SummaryQuery } from '../../../shared/digest';
import type { NavigateTarget, ViewName } from '../../../shared/notification';

export type Focus = NonNullable<NavigateTarget['focus']>;

type NavigationState = {
  view: ViewName;
  zoneId: string | null;
  /** A control to put the keyboard on when the view shows (a notification's action: docs/architecture.md › Notification actions). */
  focus: Focus | null;
  /** The period History's Summary is to show and scroll to (a digest's click), until it has. */
  summary: SummaryQuery | null;
  go(view: ViewName, zoneId?: string, focus?: Focus, summary?: SummaryQuery): void;
  /** The view took the focus request: a later re-render must not steal focus again. */
  focusTaken(): void;
  /** The Summary showed the period asked for. */
  summaryTaken(): void;
};

export const useNavigationStore = create<NavigationState>()((set) => ({
  view: 'overview',
  zoneId: null,
  focus: null,
  summary: null,
  go(view, zoneId, focus, summary) {
    set((s) => ({ view, zoneId: zoneId ?? (view === 'zone' ? s.zoneId : null), focus: focus ?? null, summary: summary ?? null }));
  },
  focusTaken() {
    set({ focus: null });
  },
  summaryTaken() {
    set({ summary: null });
  },
}));
