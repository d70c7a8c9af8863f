import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { Notice } from '../../../shared/notices';
import { api } from '../zonewatch-api';

type NoticesState = {
  /** The app-wide notices showing (docs/desktop.md › Notices), oldest first. */
  notices: Notice[];
  load(): Promise<void>;
  set(notices: Notice[]): void;
  /** Resolves to the error when the notice could not be dismissed (it then stays). */
  dismiss(id: string): Promise<AppError | null>;
};

/** The notices the core keeps until the user dismisses them; the `notices` event keeps them current. */
export const useNoticesStore = create<NoticesState>()((set) => ({
  notices: [],
  async load() {
    const res = await api().notices.list();
    if (res.ok) set({ notices: res.value });
  },
  set: (notices) => set({ notices }),
  async dismiss(id) {
    const res = await api().notices.dismiss({ id });
    if (!res.ok) return res.error;
    set({ notices: res.value });
    return null;
  },
}));
