import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { NotificationRecord } from '../../../shared/notification';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';

type NotificationsState = {
  items: NotificationRecord[] | null;
  error: AppError | null;
  load(): Promise<void>;
  add(record: NotificationRecord): void;
};

export const useNotificationsStore = create<NotificationsState>()((set) => ({
  items: null,
  error: null,
  async load() {
    const res = await callForSelectedAccount((profileId) => api().notifications.list({ profileId }));
    if (!res) return;
    if (res.ok) set({ items: [...res.value].sort((a, b) => b.at.localeCompare(a.at)), error: null });
    else set({ error: res.error });
  },
  add(record) {
    set(({ items }) => ({ items: [record, ...(items ?? []).filter((i) => i.id !== record.id)] }));
  },
}));
