import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { HistoryPoint } from '../../../shared/history';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';

type HistoryState = {
  points: HistoryPoint[] | null;
  error: AppError | null;
  load(): Promise<void>;
};

export const useHistoryStore = create<HistoryState>()((set) => ({
  points: null,
  error: null,
  async load() {
    const res = await callForSelectedAccount((profileId) => api().history.get({ profileId }));
    if (!res) return;
    if (res.ok) set({ points: res.value, error: null });
    else set({ error: res.error });
  },
}));
