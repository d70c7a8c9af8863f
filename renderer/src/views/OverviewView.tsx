import { useEffect } from 'react';
import { formatBalance, formatBilled } from '../../../shared/money';
import { formatBitRate } from '../../../shared/units';
import type { Snapshot } from '../../../shared/snapshot';
import { partialZonesText, zoneCountText } from '../../../shared/zone-coverage';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { PendingView } from '../components/PendingView';
import { SpendChart } from '../components/SpendChart';
import { MonthComparisonCard } from '../components/history/MonthComparisonCard';
import { SpendStopPanel } from '../components/SpendStopPanel';
import { TimeText } from '../components/TimeText';
import { accountRunwayText } from '../model/runway-text';
import { MonthEndForecast } from '../components/MonthEndForecast';
import { periodNote } from '../model/time-text';
import { useSelectedReadout } from '../stores/accounts-store';
import { useHistoryStore } from '../stores/history-store';
import { useNavigationStore } from '../stores/navigation-store';
import { useNotificationsStore } from '../stores/notifications-store';

const DAY = 86_400_000;
/** The biggest spenders the overview lists, from the account's read model (the tray lists up to 8). */
const TOP_ZONES_SHOWN = 5;

export function OverviewView({ snapshot, now }: { snapshot: Snapshot; now: number }) {
  const { points, error: historyError, load: loadHistory } = useHistoryStore();
  const { items: notifications, load: loadNotifications } = useNotificationsStore();
  const go = useNavigationStore((s) => s.go);
  const readout = useSelectedReadout();
  // The history has no push event, so it is read again after each update; new notifications are pushed.
  useEffect(() => {
    void loadHistory();
  }, [loadHistory, snapshot.zonesFetch.fetchedAt]);
  useEffect(() => {
    void loadNotifications();
  }, [loadNotifications]);

  const account = snapshot.account.data;
  const active = (notifications ?? []).filter((n) => !n.test && now - new Date(n.at).getTime() < DAY).slice(0, 5);

  if (!account || !readout) {
    return (
      <PendingView title="Overview">
        {snapshot.account.error ? <ErrorNotice what="Could not load the account" error={snapshot.account.error} /> : <Loading what="the account" />}
      </PendingView>
    );
  }

  const balance = account.billing.balance;
  const plan = account.plan;
  const spend = account.billing.spend;
  const minimum = plan.prorata_minimum_monthly_spend_cents || plan.minimum_monthly_spend_cents;
  // Every figure and its coverage is the account's read model's (electron/core/readout/), the same
  // the tray, the summary row and the runway alert read: none of them can disagree with this card.
  const { figures } = readout;
  const spendToday = figures.spendTodayCents ?? 0;
  const spendPartial = partialZonesText(figures.spendTodayCoverage);
  const throughputPartial = partialZonesText(figures.throughputCoverage);
  const partial = partialZonesText(figures.zones);
  const burn = figures.burnCentsPerHour;
  const runway = accountRunwayText(figures);
  const topZones = readout.topZones.slice(0, TOP_ZONES_SHOWN);

  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      {snapshot.account.error && <ErrorNotice what="The last update of the account failed; showing the last good data" error={snapshot.account.error} />}
      <SpendStopPanel snapshot={snapshot} />
      <dl className="cards">
        <div className="card">
          <dt>Balance</dt>
          <dd className="big">{formatBalance(balance.amount_total_cents)}</dd>
          {balance.trial_amount_cents !== null && balance.trial_amount_cents > 0 && (
            <dd className="muted">
              incl. {formatBalance(balance.trial_amount_cents)} trial credit
              {balance.trial_expires_on && (
                <>
                  , expires <TimeText at={balance.trial_expires_on} mode="date" />
                </>
              )}
            </dd>
          )}
        </div>
        <div className="card">
          <dt>Spend today</dt>
          <dd className="big">{formatBilled(spendToday)}</dd>
          {spendPartial && <dd className="muted">{spendPartial}</dd>}
          <dd className="muted">{periodNote('day', now)}</dd>
        </div>
        <div className="card">
          <dt>Spend this month</dt>
          <dd className="big">{formatBilled(spend.amount_cents)}</dd>
          <dd className="muted">
            {minimum > 0
              ? spend.minimum_monthly_spend_met
                ? `Plan minimum of ${formatBilled(minimum)} met`
                : `${formatBilled(Math.max(0, minimum - spend.amount_cents))} below the plan minimum of ${formatBilled(minimum)}`
              : 'No plan minimum'}
          </dd>
          <dd className="muted">{periodNote('month', now)}</dd>
        </div>
        <MonthEndForecast forecast={figures.monthEnd} />
        <MonthComparisonCard refreshKey={snapshot.zonesFetch.fetchedAt} />
        <div className="card">
          <dt>Burn rate</dt>
          <dd className="big">{burn !== null ? `${formatBilled(burn)}/h` : '—'}</dd>
          <dd className="muted">
            {runway !== null ? `over the last hour; ${runway}` : 'Not enough data yet'}
          </dd>
        </div>
        <div className="card">
          <dt>Throughput now</dt>
          <dd className="big">{formatBitRate(figures.throughputBps ?? 0)}</dd>
          <dd className="muted">{throughputPartial ?? zoneCountText(figures.zones)}</dd>
        </div>
      </dl>

      <h2>Spend and throughput</h2>
      {historyError ? <ErrorNotice what="Could not load the history" error={historyError} /> : points === null ? <Loading what="history" /> : <SpendChart points={points} />}

      <h2>Top zones by spend today</h2>
      {partial && topZones.length > 0 && <p className="muted small">Among the zones known so far ({partial}).</p>}
      {topZones.length === 0 ? (
        <p className="muted">No zones known yet.</p>
      ) : (
        <ol className="top-zones">
          {topZones.map((z) => (
            <li key={z.zoneId}>
              <button type="button" className="link" onClick={() => go('zone', z.zoneId)}>
                {z.name}
              </button>{' '}
              <span className="num">{z.spendTodayCents === null ? 'spend unknown' : formatBilled(z.spendTodayCents)}</span>
            </li>
          ))}
        </ol>
      )}

      <h2>Active alerts</h2>
      {active.length === 0 ? (
        <p className="muted">No alerts in the last 24 hours.</p>
      ) : (
        <ul className="alerts">
          {active.map((n) => (
            <li key={n.id} className={`sev-${n.severity}`}>
              <button type="button" className="link" onClick={() => go(n.target.view, n.target.zoneId)}>
                {n.title}
              </button>{' '}
              <span className="muted">
                <TimeText at={n.at} mode="ago" now={now} />
              </span>
              <div className="notification-body">{n.body}</div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
