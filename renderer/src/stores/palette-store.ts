import { create } from 'zustand';
import type { AppError } from '../../../shared/app-error';
import type { PaletteChoice, PaletteList } from '../../../shared/palette';
import { reportDialog, stopConfirmation } from '../../../shared/spend-stop-text';
import type { SpendStopReport } from '../../../shared/spend-stop';
import type { ToggleConfirmation } from '../../../shared/zone-toggle-confirmation';
import { errorText } from '../model/error-text';
import { type PaletteItem, paletteItems, toggleVerb, zoneActionItems } from '../model/palette-items';
import { type PaletteIndex, paletteIndex, searchPalette } from '../model/palette-search';
import { api } from '../zonewatch-api';
import { selectedProfileId } from './account-call';
import { useAccountsStore } from './accounts-store';
import { useAppStateStore } from './app-state-store';
import { navigateTo } from './navigate-to';
import { useSnapshotStore } from './snapshot-store';

/**
 * The command palette's own state (docs/desktop.md › The command palette): typing changes only this
 * store, so nothing else in the window re-renders. Its zones come from `palette:list`; the account
 * marks and offers from the accounts store's read models; its actions go through the same channels
 * as the views and the tray.
 */
type PaletteState = {
  open: boolean;
  query: string;
  list: PaletteList | null;
  loadError: AppError | null;
  index: PaletteIndex;
  results: PaletteItem[];
  active: number;
  /** The zone whose actions are listed instead of the results (→ on a zone); Esc or ← goes back. */
  actionsOf: PaletteItem | null;
  /** Disabling a zone with open connections, or Stop all spend, asks first, inside the palette. */
  confirming: { item: PaletteItem; ask: ToggleConfirmation } | null;
  /** An action under way: its item id. */
  busy: string | null;
  /** What the last action did, or why it could not, in plain words. */
  message: { text: string; error: boolean } | null;
  show(): void;
  hide(): void;
  load(): Promise<void>;
  /** The accounts' read models or the app state changed: marks, offers and the pause item follow. */
  rebuild(): void;
  setQuery(query: string): void;
  move(by: number): void;
  setActive(index: number): void;
  /** Enter on the active row (or a click on row `index`): its default action. */
  choose(index?: number): Promise<void>;
  /** → on a zone: its actions; ← or Esc from there: back to the results. */
  showActions(): void;
  back(): void;
  confirm(): Promise<void>;
  cancelConfirm(): void;
};

const EMPTY: PaletteIndex = paletteIndex([]);

function indexFor(list: PaletteList | null): PaletteIndex {
  if (!list) return EMPTY;
  return paletteIndex(paletteItems(list, useAccountsStore.getState().overview?.accounts ?? [], useAppStateStore.getState().app));
}

/** Scrolls to a section of the view just opened and puts the keyboard on its heading, once its code has loaded (a few frames at most). */
function revealSection(heading: string, framesLeft = 120): void {
  const found = [...document.querySelectorAll<HTMLElement>('#content h2')].find((h) => h.textContent?.trim() === heading);
  if (!found) {
    if (framesLeft > 0) requestAnimationFrame(() => revealSection(heading, framesLeft - 1));
    return;
  }
  found.tabIndex = -1;
  found.scrollIntoView({ block: 'start' });
  found.focus();
}

const choiceOf = (item: PaletteItem): PaletteChoice => ({ id: item.kind === 'zoneAction' ? item.id.replace(/:[a-z]+$/, '') : item.id, profileId: item.account?.profileId ?? null });

