import { create } from 'zustand';
import type { UsersQuery } from '../../../shared/api/user';
import type { UsersView } from '../../../shared/views';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';
import { type PagedQueryState, pagedQuerySlice } from './paged-query';

type UsersState = PagedQueryState<UsersQuery, UsersView>;

export const useUsersStore = create<UsersState>()((set, get) =>
  pagedQuerySlice(set, get, { page: 1, count: 10, sort_order: 'ascending', sort_by: 'name' }, (query) => callForSelectedAccount((profileId) => api().users.list({ ...query, profileId }))),
);
