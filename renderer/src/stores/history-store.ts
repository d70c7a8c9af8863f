import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { HistoryPoint } from '../../../shared/history';
import { api } from '../zonewatch-api';

type HistoryState = {
  points: HistoryPoint[] | null;
  error: AppError | null;
  load(): Promise<void>;
};

export const useHistoryStore = create<HistoryState>()((set) => ({
  points: null,
  error: null,
  async load() {
    const res = await api().history.get({});
    if (res.ok) set({ points: res.value, error: null });
    else set({ error: res.error });
  },
}));
