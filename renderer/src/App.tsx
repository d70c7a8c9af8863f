import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import type { ViewName } from '../../shared/notification';
import { ErrorNotice } from './components/ErrorNotice';
import { Loading } from './components/Loading';
import { Nav } from './components/Nav';
import { NoticeList } from './components/NoticeList';
import { StatusBar } from './components/StatusBar';
import { useNow } from './components/use-now';
import { ALL_ACCOUNTS } from './model/account-selection';
import { followSelectedAccount } from './stores/account-switch';
import { useAccountsStore, useSelectedReadout } from './stores/accounts-store';
import { useAppStateStore } from './stores/app-state-store';
import { connectEvents } from './stores/connect-events';
import { useNavigationStore } from './stores/navigation-store';
import { useNoticesStore } from './stores/notices-store';
import { asksForPalette, usePaletteRequest } from './stores/palette-request';
import { useSettingsStore } from './stores/settings-store';
import { useSnapshotStore } from './stores/snapshot-store';
import { FirstRunView } from './views/FirstRunView';
import { OverviewView } from './views/OverviewView';

// The first screen (Overview, or first run) ships in the entry chunk; every other view is its own
// chunk, loaded when first shown (docs/desktop.md › Packaging › What the window loads first).
const AccountsView = lazy(() => import('./views/AccountsView').then((m) => ({ default: m.AccountsView })));
const AccountView = lazy(() => import('./views/AccountView').then((m) => ({ default: m.AccountView })));
const AddAccountView = lazy(() => import('./views/AddAccountView').then((m) => ({ default: m.AddAccountView })));
const CapsView = lazy(() => import('./views/CapsView').then((m) => ({ default: m.CapsView })));
const BillingView = lazy(() => import('./views/BillingView').then((m) => ({ default: m.BillingView })));
const HistoryView = lazy(() => import('./views/HistoryView').then((m) => ({ default: m.HistoryView })));
const NotificationsView = lazy(() => import('./views/NotificationsView').then((m) => ({ default: m.NotificationsView })));
const PlansView = lazy(() => import('./views/PlansView').then((m) => ({ default: m.PlansView })));
const DeliveriesView = lazy(() => import('./views/DeliveriesView').then((m) => ({ default: m.DeliveriesView })));
const SettingsView = lazy(() => import('./views/SettingsView').then((m) => ({ default: m.SettingsView })));
const UsersView = lazy(() => import('./views/UsersView').then((m) => ({ default: m.UsersView })));
const ZoneDetailView = lazy(() => import('./views/ZoneDetailView').then((m) => ({ default: m.ZoneDetailView })));
// The command palette is its own chunk too, loaded the first time it is asked for.
const CommandPalette = lazy(() => import('./components/palette/CommandPalette').then((m) => ({ default: m.CommandPalette })));
const ZonesView = lazy(() => import('./views/ZonesView').then((m) => ({ default: m.ZonesView })));

/** The views of one account; "All accounts" and Settings are not one account's. */
function AccountViews({ now, view, zoneId }: { now: number; view: ViewName; zoneId: string | null }) {
  const { snapshot, status, loadError, load } = useSnapshotStore();
  const readout = useSelectedReadout();
  if (loadError && !snapshot) return <ErrorNotice what="Zonewatch could not read this account" error={loadError} onRetry={() => void load()} />;
  if (!snapshot || !status) return <Loading what="the account" />;
  return (
    <>
      {(view === 'overview' || view === 'accounts') && <OverviewView snapshot={snapshot} now={now} />}
      {view === 'zones' && <ZonesView snapshot={snapshot} />}
      {view === 'caps' && <CapsView />}
      {view === 'zone' && <ZoneDetailView key={zoneId} snapshot={snapshot} zoneId={zoneId} now={now} />}
      {view === 'history' && <HistoryView now={now} offline={readout?.state === 'offline'} />}
      {view === 'billing' && <BillingView now={now} offline={readout?.state === 'offline'} />}
      {view === 'account' && <AccountView snapshot={snapshot} />}
      {view === 'plans' && <PlansView snapshot={snapshot} />}
      {view === 'users' && <UsersView snapshot={snapshot} />}
      {view === 'notifications' && <NotificationsView now={now} />}
    </>
  );
}

export function App() {
  const { overview, error, selection, adding, load } = useAccountsStore();
  const readout = useSelectedReadout();
  const theme = useSettingsStore((s) => s.settings?.theme ?? 'system');
  // While a view's code is still loading, the view on screen stays and the new one replaces it when
  // ready (a deferred render that suspends keeps the old UI); only the very first show of a lazy
  // view, with nothing on screen yet, shows the fallback.
  const view = useDeferredValue(useNavigationStore((s) => s.view));
  const zoneId = useDeferredValue(useNavigationStore((s) => s.zoneId));
  const [pinStep, setPinStep] = useState(false);
  const paletteAsked = usePaletteRequest((s) => s.count > 0);
  const now = useNow();

  useEffect(() => {
    const unfollow = followSelectedAccount();
    const disconnect = connectEvents();
    void load();
    void useSettingsStore.getState().load();
    void useAppStateStore.getState().load();
    void useNoticesStore.getState().load();
    return () => {
      disconnect();
      unfollow();
    };
  }, [load]);

  // Ctrl/Cmd+K anywhere, "/" where no text field has the focus: the command palette (docs/desktop.md › The command palette).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Nothing to find before the first account (the first-run screen has the key form's fields).
      if (e.defaultPrevented || !useAccountsStore.getState().overview?.accounts.length || !asksForPalette(e, document.activeElement)) return;
      e.preventDefault();
      usePaletteRequest.getState().request();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  if (error && !overview) {
    return (
      <main className="app">
        <ErrorNotice what="Zonewatch could not start its window" error={error} onRetry={() => void load()} />
      </main>
    );
  }
  if (!overview) {
    return (
      <main className="app">
        <Loading what="Zonewatch" />
      </main>
    );
  }
  if (overview.accounts.length === 0 || pinStep) {
    return (
      <>
        <div className="first-run-notices">
          <NoticeList />
        </div>
        <FirstRunView pinStep={pinStep} onKeySaved={() => setPinStep(true)} onFinish={() => setPinStep(false)} />
      </>
    );
  }

  const all = selection === ALL_ACCOUNTS;
  return (
    <div className="app">
      <a className="skip" href="#content">
        Skip to content
      </a>
      <header>
        <StatusBar readout={all ? null : readout} now={now} />
        {!adding && <Nav allAccounts={all} />}
      </header>
      {/* A new account's views start afresh: each reads its own data when it shows. */}
      <main id="content" tabIndex={-1} key={adding ? 'adding' : (selection ?? 'none')}>
        <NoticeList />
        <Suspense fallback={<Loading what="this section" />}>
          {adding ? <AddAccountView /> : view === 'settings' ? <SettingsView /> : view === 'deliveries' ? <DeliveriesView /> : all ? <AccountsView now={now} /> : <AccountViews now={now} view={view} zoneId={zoneId} />}
        </Suspense>
      </main>
      {paletteAsked && (
        <Suspense fallback={null}>
          <CommandPalette />
        </Suspense>
      )}
    </div>
  );
}
