import { lazy, Suspense, useEffect, useState } from 'react';
import { ErrorNotice } from './components/ErrorNotice';
import { Loading } from './components/Loading';
import { Nav } from './components/Nav';
import { StatusBar } from './components/StatusBar';
import { useNow } from './components/use-now';
import { ALL_ACCOUNTS } from './model/account-selection';
import { followSelectedAccount } from './stores/account-switch';
import { useAccountsStore } from './stores/accounts-store';
import { connectEvents } from './stores/connect-events';
import { useNavigationStore } from './stores/navigation-store';
import { useSettingsStore } from './stores/settings-store';
import { useSnapshotStore } from './stores/snapshot-store';
import { AccountsView } from './views/AccountsView';
import { AccountView } from './views/AccountView';
import { AddAccountView } from './views/AddAccountView';
import { BillingView } from './views/BillingView';
import { FirstRunView } from './views/FirstRunView';
import { NotificationsView } from './views/NotificationsView';
import { OverviewView } from './views/OverviewView';
import { PlansView } from './views/PlansView';
import { SettingsView } from './views/SettingsView';
import { UsersView } from './views/UsersView';
import { ZoneDetailView } from './views/ZoneDetailView';
import { ZonesView } from './views/ZonesView';

// The History view and its charts are a chunk of their own, loaded when first shown.
const HistoryView = lazy(() => import('./views/HistoryView').then((m) => ({ default: m.HistoryView })));

/** The views of one account; "All accounts" and Settings are not one account's. */
function AccountViews({ now }: { now: number }) {
  const { snapshot, status, loadError, load } = useSnapshotStore();
  const { view, zoneId } = useNavigationStore();
  if (loadError && !snapshot) return <ErrorNotice what="Zonewatch could not read this account" error={loadError} onRetry={() => void load()} />;
  if (!snapshot || !status) return <Loading what="the account" />;
  return (
    <>
      {(view === 'overview' || view === 'accounts') && <OverviewView snapshot={snapshot} now={now} />}
      {view === 'zones' && <ZonesView snapshot={snapshot} />}
      {view === 'zone' && <ZoneDetailView key={zoneId} snapshot={snapshot} zoneId={zoneId} now={now} />}
      {view === 'history' && (
        <Suspense fallback={<Loading what="the daily history" />}>
          <HistoryView now={now} offline={status.offline} />
        </Suspense>
      )}
      {view === 'billing' && <BillingView now={now} offline={status.offline} />}
      {view === 'account' && <AccountView snapshot={snapshot} />}
      {view === 'plans' && <PlansView snapshot={snapshot} />}
      {view === 'users' && <UsersView snapshot={snapshot} />}
      {view === 'notifications' && <NotificationsView status={status} now={now} />}
    </>
  );
}

export function App() {
  const { overview, error, selection, adding, load } = useAccountsStore();
  const status = useSnapshotStore((s) => s.status);
  const theme = useSettingsStore((s) => s.settings?.theme ?? 'system');
  const view = useNavigationStore((s) => s.view);
  const [pinStep, setPinStep] = useState(false);
  const now = useNow();

  useEffect(() => {
    const unfollow = followSelectedAccount();
    const disconnect = connectEvents();
    void load();
    void useSettingsStore.getState().load();
    return () => {
      disconnect();
      unfollow();
    };
  }, [load]);

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
    return <FirstRunView pinStep={pinStep} onKeySaved={() => setPinStep(true)} onFinish={() => setPinStep(false)} />;
  }

  const all = selection === ALL_ACCOUNTS;
  return (
    <div className="app">
      <a className="skip" href="#content">
        Skip to content
      </a>
      <header>
        <StatusBar status={all ? null : status} now={now} />
        {!adding && <Nav allAccounts={all} />}
      </header>
      {/* A new account's views start afresh: each reads its own data when it shows. */}
      <main id="content" tabIndex={-1} key={adding ? 'adding' : (selection ?? 'none')}>
        {adding ? <AddAccountView /> : view === 'settings' ? <SettingsView /> : all ? <AccountsView /> : <AccountViews now={now} />}
      </main>
    </div>
  );
}
