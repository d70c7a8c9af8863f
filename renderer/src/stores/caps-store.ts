import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { Result } from '../../../shared/ipc';
import { applyChangesOf, type AccountCapRule, type CapRule, type CapsPreview, type CapsReport, type CapsView } from '../../../shared/caps';
import { api } from '../zonewatch-api';
import { callForSelectedAccount } from './account-call';

export type CapsAction = 'load' | 'preview' | 'apply' | 'retry' | 'undo' | 'forget' | 'accountCap';
type Busy = CapsAction;

type CapsState = {
  view: CapsView | null;
  /** The preview shown before anything is sent, with the zones and rule it was made for. */
  preview: { zoneIds: string[]; rule: CapRule; result: CapsPreview } | null;
  /** The zones and rule of the last preview, kept past its Apply: what "Preview again" asks for. */
  asked: { zoneIds: string[]; rule: CapRule } | null;
  report: CapsReport | null;
  busy: Busy | null;
  error: AppError | null;
  /** Which action failed: its error is said next to the button that asked for it. */
  errorAt: CapsAction | null;
  /** Forgets what it holds and reads the selected account's caps afresh (a view opened, another account chosen). */
  open(): Promise<void>;
  load(): Promise<void>;
  previewRule(zoneIds: string[], rule: CapRule): Promise<void>;
  closePreview(): void;
  /** Previews the last zones and rule afresh, as they are now (after an Apply left zones changed since). */
  previewAgain(): Promise<void>;
  /** Sets the caps exactly as the preview showed them; true once the report is in (false when refused or failed). */
  apply(): Promise<boolean>;
  retry(): Promise<void>;
  undo(): Promise<void>;
  forget(): Promise<void>;
  closeReport(): void;
  setAccountCap(rule: AccountCapRule | null): Promise<void>;
};

/** A refusal of the input in its own words ("Pick at least one zone."), not the field's path. */
function refusal(error: AppError): AppError {
  const field = error.kind === 'invalid_argument' ? error.fields?.[0] : undefined;
  return field ? { kind: error.kind, message: field.message } : error;
}

/** Caps of the selected account (docs/desktop.md › Caps): the view, the bulk form's preview, apply, Retry, Undo. */
export const useCapsStore = create<CapsState>()((set, get) => {
  /** Runs one call for the selected account; an answer for an account the person left is dropped. */
  async function run<T>(busy: Busy, call: (profileId: string) => Promise<Result<T>>, done: (value: T) => Partial<CapsState>): Promise<void> {
    if (get().busy) return;
    set({ busy, error: null, errorAt: null });
    const res = await callForSelectedAccount(call);
    if (!res) return set({ busy: null });
    set(res.ok ? { busy: null, ...done(res.value) } : { busy: null, error: refusal(res.error), errorAt: busy });
  }
  const afterReport = (report: CapsReport): Partial<CapsState> => ({ report, preview: null, view: get().view ? { ...get().view!, record: report.record } : null });
  return {
    view: null,
    preview: null,
    asked: null,
    report: null,
    busy: null,
    error: null,
    errorAt: null,
    open() {
      set({ view: null, preview: null, asked: null, report: null, busy: null, error: null, errorAt: null });
      return get().load();
    },
    load: () => run('load', (profileId) => api().caps.get({ profileId }), (view: CapsView) => ({ view })),
    previewRule: (zoneIds, rule) => run('preview', (profileId) => api().caps.preview({ profileId, zoneIds, rule }), (result: CapsPreview) => ({ preview: { zoneIds, rule, result }, asked: { zoneIds, rule }, report: null })),
    closePreview: () => set({ preview: null }),
    async previewAgain() {
      const asked = get().asked;
      if (asked) await get().previewRule(asked.zoneIds, asked.rule);
    },
    async apply() {
      const preview = get().preview;
      if (!preview) return false;
      // What the preview listed, each zone with the cap it showed and the one it showed coming: the
      // core sends exactly that, and only to zones still as shown (docs/desktop.md › Caps).
      await run('apply', (profileId) => api().caps.apply({ profileId, changes: applyChangesOf(preview.result) }), afterReport);
      const done = get().errorAt !== 'apply';
      // A refusal stays where it was said; only a report changes what the view shows.
      if (done) await get().load();
      return done;
    },
    async retry() {
      await run('retry', (profileId) => api().caps.retry({ profileId }), afterReport);
      if (get().errorAt !== 'retry') await get().load();
    },
    async undo() {
      await run('undo', (profileId) => api().caps.undo({ profileId }), afterReport);
      if (get().errorAt !== 'undo') await get().load();
    },
    forget: () => run('forget', (profileId) => api().caps.forget({ profileId }), (view: CapsView) => ({ view, report: null })),
    closeReport: () => set({ report: null }),
    setAccountCap: (rule) => run('accountCap', (profileId) => api().caps.setAccountCap({ profileId, rule }), (view: CapsView) => ({ view })),
  };
});
