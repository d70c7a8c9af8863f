import { create } from 'zustand';
import type { ViewName } from '../../../shared/notification';

type NavigationState = {
  view: ViewName;
  zoneId: string | null;
  go(view: ViewName, zoneId?: string): void;
};

export const useNavigationStore = create<NavigationState>()((set) => ({
  view: 'overview',
  zoneId: null,
  go(view, zoneId) {
    set((s) => ({ view, zoneId: zoneId ?? (view === 'zone' ? s.zoneId : null) }));
  },
}));
