import { create } from 'zustand';
import type { BillingFilter } from '../../../shared/api/billing';
import type { AppError } from '../../../shared/app-error';
import type { BillingSyncProgress, BillingView } from '../../../shared/views';
import { api } from '../zonewatch-api';
import { type PagedQueryState, pagedQuerySlice } from './paged-query';

export type BillingQueryState = { filter: BillingFilter; search: string; page: number; perPage: number };

type BillingState = PagedQueryState<BillingQueryState, BillingView> & {
  sync: BillingSyncProgress | null;
  syncError: AppError | null;
  exportNote: string | null;
  startSync(full: boolean): Promise<void>;
  onProgress(progress: BillingSyncProgress): void;
  exportCsv(): Promise<void>;
};

export const useBillingStore = create<BillingState>()((set, get) => ({
  ...pagedQuerySlice(set, get, { filter: 'all', search: '', page: 1, perPage: 50 }, (query) => api().billing.query(query)),
  sync: null,
  syncError: null,
  exportNote: null,
  async startSync(full) {
    set({ sync: { page: 0, totalPages: null, entries: 0, done: false, error: null }, syncError: null });
    const res = await api().billing.sync({ full });
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
    const res = await api().billing.exportCsv({ filter, search });
    if (!res.ok) set({ exportNote: `Export failed: ${res.error.message}` });
    else if (res.value.saved) {
      const leftOut = res.value.leftOut;
      const note = leftOut === 0 ? '' : ` ${leftOut} ${leftOut === 1 ? 'entry' : 'entries'} could not be read and ${leftOut === 1 ? 'is' : 'are'} not in the file.`;
      set({ exportNote: `Saved ${res.value.rows} rows${res.value.fileName ? ` to ${res.value.fileName}` : ''}.${note}` });
    }
    else set({ exportNote: 'Export cancelled.' });
  },
}));
