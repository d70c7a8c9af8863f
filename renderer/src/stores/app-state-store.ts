import { create } from 'zustand';
import type { AppState } from '../../../shared/app-state';
import { api } from '../zonewatch-api';

type AppStateStore = {
  /** Paused, offline, asleep, snoozed: app-wide, said once for every account; null until read. */
  app: AppState | null;
  load(): Promise<void>;
  set(app: AppState): void;
  /** A snooze the window set: shown at once, before the core's `app` event says it again. */
  setSnoozedUntil(snoozedUntil: string | null): void;
};

export const useAppStateStore = create<AppStateStore>()((set) => ({
  app: null,
  async load() {
    const res = await api().app.state();
    if (res.ok) set({ app: res.value });
  },
  set(app) {
    set({ app });
  },
  setSnoozedUntil(snoozedUntil) {
    set(({ app }) => (app ? { app: { ...app, snoozedUntil } } : {}));
  },
}));
