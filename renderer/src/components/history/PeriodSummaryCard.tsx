import { useEffect, useRef, useState } from 'react';
import { impactText } from '../../../../shared/anomalies';
import type { AppError } from '../../../../shared/app-error';
import type { AccountPeriodSummary, Period, PeriodSummary, SummaryQuery } from '../../../../shared/digest';
import { forecastDollars } from '../../../../shared/forecast';
import { formatBilled } from '../../../../shared/money';
import { exportNoteText } from '../../model/export-note';
import { utcDayShortText } from '../../model/ledger-calendar';
import { callForSelectedAccount } from '../../stores/account-call';
import { useAccountsStore } from '../../stores/accounts-store';
import { useNavigationStore } from '../../stores/navigation-store';
import { api } from '../../zonewatch-api';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Kind = SummaryQuery['kind'];

/** The day before `today`, the Monday (UTC) of the last whole week before it, or the 1st of the month before it. */
export function lastPeriodStart(kind: Kind, today: string): string {
  const t = Date.parse(`${today}T00:00:00Z`);
  if (kind === 'day') return iso(t - DAY_MS);
  if (kind === 'month') {
    const d = new Date(t);
    return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  }
  const weekday = new Date(t).getUTCDay();
  return iso(t - (((weekday + 6) % 7) + 7) * DAY_MS);
}

function stepPeriod(kind: Kind, from: string, step: number): string {
  const t = Date.parse(`${from}T00:00:00Z`);
  if (kind === 'day') return iso(t + step * DAY_MS);
  if (kind === 'week') return iso(t + step * 7 * DAY_MS);
  const d = new Date(t);
  return iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + step, 1));
}

const change = (now: number, before: number) => (before > 0 ? ` (${now >= before ? '+' : '−'}${Math.round((Math.abs(now - before) / before) * 100)} %)` : '');

type Scope = 'account' | 'all';