export const usePaletteStore = create<PaletteState>()((set, get) => {
  /** Results for the current query; the active row stays on the same item where it can. */
  function refilter(index: PaletteIndex, query: string): Pick<PaletteState, 'index' | 'results' | 'active'> {
    const results = searchPalette(index, query, get().list?.recent ?? []);
    const before = get().results[get().active]?.id;
    const kept = before === undefined ? -1 : results.findIndex((item) => item.id === before);
    return { index, results, active: query === get().query && kept >= 0 ? kept : 0 };
  }

  function say(text: string, error = false): void {
    set({ message: { text, error }, busy: null });
  }

  async function remember(item: PaletteItem): Promise<void> {
    const res = await api().palette.remember({ choice: choiceOf(item) });
    if (res.ok) set(({ list }) => (list ? { list: { ...list, recent: res.value.recent } } : {}));
  }

  async function toggle(item: PaletteItem, confirmed: boolean): Promise<void> {
    const zone = item.zone;
    const profileId = item.account?.profileId;
    if (!zone || !profileId) return;
    if (item.unavailable) return say(`${item.account!.label}: ${item.unavailable}`, true);
    const enabled = zone.enabled !== true;
    if (!enabled && zone.disableAsks && !confirmed) return set({ confirming: { item, ask: zone.disableAsks }, message: null });
    set({ busy: item.id, confirming: null, message: null });
    void remember(item);
    const res = await api().zones.setEnabled({ profileId, zoneId: zone.zoneId, enabled });
    if (res.ok) {
      // The window's own list shows it at once when this account is the one shown (docs/architecture.md › Client behaviour › Actions).
      if (selectedProfileId() === profileId) useSnapshotStore.getState().upsertZone(res.value);
      await get().load();
      return say(`“${zone.name}” of ${item.account!.label} is now ${res.value.enabled === false ? 'off' : res.value.enabled ? 'on' : 'in an unknown state'}.`);
    }
    if (res.error.kind === 'not_found') {
      await get().load();
      return say(`“${zone.name}” is gone: it was deleted, or this key no longer sees it, since it was listed. Nothing was changed.`, true);
    }
    say(`Could not ${toggleVerb(zone).toLowerCase()} “${zone.name}”: ${errorText(res.error)} It is still ${zone.enabled === null ? 'in an unknown state' : zone.enabled ? 'on' : 'off'}.`, true);
  }

  /** A stop's or a restore's report, as the tray says it: the account, then the summary; a partial one as a problem. */
  function sayReport(item: PaletteItem, report: SpendStopReport): void {
    const partial = report.outcomes.some((o) => o.result === 'failed' || o.result === 'not_tried' || o.result === 'not_allowed');
    say(reportDialog(report, item.account?.label ?? null).message, partial);
  }

  /** Stop all spend of the item's account (docs/architecture.md › Stop all spend): its plan's one confirmation, asked inside the palette. */
  async function askStop(item: PaletteItem): Promise<void> {
    const profileId = item.account?.profileId;
    if (!profileId) return;
    set({ busy: item.id, message: null, confirming: null });
    const plan = await api().spend.plan({ profileId, retry: false });
    if (!plan.ok) return say(`Could not stop spend: ${errorText(plan.error)}`, true);
    const ask = stopConfirmation(plan.value, false, item.account!.label);
    if (ask.kind === 'refuse') return say(`${ask.message} ${ask.detail}`, true);
    set({ busy: null, confirming: { item, ask } });
  }

  async function stop(item: PaletteItem): Promise<void> {
    const profileId = item.account?.profileId;
    if (!profileId) return;
    set({ busy: item.id, confirming: null, message: null });
    void remember(item);
    const res = await api().spend.stop({ profileId, retry: false });
    await get().load();
    return res.ok ? sayReport(item, res.value) : say(`Could not stop spend: ${errorText(res.error)}`, true);
  }

  async function run(item: PaletteItem): Promise<void> {
    if (item.unavailable && item.action.type !== 'toggleZone') return say(item.unavailable, true);
    const profileId = item.account?.profileId;
    switch (item.action.type) {
      case 'toggleZone':
        return toggle(item, false);
      case 'zoneActions':
        return get().showActions();
      case 'navigate':
        void remember(item);
        get().hide();
        return navigateTo(item.action.target);
      case 'settingsSection':
        void remember(item);
        get().hide();
        navigateTo({ view: 'settings' });
        return revealSection(item.action.heading);
      case 'addAccount':
        void remember(item);
        get().hide();
        return useAccountsStore.getState().setAdding(true);
      case 'copyCredentials': {
        if (!profileId || !item.zone) return;
        set({ busy: item.id, message: null });
        const res = await api().zones.copyCredentials({ profileId, zoneId: item.zone.zoneId });
        return res.ok ? say(`Proxy credentials of “${item.zone.name}” copied. The clipboard is cleared in ${Math.round(res.value.clearsAfterMs / 1000)} s.`) : say(`Could not copy the credentials: ${errorText(res.error)}`, true);
      }
      case 'restore': {
        if (!profileId) return;
        set({ busy: item.id, message: null });
        void remember(item);
        const res = await api().spend.restore({ profileId });
        await get().load();
        return res.ok ? sayReport(item, res.value) : say(`Could not restore: ${errorText(res.error)}`, true);
      }
      case 'stopSpend':
        return askStop(item);
      case 'refreshAll': {
        set({ busy: item.id, message: null });
        void remember(item);
        const res = await api().poll.refreshAll();
        if (res.ok) useAccountsStore.getState().setOverview(res.value);
        return res.ok ? say('Every account was refreshed.') : say(`Could not refresh: ${errorText(res.error)}`, true);
      }
      case 'setPaused': {
        const res = await api().poll.setPaused({ paused: item.action.paused });
        void remember(item);
        if (!res.ok) return say(`Could not ${item.action.paused ? 'pause' : 'resume'} polling: ${errorText(res.error)}`, true);
        await useAppStateStore.getState().load();
        get().rebuild();
        return say(res.value.paused ? 'Polling is paused for every account.' : 'Polling resumed for every account.');
      }
      case 'snooze': {
        const res = await api().notifications.snooze({ until: '1h' });
        void remember(item);
        if (!res.ok) return say(`Could not snooze: ${errorText(res.error)}`, true);
        useAppStateStore.getState().setSnoozedUntil(res.value.snoozedUntil);
        return say('Notifications are snoozed for an hour.');
      }
    }
  }

  return {
    open: false,
    query: '',
    list: null,
    loadError: null,
    index: EMPTY,
    results: [],
    active: 0,
    actionsOf: null,
    confirming: null,
    busy: null,
    message: null,
    show() {
      if (!get().open) set({ open: true, query: '', actionsOf: null, confirming: null, message: null, ...refilter(get().index, '') });
      void get().load();
    },
    hide() {
      set({ open: false, actionsOf: null, confirming: null, busy: null });
    },
    async load() {
      const res = await api().palette.list();
      if (!res.ok) return set({ loadError: res.error });
      set({ list: res.value, loadError: null });
      get().rebuild();
    },
    rebuild() {
      const { list, query, actionsOf } = get();
      const index = indexFor(list);
      set(refilter(index, query));
      // The zone whose actions are listed gets its new state too (or goes, when it went).
      if (actionsOf) {
        const fresh = index.items.find((item) => item.id === actionsOf.id);
        set(fresh ? { actionsOf: fresh, results: zoneActionItems(fresh) } : { actionsOf: null });
      }
    },
    setQuery(query) {
      set({ query, actionsOf: null, confirming: null, ...refilter(get().index, query) });
    },
    move(by) {
      const { results, active } = get();
      if (results.length === 0) return;
      set({ active: Math.min(results.length - 1, Math.max(0, active + by)) });
    },
    setActive(index) {
      set({ active: index });
    },
    async choose(index) {
      const { results, active, busy } = get();
      const item = results[index ?? active];
      if (!item || busy) return;
      if (index !== undefined) set({ active: index });
      await run(item);
    },
    showActions() {
      const item = get().results[get().active];
      if (!item || item.kind !== 'zone') return;
      set({ actionsOf: item, results: zoneActionItems(item), active: 0, confirming: null });
    },
    back() {
      set({ actionsOf: null, confirming: null, ...refilter(get().index, get().query) });
    },
    async confirm() {
      const confirming = get().confirming;
      if (!confirming || get().busy) return;
      if (confirming.item.action.type === 'stopSpend') await stop(confirming.item);
      else await toggle(confirming.item, true);
    },
    cancelConfirm() {
      set({ confirming: null });
    },
  };
});
