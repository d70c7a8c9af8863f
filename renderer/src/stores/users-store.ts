import { create } from 'zustand';
import type { UsersQuery } from '../../../shared/api/user';
import type { AppError } from '../../../shared/app-error';
import type { UsersView } from '../../../shared/views';
import { api } from '../zonewatch-api';

type UsersState = {
  query: UsersQuery;
  view: UsersView | null;
  loading: boolean;
  error: AppError | null;
  setQuery(patch: Partial<UsersQuery>): Promise<void>;
  load(): Promise<void>;
};

export const useUsersStore = create<UsersState>()((set, get) => ({
  query: { page: 1, count: 10, sort_order: 'ascending', sort_by: 'name' },
  view: null,
  loading: false,
  error: null,
  async setQuery(patch) {
    set(({ query }) => ({ query: { ...query, page: 1, ...patch } }));
    await get().load();
  },
  async load() {
    const query = get().query;
    set({ loading: true });
    const res = await api().users.list(query);
    if (get().query !== query) return;
    if (res.ok) set({ view: res.value, error: null, loading: false });
    else set({ error: res.error, loading: false });
  },
}));
