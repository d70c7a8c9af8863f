import { create } from 'zustand';
import type { Anomaly } from '../../../shared/anomalies';
import type { AppError } from '../../../shared/app-error';
import type { LedgerCalendar, LedgerDayView } from '../../../shared/ledger';
import { exportNoteText } from '../model/export-note';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';

type LedgerState = {
  calendar: LedgerCalendar | null;
  error: AppError | null;
  /** The days that broke their zone's weekday pattern, newest first (null until read). */
  anomalies: readonly Anomaly[] | null;
  /** The day whose zones are listed, `YYYY-MM-DD` (UTC). */
  selected: string | null;
  dayView: LedgerDayView | null;
  dayError: AppError | null;
  exportNote: string | null;
  load(): Promise<void>;
  selectDay(day: string | null): Promise<void>;
  exportCsv(): Promise<void>;
  exportAllCsv(): Promise<void>;
};

/** The selected account's daily ledger, as the History view shows it. */
export const useLedgerStore = create<LedgerState>()((set, get) => ({
  calendar: null,
  error: null,
  anomalies: null,
  selected: null,
  dayView: null,
  dayError: null,
  exportNote: null,
  async load() {
    const res = await callForSelectedAccount((profileId) => api().history.calendar({ profileId }));
    if (!res) return;
    if (res.ok) set({ calendar: res.value, error: null });
    else set({ error: res.error });
    const unusual = await callForSelectedAccount((profileId) => api().history.anomalies({ profileId }));
    if (unusual?.ok) set({ anomalies: unusual.value });
    const selected = get().selected;
    if (selected) await get().selectDay(selected);
  },
  async selectDay(day) {
    set({ selected: day, dayError: null, ...(day === null || get().dayView?.day !== day ? { dayView: null } : {}) });
    if (day === null) return;
    const res = await callForSelectedAccount((profileId) => api().history.day({ profileId, day }));
    if (!res || get().selected !== day) return;
    if (res.ok) set({ dayView: res.value });
    else set({ dayError: res.error });
  },
  async exportCsv() {
    set({ exportNote: null });
    const res = await callForSelectedAccount((profileId) => api().history.exportCsv({ profileId }));
    if (res) set({ exportNote: exportNoteText(res) });
  },
  async exportAllCsv() {
    set({ exportNote: null });
    set({ exportNote: exportNoteText(await api().history.exportAllCsv()) });
  },
}));
