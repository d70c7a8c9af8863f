import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { PlanAdvice } from '../../../shared/views';
import { api } from '../zonewatch-api';

type PlansState = {
  advice: PlanAdvice | null;
  error: AppError | null;
  loadAdvice(): Promise<void>;
};

export const usePlansStore = create<PlansState>()((set) => ({
  advice: null,
  error: null,
  async loadAdvice() {
    const res = await api().plans.advisor();
    if (res.ok) set({ advice: res.value, error: null });
    else set({ error: res.error });
  },
}));
