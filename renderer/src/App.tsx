import { useEffect, useState } from 'react';
import { ErrorNotice } from './components/ErrorNotice';
import { Loading } from './components/Loading';
import { Nav } from './components/Nav';
import { StatusBar } from './components/StatusBar';
import { useNow } from './components/use-now';
import { connectEvents } from './stores/connect-events';
import { useNavigationStore } from './stores/navigation-store';
import { useSettingsStore } from './stores/settings-store';
import { useSnapshotStore } from './stores/snapshot-store';
import { AccountView } from './views/AccountView';
import { BillingView } from './views/BillingView';
import { FirstRunView } from './views/FirstRunView';
import { NotificationsView } from './views/NotificationsView';
import { OverviewView } from './views/OverviewView';
import { PlansView } from './views/PlansView';
import { SettingsView } from './views/SettingsView';
import { UsersView } from './views/UsersView';
import { ZoneDetailView } from './views/ZoneDetailView';
import { ZonesView } from './views/ZonesView';

export function App() {
  const { snapshot, status, loadError, load } = useSnapshotStore();
  const theme = useSettingsStore((s) => s.settings?.theme ?? 'system');
  const { view, zoneId } = useNavigationStore();
  const [pinStep, setPinStep] = useState(false);
  const now = useNow();

  useEffect(() => {
    const disconnect = connectEvents();
    void load();
    void useSettingsStore.getState().load();
    return disconnect;
  }, [load]);

  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  if (loadError && !snapshot) {
    return (
      <main className="app">
        <ErrorNotice what="Zonewatch could not start its window" error={loadError} onRetry={() => void load()} />
      </main>
    );
  }
  if (!snapshot || !status) {
    return (
      <main className="app">
        <Loading what="Zonewatch" />
      </main>
    );
  }
  if (status.profile === null || pinStep) {
    return <FirstRunView pinStep={pinStep} onKeySaved={() => setPinStep(true)} onFinish={() => setPinStep(false)} />;
  }

  return (
    <div className="app">
      <a className="skip" href="#content">
        Skip to content
      </a>
      <header>
        <StatusBar status={status} now={now} />
        <Nav />
      </header>
      <main id="content" tabIndex={-1}>
        {view === 'overview' && <OverviewView snapshot={snapshot} now={now} />}
        {view === 'zones' && <ZonesView snapshot={snapshot} />}
        {view === 'zone' && <ZoneDetailView key={zoneId} snapshot={snapshot} zoneId={zoneId} now={now} />}
        {view === 'billing' && <BillingView now={now} offline={status.offline} />}
        {view === 'account' && <AccountView snapshot={snapshot} />}
        {view === 'plans' && <PlansView snapshot={snapshot} />}
        {view === 'users' && <UsersView snapshot={snapshot} />}
        {view === 'settings' && <SettingsView status={status} />}
        {view === 'notifications' && <NotificationsView status={status} now={now} />}
      </main>
    </div>
  );
}
