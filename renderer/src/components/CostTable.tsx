import type { ZoneCost } from '../../../shared/api/zone';
import { formatBilled, formatUnitPrice } from '../../../shared/money';

type Line = { label: string; unit: number; count: number | null; total: number | null };

function lines(cost: ZoneCost): Line[] {
  const out: Line[] = [{ label: 'Traffic, per GB', unit: cost.per_gigabyte_cents, count: null, total: null }];
  if (cost.per_connection_count > 0)
    out.push({ label: 'Connections, per month', unit: cost.per_connection_cents_monthly, count: cost.per_connection_count, total: cost.per_connection_cents_monthly_total });
  if (cost.ip_pool_count > 0)
    out.push({ label: 'Reserved IPs, per IP per month', unit: cost.ip_pool_per_ip_cents_monthly, count: cost.ip_pool_count, total: cost.ip_pool_cents_monthly_total });
  if (cost.exclusivity_all_domains_cents_monthly_total > 0)
    out.push({ label: 'Exclusive on all domains, per IP per month', unit: cost.exclusivity_all_domains_per_ip_cents_monthly, count: cost.ip_pool_count, total: cost.exclusivity_all_domains_cents_monthly_total });
  if (cost.exclusivity_per_domain_count > 0)
    out.push({ label: `Exclusive on ${cost.exclusivity_per_domain_count} domains, per domain per IP per month`, unit: cost.exclusivity_per_domain_per_ip_cents_monthly, count: cost.exclusivity_per_domain_count * cost.ip_pool_count, total: cost.exclusivity_per_domain_cents_monthly_total });
  return out;
}

/** A zone's cost block as a readable table: unit prices, counts and monthly totals. */
export function CostTable({ cost, caption }: { cost: ZoneCost; caption: string }) {
  return (
    <table className="table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Charge</th>
          <th scope="col" className="num">Price</th>
          <th scope="col" className="num">Count</th>
          <th scope="col" className="num">Monthly</th>
        </tr>
      </thead>
      <tbody>
        {lines(cost).map((l) => (
          <tr key={l.label}>
            <th scope="row">{l.label}</th>
            <td className="num">{formatUnitPrice(l.unit)}</td>
            <td className="num">{l.count ?? '—'}</td>
            <td className="num">{l.total === null ? 'by use' : formatBilled(l.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            Standing charges per month
          </th>
          <td className="num">{formatBilled(cost.standing_charges_cents_monthly)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
