import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { ChannelDraft, ChannelPatch, ChannelTestResult, ChannelView, DeliveryLog } from '../../../shared/channels';
import type { Result } from '../../../shared/ipc';
import { api } from '../zonewatch-api';

type ChannelsState = {
  channels: ChannelView[] | null;
  error: AppError | null;
  /** The delivery log, newest first; null until read. */
  log: DeliveryLog | null;
  logError: AppError | null;
  load(): Promise<void>;
  loadLog(): Promise<void>;
  /** The `channels` and `deliveries` events. */
  setChannels(channels: ChannelView[]): void;
  setLog(log: DeliveryLog): void;
  add(draft: ChannelDraft): Promise<Result<ChannelView>>;
  update(patch: ChannelPatch): Promise<Result<ChannelView>>;
  remove(id: string): Promise<AppError | null>;
  test(id: string): Promise<Result<ChannelTestResult>>;
};

/** The channels as the window may see them (never a secret) and the delivery log (docs/desktop.md › Channels). */
export const useChannelsStore = create<ChannelsState>()((set, get) => {
  const upsert = (view: ChannelView) => {
    const list = get().channels ?? [];
    set({ channels: list.some((c) => c.id === view.id) ? list.map((c) => (c.id === view.id ? view : c)) : [...list, view] });
  };
  return {
    channels: null,
    error: null,
    log: null,
    logError: null,
    async load() {
      const res = await api().channels.list();
      if (res.ok) set({ channels: res.value, error: null });
      else set({ error: res.error });
    },
    async loadLog() {
      const res = await api().channels.log();
      if (res.ok) set({ log: res.value, logError: null });
      else set({ logError: res.error });
    },
    setChannels(channels) {
      set({ channels, error: null });
    },
    setLog(log) {
      set({ log, logError: null });
    },
    async add(draft) {
      const res = await api().channels.add(draft);
      if (res.ok) upsert(res.value);
      return res;
    },
    async update(patch) {
      const res = await api().channels.update(patch);
      if (res.ok) upsert(res.value);
      return res;
    },
    async remove(id) {
      const res = await api().channels.remove({ id });
      if (!res.ok) return res.error;
      set({ channels: (get().channels ?? []).filter((c) => c.id !== id) });
      return null;
    },
    test: (id) => api().channels.test({ id }),
  };
});
