import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { AppUpdate } from '../../../shared/app-update';
import { api } from '../zonewatch-api';

type AppUpdateState = {
  /** The update view as the core worked it out (the `appUpdate` event, or `updates:get`); null until it is read. */
  update: AppUpdate | null;
  load(): Promise<AppError | null>;
  set(update: AppUpdate): void;
  /** "Check for updates": resolves once the check has ended, to the error, if any. */
  check(): Promise<AppError | null>;
  /** "Restart to update": Zonewatch quits to install; resolves to the error, if any. */
  install(): Promise<AppError | null>;
};

/** Zonewatch's own updates, as Settings shows them (docs/desktop.md › Updates). */
export const useAppUpdateStore = create<AppUpdateState>()((set) => {
  const settle = (res: Awaited<ReturnType<ReturnType<typeof api>['updates']['get']>>) => {
    if (!res.ok) return res.error;
    set({ update: res.value });
    return null;
  };
  return {
    update: null,
    load: async () => settle(await api().updates.get()),
    set: (update) => set({ update }),
    check: async () => settle(await api().updates.check()),
    install: async () => settle(await api().updates.install()),
  };
});
