import { MonthEndForecast } from '../components/MonthEndForecast';
import { useEffect, useState } from 'react';
import { type AccountReadout, stateLine } from '../../../shared/accounts';
import { RECENT_DAYS, type RecentDays } from '../../../shared/ledger';
import { AccountSwatch } from '../components/AccountSwatch';
import { Sparkline } from '../components/history/Sparkline';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { PendingView } from '../components/PendingView';
import { accountRowText, totalsText } from '../model/account-figures';
import { useAccountsStore } from '../stores/accounts-store';
import { useNavigationStore } from '../stores/navigation-store';
import { api } from '../zonewatch-api';

const SEVERITY_TEXT = { info: 'new info', warning: 'new warning', critical: 'new critical alert' } as const;

type Recent = { days: RecentDays[number]['days']; fromDay: string };

/** One account's row: the whole row is the button that opens the account's overview. */
function AccountRow({ account, now, recent, onOpen }: { account: AccountReadout; now: number; recent: Recent | null; onOpen: () => void }) {
  const text = accountRowText(account);
  const fig = (label: string, value: string) => (
    <span className="account-fig">
      <span className="fig-label">{label}</span> <span className="num">{value}</span>
    </span>
  );
  return (
    <li>
      <button type="button" className={`account-row state-${account.state}`} onClick={onOpen}>
        <span className="account-name">
          <AccountSwatch color={account.color} />
          <span className="account-label">{account.label}</span>
          {account.demo && <span className="badge">DEMO</span>}
          {account.attention && <span className={`badge badge-${account.attention}`}>{SEVERITY_TEXT[account.attention]}</span>}
        </span>
        <span className="account-state">{stateLine(account, now)}</span>
        <span className="account-figs">
          {fig('Balance', text.balance)}
          {fig('Spend today', text.spendToday)}
          {fig('This month', text.spendMonth)}
          {fig('Month end', text.monthEnd)}
          {fig('Burn rate', text.burn)}
          {fig('Runway', text.runway)}
        </span>
        {recent && (
          <span className="account-trend">
            <span className="fig-label">Last {RECENT_DAYS} days (UTC)</span> <Sparkline days={recent.days} fromDay={recent.fromDay} count={RECENT_DAYS} />
          </span>
        )}
      </button>
    </li>
  );
}

/** Every watched account at a glance, totals first; a row opens that account. */
/** Each account's last whole UTC days from its ledger, read when the accounts change and every half hour. */
function useRecentDays(ids: string, tick: number): Map<string, Recent> {
  const [recent, setRecent] = useState(new Map<string, Recent>());
  useEffect(() => {
    let live = true;
    void api()
      .history.recent()
      .then((res) => {
        if (live && res.ok) setRecent(new Map(res.value.map((account) => [account.profileId, { days: account.days, fromDay: account.fromDay }])));
      });
    return () => {
      live = false;
    };
  }, [ids, tick]);
  return recent;
}

export function AccountsView({ now }: { now: number }) {
  const { overview, error, load, select } = useAccountsStore();
  const go = useNavigationStore((s) => s.go);
  const recent = useRecentDays(overview?.accounts.map((a) => a.profileId).join(',') ?? '', Math.floor(now / (30 * 60_000)));
  if (!overview) {
    return (
      <PendingView title="All accounts">
        {error ? <ErrorNotice what="Could not read the accounts" error={error} onRetry={() => void load()} /> : <Loading what="the accounts" />}
      </PendingView>
    );
  }
  const totals = totalsText(overview);
  return (
    <section aria-labelledby="accounts-title">
      <h1 id="accounts-title">All accounts</h1>
      <dl className="cards totals" aria-label="Totals">
        <div className="card">
          <dt>Balance</dt>
          <dd className="big">{totals.balance}</dd>
          <dd className="muted">{totals.coverage}</dd>
        </div>
        <div className="card">
          <dt>Spend today</dt>
          <dd className="big">{totals.spendToday}</dd>
          <dd className="muted">{totals.coverage}</dd>
        </div>
        {overview.totals.real > 0 && <MonthEndForecast forecast={overview.totals.monthEnd} />}
      </dl>
      {totals.attention && (
        <p className="notice" role="note">
          {totals.attention}.
        </p>
      )}
      {totals.demoNote && <p className="muted small">{totals.demoNote}</p>}
      <ul className="account-rows" aria-label="Accounts">
        {overview.accounts.map((account) => (
          <AccountRow
            key={account.profileId}
            account={account}
            now={now}
            recent={recent.get(account.profileId) ?? null}
            onOpen={() => {
              select(account.profileId);
              go('overview');
            }}
          />
        ))}
      </ul>
    </section>
  );
}
