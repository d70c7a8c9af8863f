import { ApiKeyForm } from '../components/ApiKeyForm';
import { DemoButton } from '../components/DemoButton';
import { nextFreeColor } from '../model/account-colors';
import { showAddedAccount } from '../stores/account-added';
import { useAccountsStore } from '../stores/accounts-store';

/** "Add account…": another account's key, name and colour, or the demo beside the others. */
export function AddAccountView() {
  const overview = useAccountsStore((s) => s.overview);
  const accounts = overview?.accounts ?? [];
  const setAdding = useAccountsStore((s) => s.setAdding);
  const demoWatched = accounts.some((a) => a.demo);
  return (
    <section aria-labelledby="add-title">
      <h1 id="add-title">Add an account</h1>
      <p className="muted small">Every account is watched at once, each with its own key; the others go on as they are.</p>
      <section aria-labelledby="add-key-title" className="card">
        <h2 id="add-key-title">Its API key</h2>
        <ApiKeyForm
          submitLabel="Add account"
          withBaseUrl
          newAccount={{ color: nextFreeColor(accounts.map((a) => a.color)) }}
          onSaved={(_backend, profileId) => void showAddedAccount(profileId)}
        />
      </section>
      {!demoWatched && (
        <section aria-labelledby="add-demo-title" className="card">
          <h2 id="add-demo-title">Or the demo account</h2>
          <p className="muted small">A simulated service on this computer, watched beside your accounts and left out of their totals.</p>
          <DemoButton label="Add the demo account" />
        </section>
      )}
      <div className="actions">
        <button type="button" onClick={() => setAdding(false)}>
          Cancel
        </button>
      </div>
    </section>
  );
}
