import { useEffect, useId, useState } from 'react';
import { billingDocumentUrl, type BillingEntry } from '../../../shared/api/billing';
import { formatBilled } from '../../../shared/money';
import { countOf, formatCount } from '../../../shared/units';
import type { AppError } from '../../../shared/app-error';
import { DataGapNotice } from '../components/DataGapNotice';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { UnknownValue } from '../components/MissingValue';
import { Pager } from '../components/Pager';
import { TimeText } from '../components/TimeText';
import { groupByMonth } from '../model/billing-groups';
import { useAccountsStore } from '../stores/accounts-store';
import { useBillingStore } from '../stores/billing-store';
import { callForSelectedAccount } from '../stores/account-call';
import { api } from '../zonewatch-api';

/** An entry in words; a member the service did not send usably reads "unknown". */
function describe(entry: BillingEntry): string {
  if (entry.type === 'invoice') return entry.name ?? 'Invoice (name unknown)';
  const m = entry.payment_method;
  if (m === undefined) return 'Top-up (payment method unknown)';
  const via = m.type === 'card' ? `${m.brand} ·${String(m.last4).padStart(4, '0')}` : `PayPal ${m.email}`;
  return `Top-up via ${via}`;
}

function Cents({ value }: { value: number | undefined }) {
  return value === undefined ? <UnknownValue /> : <>{formatBilled(value)}</>;
}

