import { useState } from 'react';
import type { Snapshot } from '../../../shared/snapshot';
import type { AppError } from '../../../shared/app-error';
import { formatBalance, formatBilled } from '../../../shared/money';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { PendingView } from '../components/PendingView';
import { TimeText } from '../components/TimeText';
import { ROLE_LABEL } from '../model/role-label';
import { callForSelectedAccount } from '../stores/account-call';
import { api } from '../zonewatch-api';

export function AccountView({ snapshot }: { snapshot: Snapshot }) {
  const [error, setError] = useState<AppError | null>(null);
  const account = snapshot.account.data;
  if (!account) {
    return (
      <PendingView title="Account">
        {snapshot.account.error ? <ErrorNotice what="Could not load the account" error={snapshot.account.error} /> : <Loading what="the account" />}
      </PendingView>
    );
  }
  const { user, kyc, billing, plan } = account;
  const a = billing.address;
  const openDashboard = async () => {
    setError(null);
    const res = await callForSelectedAccount((profileId) => api().account.openDashboard({ profileId }));
    if (res && !res.ok) setError(res.error);
  };
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">Account</h1>
      {snapshot.account.error && <ErrorNotice what="The last update failed; showing the last good data" error={snapshot.account.error} />}
      {billing.pending_account_closure_date && (
        <p className="notice notice-error" role="note">
          The account is set to close on <TimeText at={billing.pending_account_closure_date} mode="date" />.
        </p>
      )}
      {billing.pending_downgrade_plan_date && (
        <p className="notice" role="note">
          The plan changes to {billing.pending_downgrade_plan_id ?? 'another plan'} on <TimeText at={billing.pending_downgrade_plan_date} mode="date" />.
        </p>
      )}
      <h2>Profile</h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{user.name}</dd>
        <dt>E-mail</dt>
        <dd>{user.email}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABEL[user.role]}</dd>
        <dt>Team</dt>
        <dd className="mono">{user.team_id}</dd>
        <dt>Identity check (KYC)</dt>
        <dd>{kyc.completed_on ? <>Completed <TimeText at={kyc.completed_on} mode="date" /></> : 'Not completed'}</dd>
      </dl>
      <h2>Plan and billing</h2>
      <dl className="facts">
        <dt>Plan</dt>
        <dd>
          {plan.name}
          {plan.is_pay_as_you_go ? ' (pay as you go)' : `, minimum ${formatBilled(plan.minimum_monthly_spend_cents)} a month`}
        </dd>
        <dt>Next payment</dt>
        <dd>
          <TimeText at={plan.next_payment_date} mode="date" />
        </dd>
        <dt>Billing status</dt>
        <dd>{billing.status.replaceAll('_', ' ')}</dd>
        <dt>Balance</dt>
        <dd>
          {formatBalance(billing.balance.amount_cents)}
          {billing.balance.trial_amount_cents ? ` + ${formatBalance(billing.balance.trial_amount_cents)} trial` : ''}
        </dd>
        <dt>Billing address</dt>
        <dd>
          <address>
            {[a.company_name, a.address_1, a.address_2, [a.zipcode, a.city].filter(Boolean).join(' '), a.state, a.country_code].filter(Boolean).map((line, i) => (
              <span key={i} className="line">
                {line}
              </span>
            ))}
          </address>
        </dd>
      </dl>
      <button type="button" onClick={() => void openDashboard()}>
        Open dashboard
      </button>
      {error && <ErrorNotice what="Could not open the dashboard" error={error} />}
    </section>
  );
}
