import { useId, useState } from 'react';
import type { AccountReadout } from '../../../shared/accounts';
import type { Settings } from '../../../shared/settings';
import { useSnapshotStore } from '../stores/snapshot-store';
import { AccountOrder } from './AccountOrder';
import { AccountSwatch } from './AccountSwatch';
import { ApiKeyForm, KEY_BACKEND_TEXT } from './ApiKeyForm';
import { ProfileForm } from './ProfileForm';
import { RemoveAccount } from './RemoveAccount';

/** The shown account's own settings: name, colour, addresses, its rules, key, place in the list, removal. */
export function AccountSection({ account, settings }: { account: AccountReadout; settings: Settings }) {
  const keyBackend = useSnapshotStore((s) => s.status?.keyBackend ?? null);
  const [keyNote, setKeyNote] = useState<string | null>(null);
  const id = useId();
  const profile = settings.profiles.find((p) => p.id === account.profileId) ?? null;
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>
        <AccountSwatch color={account.color} /> {account.label}
        {account.demo && <span className="badge">DEMO</span>}
      </h2>
      <p className="muted small">
        {account.demo ? 'The demo account: a simulated service on this computer, left out of the totals.' : `At ${account.baseUrl}.`}
        {keyBackend && !account.demo ? ` ${KEY_BACKEND_TEXT[keyBackend]}` : ''}
      </p>
      {profile && <ProfileForm key={JSON.stringify(profile)} profile={profile} shared={settings.alerts} />}
      {!account.demo && (
        <>
          <h3>API key</h3>
          <p className="muted small">The key is never shown again once saved. To change it, enter a new one; the account keeps its history.</p>
          <ApiKeyForm submitLabel="Replace key" profileId={account.profileId} onSaved={(backend) => setKeyNote(`Key saved. ${KEY_BACKEND_TEXT[backend]}`)} />
          {keyNote && <p role="status">{keyNote}</p>}
        </>
      )}
      <AccountOrder account={account} />
      <RemoveAccount account={account} />
    </section>
  );
}