export function BillingView({ now, offline }: { now: number; offline: boolean }) {
  const { query, view, loading, error, sync, syncError, exportNote, setQuery, load, startSync, exportCsv, exportAllCsv } = useBillingStore();
  const accountCount = useAccountsStore((s) => s.overview?.accounts.length ?? 0);
  const [openError, setOpenError] = useState<AppError | null>(null);
  const ids = { filter: useId(), search: useId() };
  useEffect(() => {
    // Show the saved copy at once, then fetch the newest page when online.
    void load();
    if (!offline) void useBillingStore.getState().startSync(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit, not on every status change
  }, [load]);
  const open = async (url: string) => {
    setOpenError(null);
    const res = await callForSelectedAccount((profileId) => api().billing.openDocument({ profileId, url }));
    if (res && !res.ok) setOpenError(res.error);
  };
  const syncing = sync !== null && !sync.done;
  const groups = view ? groupByMonth(view.entries, view.months) : [];

  return (
    <section aria-labelledby="billing-title">
      <h1 id="billing-title">Billing</h1>
      <div className="filters" role="search" aria-label="Filter billing history">
        <span className="pair">
          <label htmlFor={ids.filter}>Show</label>
          <select id={ids.filter} value={query.filter} onChange={(e) => void setQuery({ filter: e.target.value as typeof query.filter })}>
            <option value="all">All</option>
            <option value="invoice">Invoices</option>
            <option value="payment">Payments</option>
          </select>
        </span>
        <span className="pair">
          <label htmlFor={ids.search}>Search</label>
          <input id={ids.search} type="search" value={query.search} placeholder="Name, amount, card…" onChange={(e) => void setQuery({ search: e.target.value })} />
        </span>
      </div>
      <div className="actions">
        <button type="button" onClick={() => void startSync(true)} disabled={syncing || offline}>
          Sync full history
        </button>
        <button type="button" onClick={() => void exportCsv()} disabled={!view || view.total === 0}>
          Export CSV
        </button>
        {accountCount > 1 && (
          <button type="button" onClick={() => void exportAllCsv()}>
            Export all accounts (CSV)
          </button>
        )}
      </div>
      {syncing && (
        <div className="sync">
          <progress
            aria-label="Billing history sync"
            max={sync.totalPages ?? undefined}
            value={sync.totalPages ? sync.page : undefined}
          />
          <span className="muted small">
            {sync.totalPages ? `Page ${formatCount(sync.page)} of ${formatCount(sync.totalPages)}` : 'Starting…'}, {countOf(sync.entries, 'entry', 'entries')}
          </span>
        </div>
      )}
      {sync?.done && <p role="status" className="muted small">{sync.error ? `Sync stopped: ${sync.error}` : `Synced ${countOf(sync.entries, 'entry', 'entries')}.`}</p>}
      {syncError && <ErrorNotice what="Could not sync the billing history" error={syncError} />}
      {exportNote && <p role="status">{exportNote}</p>}
      <DataGapNotice kinds={['billing_member']} />
      {view?.unreadable && (
        <p className="notice" role="note">
          {view.unreadable.message} {view.unreadable.count === 1 ? 'It is' : 'They are'} left out of this list, the month totals and the CSV export.
        </p>
      )}
      {openError && <ErrorNotice what="Could not open the document" error={openError} />}
      {error && <ErrorNotice what="Could not read the billing history" error={error} onRetry={() => void load()} />}
      {view && (
        <p className="muted small">
          {view.asOf ? (
            <>
              As of <TimeText at={view.asOf} /> ({<TimeText at={view.asOf} mode="ago" now={now} />}){offline && ' — offline, showing the saved copy'}.
            </>
          ) : (
            'Not fetched yet.'
          )}{' '}
          {view.cachedCount} entries saved{view.complete ? ' (full history)' : '; sync to get older ones'}.
        </p>
      )}
      {!view && !error && <Loading what="billing history" />}
      {view && view.total === 0 && <EmptyState>{query.search || query.filter !== 'all' ? 'Nothing matches.' : 'No billing history yet.'}</EmptyState>}
      {view && view.total > 0 && (
        <table className="table billing stack" aria-busy={loading}>
          <caption className="visually-hidden">Billing history, grouped by UTC month</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col" className="num">Amount</th>
              <th scope="col">Document</th>
            </tr>
          </thead>
          {groups.map((g) => (
            <tbody key={g.month} aria-label={g.label}>
              <tr className="month-row">
                <th scope="rowgroup" colSpan={4}>
                  {g.label}
                  {g.total && (
                    <span className="month-total">
                      {' '}— invoiced {formatBilled(g.total.invoicedCents)}, paid {formatBilled(g.total.paidCents)}
                      {g.total.failedCents > 0 && `, failed ${formatBilled(g.total.failedCents)}`}
                    </span>
                  )}
                </th>
              </tr>
              {g.entries.map((e, i) => (
                <tr key={`${e.type}-${e.created_on}-${i}`} className={e.type === 'payment' && e.status === 'failed' ? 'failed' : undefined}>
                  <td>
                    <TimeText at={e.created_on} mode="date" />
                  </td>
                  <td>
                    {describe(e)}
                    {e.type === 'payment' && e.status === 'failed' && <span className="badge badge-error">failed</span>}
                    {e.type === 'invoice' && (
                      <div className="muted small">
                        usage <Cents value={e.usage_charges_cents} />, standing <Cents value={e.standing_charges_cents} />, tax <Cents value={e.tax_cents} />
                      </div>
                    )}
                  </td>
                  <td className="num">{formatBilled(e.total_cents)}</td>
                  <td>
                    <DocumentLink entry={e} onOpen={(url) => void open(url)} />
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      )}
      {view && <Pager page={view.page} pages={view.pages} label="Billing history" onPage={(page) => void setQuery({ page })} />}
    </section>
  );
}

/** The entry's invoice or receipt, or why there is none: the service's link was refused (docs/api.md › Degrading at the smallest unit). */
function DocumentLink({ entry, onOpen }: { entry: BillingEntry; onOpen: (url: string) => void }) {
  const url = billingDocumentUrl(entry);
  const kind = entry.type === 'invoice' ? 'Invoice' : 'Receipt';
  if (url === null) {
    return (
      <span className="muted small" title={`The service sent a ${kind.toLowerCase()} link Zonewatch does not open or export (see the data notice).`}>
        No {kind.toLowerCase()} link
      </span>
    );
  }
  return (
    <button type="button" className="link" onClick={() => onOpen(url)}>
      {kind}
      <span className="visually-hidden"> of {describe(entry)}, <TimeText at={entry.created_on} mode="date" /></span>
    </button>
  );
}
