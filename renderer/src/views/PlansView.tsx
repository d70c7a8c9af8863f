import { Fragment, useEffect, type CSSProperties } from 'react';
import type { Plan } from '../../../shared/api/plan';
import { formatBilled, formatUnitPrice } from '../../../shared/money';
import type { Snapshot } from '../../../shared/snapshot';
import { DataGapNotice } from '../components/DataGapNotice';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { planNameParts } from '../model/plan-name';
import { monthText } from '../model/time-text';
import { usePlansStore } from '../stores/plans-store';

const ROWS: { label: string; price: (p: Plan) => number }[] = [
  { label: 'Datacenter shared, per GB', price: (p) => p.datacenter.shared.per_gigabyte_cents },
  { label: 'Datacenter shared, per connection a month', price: (p) => p.datacenter.shared.per_connection_cents_monthly },
  { label: 'Datacenter reserved, per GB', price: (p) => p.datacenter.reserved.per_gigabyte_cents },
  { label: 'Datacenter reserved, per connection a month', price: (p) => p.datacenter.reserved.per_connection_cents_monthly },
  { label: 'Reserved IP, per IP a month', price: (p) => p.datacenter.reserved.ip_pool_per_ip_cents_monthly },
  { label: 'Exclusive on all domains, per IP a month', price: (p) => p.datacenter.reserved.exclusivity_all_domains_per_ip_cents_monthly },
  { label: 'Exclusive per domain, per IP a month', price: (p) => p.datacenter.reserved.exclusivity_per_domain_per_ip_cents_monthly },
  { label: 'Mobile, per GB', price: (p) => p.mobile.shared.per_gigabyte_cents },
  { label: 'Mobile, per connection a month', price: (p) => p.mobile.shared.per_connection_cents_monthly },
  { label: 'Residential, per GB', price: (p) => p.residential.shared.per_gigabyte_cents },
];

/** A plan's name as a column head: its price on a line of its own, which may wrap after its "/". */
function PlanHead({ name }: { name: string }) {
  const { title, price } = planNameParts(name);
  if (price === null) return <>{name}</>;
  return (
    <>
      {title}{' '}
      <span className="plan-price">
        {/* The browser does not break after a "/" that ends a number ("$500/month"): it is told where it may. */}
        {price.split(/(?<=\/)/).map((part, i) => (
          <Fragment key={i}>
            {i > 0 && <wbr />}
            {part}
          </Fragment>
        ))}
      </span>
    </>
  );
}

export function PlansView({ snapshot }: { snapshot: Snapshot }) {
  const { advice, error, loadAdvice } = usePlansStore();
  useEffect(() => {
    void loadAdvice();
  }, [loadAdvice]);
  const plans = snapshot.plans.data;
  const currentId = snapshot.account.data?.plan.plan_id;
  return (
    <section aria-labelledby="plans-title">
      <h1 id="plans-title">Plans</h1>
      <DataGapNotice kinds={['plan']} />
      {snapshot.plans.error && <ErrorNotice what="Could not update the plans" error={snapshot.plans.error} />}
      {!plans ? (
        !snapshot.plans.error && <Loading what="plans" />
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Price table">
          <table className="table prices stack" style={{ '--stack-cols': plans.length } as CSSProperties}>
            <caption className="visually-hidden">Prices per plan; the current plan is marked</caption>
            <thead>
              <tr>
                <th scope="col">Price</th>
                {plans.map((p) => (
                  <th scope="col" key={p.plan_id} className={`num${p.plan_id === currentId ? ' current' : ''}`} aria-current={p.plan_id === currentId ? 'true' : undefined}>
                    <PlanHead name={p.name} />
                    {p.plan_id === currentId && <span className="badge">current</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Minimum spend a month</th>
                {plans.map((p) => (
                  <td key={p.plan_id} className={`num${p.plan_id === currentId ? ' current' : ''}`}>
                    {p.minimum_monthly_spend_cents > 0 ? formatBilled(p.minimum_monthly_spend_cents) : 'none'}
                  </td>
                ))}
              </tr>
              {ROWS.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  {plans.map((p) => (
                    <td key={p.plan_id} className={`num${p.plan_id === currentId ? ' current' : ''}`}>
                      {formatUnitPrice(r.price(p))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>Plan advisor</h2>
      {error && <ErrorNotice what="Could not work out the advice" error={error} onRetry={() => void loadAdvice()} />}
      {!advice && !error && <Loading what="the advice" />}
      {advice && (
        <>
          <p className="muted">
            {advice.basis.source === 'invoice' ? `Usage billed for ${advice.basis.month ? monthText(advice.basis.month) : 'last month'}` : 'This month’s usage so far'} ({formatBilled(advice.basis.usageCents)} on your plan) priced on every plan, minimum spend
            included.
          </p>
          <table className="table stack">
            <caption className="visually-hidden">Estimated monthly cost per plan</caption>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col" className="num">Minimum</th>
                <th scope="col" className="num">Estimated</th>
                <th scope="col" className="num">Saving</th>
              </tr>
            </thead>
            <tbody>
              {[...advice.plans]
                .sort((a, b) => a.estimatedCents - b.estimatedCents)
                .map((p) => (
                  <tr key={p.plan_id} className={p.current ? 'current' : undefined}>
                    <th scope="row">
                      {p.name}
                      {p.current && <span className="badge">current</span>}
                    </th>
                    <td className="num">{formatBilled(p.minimumCents)}</td>
                    <td className="num">{formatBilled(p.estimatedCents)}</td>
                    <td className="num">{p.current ? '—' : p.savingCents > 0 ? formatBilled(p.savingCents) : `costs ${formatBilled(-p.savingCents)} more`}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
