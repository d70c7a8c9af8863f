import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { SpendStopPlan, SpendStopRecord, SpendStopReport } from '../../../shared/spend-stop';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';

type SpendStopState = {
  /** The "stopped by Zonewatch" record of the selected account; null when there is none. */
  record: SpendStopRecord | null;
  /** A stop (or retry) waiting for the person's confirmation. */
  asking: { plan: SpendStopPlan; retry: boolean } | null;
  busy: 'plan' | 'stop' | 'restore' | 'dismiss' | null;
  report: SpendStopReport | null;
  error: AppError | null;
  load(): Promise<void>;
  setRecord(record: SpendStopRecord | null): void;
  ask(retry: boolean): Promise<void>;
  cancel(): void;
  confirm(): Promise<void>;
  restore(): Promise<void>;
  dismiss(): Promise<void>;
  closeReport(): void;
};

/** "Stop all spend…", its retry, Restore and Dismiss in the window (docs/architecture.md › Stop all spend). */
export const useSpendStopStore = create<SpendStopState>()((set, get) => ({
  record: null,
  asking: null,
  busy: null,
  report: null,
  error: null,
  async load() {
    const res = await callForSelectedAccount((profileId) => api().spend.get({ profileId }));
    if (res?.ok) set({ record: res.value.record });
  },
  setRecord(record) {
    set({ record });
  },
  async ask(retry) {
    if (get().busy) return;
    set({ busy: 'plan', error: null, report: null });
    const res = await callForSelectedAccount((profileId) => api().spend.plan({ profileId, retry }));
    if (!res) return;
    set(res.ok ? { busy: null, asking: { plan: res.value, retry } } : { busy: null, error: res.error });
  },
  cancel() {
    set({ asking: null });
  },
  async confirm() {
    const asking = get().asking;
    if (!asking || get().busy) return;
    set({ busy: 'stop', error: null });
    const res = await callForSelectedAccount((profileId) => api().spend.stop({ profileId, retry: asking.retry }));
    if (!res) return;
    set(res.ok ? { busy: null, asking: null, report: res.value, record: res.value.record } : { busy: null, asking: null, error: res.error });
  },
  async restore() {
    if (get().busy) return;
    set({ busy: 'restore', error: null, report: null });
    const res = await callForSelectedAccount((profileId) => api().spend.restore({ profileId }));
    if (!res) return;
    set(res.ok ? { busy: null, report: res.value, record: res.value.record } : { busy: null, error: res.error });
  },
  async dismiss() {
    if (get().busy) return;
    set({ busy: 'dismiss', error: null });
    const res = await callForSelectedAccount((profileId) => api().spend.dismiss({ profileId }));
    if (!res) return;
    set(res.ok ? { busy: null, record: res.value.record, report: null } : { busy: null, error: res.error });
  },
  closeReport() {
    set({ report: null });
  },
}));
