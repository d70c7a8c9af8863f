import { type CostedSettings, type CostMember, type CostMemberValue, costMemberValue } from '../../../shared/api/zone-cost-presence';
import type { ZoneCost } from '../../../shared/api/zone';
import { formatBilled, formatUnitPrice } from '../../../shared/money';
import { NotApplicable, UnknownValue } from './MissingValue';

type Costed = CostedSettings & { cost: ZoneCost };
/** `count` multiplies its members: per-domain exclusivity is priced per domain per IP. */
type Line = { label: string; unit: CostMember; count: CostMember[] | null; total: CostMember | null };

const DOCUMENTED_ABSENT = 'Not applicable: the service sends this only for reserved datacenter zones with this exclusivity.';

/** Whether a line's figure is a positive number, or unknown (so the user sees that it is missing). */
function present(value: CostMemberValue): boolean {
  return value.state === 'unknown' || (value.state === 'value' && value.value > 0);
}

function lines(zone: Costed): Line[] {
  const v = (member: CostMember) => costMemberValue(zone, member);
  const out: Line[] = [{ label: 'Traffic, per GB', unit: 'per_gigabyte_cents', count: null, total: null }];
  if (present(v('per_connection_count')))
    out.push({ label: 'Connections, per month', unit: 'per_connection_cents_monthly', count: ['per_connection_count'], total: 'per_connection_cents_monthly_total' });
  if (present(v('ip_pool_count')))
    out.push({ label: 'Reserved IPs, per IP per month', unit: 'ip_pool_per_ip_cents_monthly', count: ['ip_pool_count'], total: 'ip_pool_cents_monthly_total' });
  if (present(v('exclusivity_all_domains_cents_monthly_total')))
    out.push({ label: 'Exclusive on all domains, per IP per month', unit: 'exclusivity_all_domains_per_ip_cents_monthly', count: ['ip_pool_count'], total: 'exclusivity_all_domains_cents_monthly_total' });
  if (present(v('exclusivity_per_domain_count'))) {
    const domains = v('exclusivity_per_domain_count');
    const label = domains.state === 'value' ? `Exclusive on ${domains.value} domains, per domain per IP per month` : 'Exclusive per domain, per domain per IP per month';
    out.push({ label, unit: 'exclusivity_per_domain_per_ip_cents_monthly', count: ['exclusivity_per_domain_count', 'ip_pool_count'], total: 'exclusivity_per_domain_cents_monthly_total' });
  }
  return out;
}

/** The product of several members: unknown if any is, not applicable if any is. */
function product(values: CostMemberValue[]): CostMemberValue {
  if (values.some((v) => v.state === 'unknown')) return { state: 'unknown' };
  if (values.some((v) => v.state === 'not_applicable')) return { state: 'not_applicable' };
  return { state: 'value', value: values.reduce((n, v) => n * (v.state === 'value' ? v.value : 1), 1) };
}

/** One figure: its value, "—" when unknown, "n/a" when the service leaves it out for this zone. */
function Figure({ value, format }: { value: CostMemberValue; format: (n: number) => string }) {
  if (value.state === 'unknown') return <UnknownValue />;
  if (value.state === 'not_applicable') return <NotApplicable title={DOCUMENTED_ABSENT} />;
  return <>{format(value.value)}</>;
}

/**
 * A zone's cost block as a readable table: unit prices, counts and monthly totals. The per-domain
 * line counts domains × IPs, as the service's total does.
 */
export function CostTable({ zone, caption }: { zone: Costed; caption: string }) {
  const v = (member: CostMember) => costMemberValue(zone, member);
  return (
    <table className="table stack">
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
        {lines(zone).map((l) => (
          <tr key={l.label}>
            <th scope="row">{l.label}</th>
            <td className="num">
              <Figure value={v(l.unit)} format={formatUnitPrice} />
            </td>
            <td className="num">{l.count === null ? '—' : <Figure value={product(l.count.map(v))} format={String} />}</td>
            <td className="num">{l.total === null ? 'by use' : <Figure value={v(l.total)} format={formatBilled} />}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            Standing charges per month
          </th>
          <td className="num">
            <Figure value={v('standing_charges_cents_monthly')} format={formatBilled} />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