/** One account's part of the Summary: its spend, movers, unusual days, month end and runway. */
function AccountSummary({ period, account, titled }: { period: Period; account: AccountPeriodSummary; titled: boolean }) {
  const Sub = titled ? 'h4' : 'h3';
  return (
    <section aria-label={titled ? account.label : undefined}>
      {titled && <h3>{account.label}</h3>}
      <p className="small">
        <strong>
          {utcDayShortText(period.from)}
          {period.to !== period.from && `–${utcDayShortText(period.to)}`} (UTC):
        </strong>{' '}
        <span className="num">{formatBilled(account.spendCents)}</span> against <span className="num">{formatBilled(account.previousCents)}</span> the {period.kind} before
        {change(account.spendCents, account.previousCents)}
        {account.estimatedDays > 0 && `, ${account.estimatedDays} ${account.estimatedDays === 1 ? 'day' : 'days'} estimated`}.
      </p>
      {account.movers.length > 0 && (
        <>
          <Sub>Most moved</Sub>
          <ul>
            {account.movers.map((m) => (
              <li key={m.zoneId}>
                {m.name ?? m.zoneId}: <span className="num">{formatBilled(m.spendCents)}</span> against <span className="num">{formatBilled(m.previousCents)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Sub>Unusual days</Sub>
      {account.anomalies.length === 0 ? (
        <p className="small muted">None in this {period.kind}.</p>
      ) : (
        <ul>
          {account.anomalies.map((a) => (
            <li key={`${a.zoneId} ${a.day}`}>
              {utcDayShortText(a.day)} {a.words}, {impactText(a)}
            </li>
          ))}
        </ul>
      )}
      <p className="small">
        {account.monthEnd ? `This month ends near ${forecastDollars(account.monthEnd.expectedCents)}, likely ${forecastDollars(account.monthEnd.lowCents)}–${forecastDollars(account.monthEnd.highCents)}. ` : ''}
        {account.runwayHours === null ? 'No runway to speak of.' : `The balance lasts about ${account.runwayHours >= 48 ? `${Math.round(account.runwayHours / 24)} days` : `${Math.round(account.runwayHours)} hours`} at the current rate.`}
      </p>
    </section>
  );
}

/**
 * The Summary (docs/desktop.md › History: Summary): any past day, week (from Monday) or month of
 * the account, or of all accounts (a part each, as the digest has a line each), as the digest says
 * it — spend against the period before, top movers, unusual days, the month-end forecast and the
 * runway — exportable as CSV. A digest's click opens it on the digest's period, for all accounts
 * when there are several, scrolled to and focused.
 */
export function PeriodSummaryCard({ today }: { today: string }) {
  const asked = useNavigationStore((s) => s.summary);
  const several = useAccountsStore((s) => (s.overview?.accounts.length ?? 0) > 1);
  const [kind, setKind] = useState<Kind>(asked?.kind ?? 'week');
  const [from, setFrom] = useState(() => asked?.from ?? lastPeriodStart('week', today));
  const [scope, setScope] = useState<Scope>(asked && several ? 'all' : 'account');
  // A digest clicked while History shows: take its period as the render goes (no effect's extra pass).
  const [taken, setTaken] = useState(asked);
  if (asked && asked !== taken) {
    setTaken(asked);
    setKind(asked.kind);
    setFrom(asked.from);
    setScope(several ? 'all' : 'account');
  }
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!asked) return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus();
    useNavigationStore.getState().summaryTaken();
  }, [asked]);
  const all = scope === 'all' && several;
  const [summary, setSummary] = useState<PeriodSummary | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const asking = all ? api().history.summaryAll({ kind, from }) : callForSelectedAccount((profileId) => api().history.summary({ profileId, kind, from }));
    void asking.then((res) => {
      if (!live || !res) return;
      if (res.ok) {
        setSummary(res.value);
        setError(null);
      } else setError(res.error);
    });
    return () => {
      live = false;
    };
  }, [kind, from, all]);
  const newest = lastPeriodStart(kind, today);
  return (
    <section aria-labelledby="summary-title" className="period-summary">
      <h2 id="summary-title" ref={heading} tabIndex={-1}>
        Summary
      </h2>
      <div className="month-nav">
        {several && (
          <label className="small">
            Of{' '}
            <select value={all ? 'all' : 'account'} onChange={(e) => setScope(e.target.value as Scope)}>
              <option value="account">This account</option>
              <option value="all">All accounts</option>
            </select>
          </label>
        )}
        <label className="small">
          Period{' '}
          <select
            value={kind}
            onChange={(e) => {
              const next = e.target.value as Kind;
              setKind(next);
              setFrom(lastPeriodStart(next, today));
            }}
          >
            <option value="day">Day</option>
            <option value="week">Week (from Monday)</option>
            <option value="month">Month</option>
          </select>
        </label>
        <button type="button" aria-label="Earlier period" onClick={() => setFrom(stepPeriod(kind, from, -1))}>
          ‹
        </button>
        <button type="button" aria-label="Later period" disabled={from >= newest} onClick={() => setFrom(stepPeriod(kind, from, 1))}>
          ›
        </button>
      </div>
      {error && !summary && <p className="notice">Could not work out the summary: {error.message}</p>}
      {summary && summary.accounts.length > 0 && (
        <div aria-live="polite">
          {summary.accounts.map((account, i) => (
            <AccountSummary key={`${i} ${account.label}`} period={summary.period} account={account} titled={all} />
          ))}
          <div className="actions">
            <button
              type="button"
              onClick={() => {
                setNote(null);
                const saving = all ? api().history.exportSummaryAllCsv({ kind, from }) : callForSelectedAccount((profileId) => api().history.exportSummaryCsv({ profileId, kind, from }));
                void saving.then((res) => res && setNote(exportNoteText(res)));
              }}
            >
              {all ? 'Export this summary of all accounts (CSV)' : 'Export this summary (CSV)'}
            </button>
            {note && (
              <span className="muted" role="status">
                {note}
              </span>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
