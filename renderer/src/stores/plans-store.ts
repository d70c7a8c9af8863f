import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { PlanAdvice } from '../../../shared/views';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';

type PlansState = {
  advice: PlanAdvice | null;
  error: AppError | null;
  loadAdvice(): Promise<void>;
};

export const usePlansStore = create<PlansState>()((set) => ({
  advice: null,
  error: null,
  async loadAdvice() {
    const res = await callForSelectedAccount((profileId) => api().plans.advisor({ profileId }));
    if (!res) return;
    if (res.ok) set({ advice: res.value, error: null });
    else set({ error: res.error });
  },
}));
