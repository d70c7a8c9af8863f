import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { Settings, SettingsPatch } from '../../../shared/settings';
import { api } from '../zonewatch-api';

type SettingsState = {
  settings: Settings | null;
  error: AppError | null;
  load(): Promise<void>;
  set(settings: Settings): void;
  /** Resolves to the error, if any, so a form can show it beside itself. */
  update(patch: SettingsPatch): Promise<AppError | null>;
};

export const useSettingsStore = create<SettingsState>()((set) => ({
  settings: null,
  error: null,
  async load() {
    const res = await api().settings.get();
    if (res.ok) set({ settings: res.value, error: null });
    else set({ error: res.error });
  },
  set(settings) {
    set({ settings });
  },
  async update(patch) {
    const res = await api().settings.update(patch);
    if (!res.ok) return res.error;
    set({ settings: res.value, error: null });
    return null;
  },
}));
