import { ApiKeyForm } from '../components/ApiKeyForm';
import { DemoButton } from '../components/DemoButton';
import { PinZones } from '../components/PinZones';
import { showAddedAccount } from '../stores/account-added';

/** Shown while no account is watched: the person's own key, or the demo account. */
type Props = { pinStep: boolean; onKeySaved: () => void; onFinish: () => void };

export function FirstRunView({ pinStep, onKeySaved, onFinish }: Props) {
  if (pinStep) {
    return (
      <main className="first-run" aria-labelledby="first-run-title">
        <h1 id="first-run-title">Connected</h1>
        <section aria-labelledby="pin-title" className="card">
          <h2 id="pin-title">Zones to watch (optional)</h2>
          <p className="muted small">Admin keys find zones by themselves. Other keys cannot list zones: pin their ids here, one or a pasted list.</p>
          <PinZones />
        </section>
        <button type="button" className="primary" onClick={onFinish}>
          Continue
        </button>
      </main>
    );
  }
  return (
    <main className="first-run" aria-labelledby="first-run-title">
      <h1 id="first-run-title">Welcome to Zonewatch</h1>
      <p>Zonewatch watches your proxy accounts’ balance, spend and throughput from the tray, tells you when something needs attention, and lets you switch zones on and off.</p>
      <section aria-labelledby="key-title" className="card">
        <h2 id="key-title">Enter your API key</h2>
        <p className="muted small">Find it in your dashboard under Account. It is stored in the system keychain and never shown again. You can add more accounts later.</p>
        <ApiKeyForm
          submitLabel="Connect"
          withBaseUrl
          onSaved={(_backend, profileId) => {
            onKeySaved();
            void showAddedAccount(profileId);
          }}
        />
      </section>
      <section aria-labelledby="demo-title" className="card">
        <h2 id="demo-title">Just looking?</h2>
        <p className="muted small">The demo account is a simulated service on this computer with made-up zones and traffic.</p>
        <DemoButton label="Try the demo account" />
      </section>
    </main>
  );
}
