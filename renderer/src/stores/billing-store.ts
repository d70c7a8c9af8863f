import { create } from 'zustand';
import type { BillingFilter } from '../../../shared/api/billing';
import type { AppError } from '../../../shared/app-error';
import type { BillingSyncProgress, BillingView } from '../../../shared/views';
import { api } from '../zonewatch-api';

export type BillingQueryState = { filter: BillingFilter; search: string; page: number; perPage: number };

type BillingState = {
  query: BillingQueryState;
  view: BillingView | null;
  loading: boolean;
  error: AppError | null;
  sync: BillingSyncProgress | null;
  syncError: AppError | null;
  exportNote: string | null;
  setQuery(patch: Partial<BillingQueryState>): Promise<void>;
  load(): Promise<void>;
  startSync(full: boolean): Promise<void>;
  onProgress(progress: BillingSyncProgress): void;
  exportCsv(): Promise<void>;
};

export const useBillingStore = create<BillingState>()((set, get) => ({
  query: { filter: 'all', search: '', page: 1, perPage: 50 },
  view: null,
  loading: false,
  error: null,
  sync: null,
  syncError: null,
  exportNote: null,
  async setQuery(patch) {
    // Any change but the page starts again at page 1.
    set(({ query }) => ({ query: { ...query, page: 1, ...patch } }));
    await get().load();
  },
  async load() {
    const query = get().query;
    set({ loading: true });
    const res = await api().billing.query(query);
    if (get().query !== query) return; // a newer query is on its way
    if (res.ok) set({ view: res.value, error: null, loading: false });
    else set({ error: res.error, loading: false });
  },
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
    else if (res.value.saved) set({ exportNote: `Saved ${res.value.rows} rows${res.value.fileName ? ` to ${res.value.fileName}` : ''}.` });
    else set({ exportNote: 'Export cancelled.' });
  },
}));
