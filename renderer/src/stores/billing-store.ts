import { create } from 'zustand';
import type { BillingFilter } from '../../../shared/api/billing';
import type { AppError } from '../../../shared/app-error';
import type { BillingSyncProgress, BillingView } from '../../../shared/views';
import { exportNoteText } from '../model/export-note';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';
import { type PagedQueryState, pagedQuerySlice } from './paged-query';

export type BillingQueryState = { filter: BillingFilter; search: string; page: number; perPage: number };

type BillingState = PagedQueryState<BillingQueryState, BillingView> & {
  sync: BillingSyncProgress | null;
  syncError: AppError | null;
  exportNote: string | null;
  startSync(full: boolean): Promise<void>;
  onProgress(progress: BillingSyncProgress): void;
  exportCsv(): Promise<void>;
  /** Every account's saved history in one file, with an account column. */
  exportAllCsv(): Promise<void>;
};

export const useBillingStore = create<BillingState>()((set, get) => ({
  ...pagedQuerySlice(set, get, { filter: 'all', search: '', page: 1, perPage: 50 }, (query) =>
    callForSelectedAccount((profileId) => api().billing.query({ ...query, profileId })),
  ),
  sync: null,
  syncError: null,
  exportNote: null,
  async startSync(full) {
    set({ sync: { page: 0, totalPages: null, entries: 0, done: false, error: null }, syncError: null });
    const res = await callForSelectedAccount((profileId) => api().billing.sync({ profileId, full }));
    if (!res) return;
    if (res.ok) set({ sync: res.value });
    else set({ syncError: res.error, sync: null });
    await get().load();
  },
  onProgress(progress) {
    set({ sync: progress });
    if (progress.done) void get().load();
  },
  async exportCsv() {
    const { filter, search } = get().query;
    set({ exportNote: null });
    const res = await callForSelectedAccount((profileId) => api().billing.exportCsv({ profileId, filter, search }));
    if (res) set({ exportNote: exportNoteText(res) });
  },
  async exportAllCsv() {
    set({ exportNote: null });
    const res = await api().billing.exportAllCsv({ filter: get().query.filter });
    set({ exportNote: exportNoteText(res) });
  },
}));
