import type { BillingEntry } from '../../../shared/api/billing';
import type { Plan, SharedPrices } from '../../../shared/api/plan';
import type { BillingMethod, Network, Zone } from '../../../shared/api/zone';
import { costCents } from '../../../shared/api/zone-cost-presence';
import { GB, utcMonthKey } from '../../../shared/units';
import type { PlanAdvice } from '../../../shared/views';

/** The plan's shared prices on `network`; residential is billed per gigabyte only (no connection price). */
function sharedPrices(plan: Plan, network: Network): SharedPrices {
  if (network === 'datacenter') return plan.datacenter.shared;
  if (network === 'mobile') return plan.mobile.shared;
  return { per_gigabyte_cents: plan.residential.shared.per_gigabyte_cents, per_connection_cents_monthly: 0 };
}

/** A zone's month on `plan`: traffic at the plan's per-GB price plus its standing charges repriced. */
type PricedZone = Zone & { network: Network; billing_method: BillingMethod };

/** Without its network, billing method or (per-GB) usage a zone cannot be priced on any plan. */
function canPrice(zone: Zone): zone is PricedZone {
  if (zone.network === undefined || zone.billing_method === undefined) return false;
  return zone.billing_method !== 'per_gigabyte' || zone.usage_this_month_bytes !== undefined;
}

function zoneMonthOnPlan(zone: PricedZone, plan: Plan): number {
  const reserved = zone.network === 'datacenter' && zone.ip_type === 'reserved' ? plan.datacenter.reserved : null;
  const { per_gigabyte_cents: perGb, per_connection_cents_monthly: perConnection } = reserved ?? sharedPrices(plan, zone.network);
  // A count the service did not send prices nothing; the status already reports it as unknown.
  const ipCount = costCents(zone, 'ip_pool_count');
  let cents = 0;
  if (zone.billing_method === 'per_gigabyte') cents += ((zone.usage_this_month_bytes ?? 0) / GB) * perGb;
  else cents += costCents(zone, 'per_connection_count') * perConnection;
  if (reserved) {
    cents += ipCount * reserved.ip_pool_per_ip_cents_monthly;
    if (zone.exclusivity_type === 'all') cents += ipCount * reserved.exclusivity_all_domains_per_ip_cents_monthly;
    if (zone.exclusivity_type === 'domains') {
      cents += costCents(zone, 'exclusivity_per_domain_count') * ipCount * reserved.exclusivity_per_domain_per_ip_cents_monthly;
    }
  }
  return cents;
}

/**
 * The UTC month an invoice bills: the one before the month it is dated in. Invoices are issued at
 * the start of a month for the month that just ended, so one dated 1 November bills October.
 */
export function billedMonthOf(invoice: Pick<BillingEntry, 'created_on'>): string {
  const issued = new Date(invoice.created_on);
  return utcMonthKey(new Date(Date.UTC(issued.getUTCFullYear(), issued.getUTCMonth() - 1, 1)));
}

/**
 * Prices this month's usage of the known zones on every plan, the minimum spend included
 * (docs/api.md › Plans, trial and billing status: a month-end charge makes up any shortfall). When the last invoice is
 * larger than what the zones explain, every estimate is scaled up by that ratio, since zones the
 * client does not know also cost money.
 */
export function adviseOnPlans(input: {
  plans: readonly Plan[];
  zones: readonly Zone[];
  currentPlanId: string | null;
  lastInvoice: BillingEntry | null;
  /** `YYYY-MM` of now (UTC). */
  month: string;
}): PlanAdvice {
  const current = input.plans.find((p) => p.plan_id === input.currentPlanId) ?? null;
  // Every plan is compared on the same zones: those that can be priced (and whose spend is known
  // when there is no current plan to price them on). A zone left out adds to no estimate, and the
  // invoice scaling below makes up for it as it does for zones the client does not know.
  const priced = input.zones.filter(canPrice).filter((zone) => current !== null || zone.spend_this_month_cents !== undefined);
  const onPlan = (plan: Plan) => priced.reduce((sum, zone) => sum + zoneMonthOnPlan(zone, plan), 0);
  const currentUsage = current ? onPlan(current) : priced.reduce((s, z) => s + (z.spend_this_month_cents ?? 0), 0);
  const invoice = input.lastInvoice?.type === 'invoice' ? input.lastInvoice : null;
  // An invoice whose charges came unreadable explains nothing: its figures add 0, never a guess.
  const invoiceUsage = invoice ? (invoice.usage_charges_cents ?? 0) + (invoice.standing_charges_cents ?? 0) : 0;
  const scale = invoice && currentUsage > 0 && invoiceUsage > currentUsage ? invoiceUsage / currentUsage : 1;
  const estimate = (plan: Plan) => Math.max(plan.minimum_monthly_spend_cents, onPlan(plan) * scale);
  const currentEstimate = current ? estimate(current) : currentUsage;
  return {
    basis: {
      month: invoice ? billedMonthOf(invoice) : input.month,
      usageCents: invoice ? invoiceUsage : currentUsage,
      source: invoice ? 'invoice' : 'current_month',
    },
    plans: input.plans.map((plan) => {
      const estimatedCents = estimate(plan);
      return {
        plan_id: plan.plan_id,
        name: plan.name,
        current: plan.plan_id === input.currentPlanId,
        minimumCents: plan.minimum_monthly_spend_cents,
        estimatedCents,
        savingCents: currentEstimate - estimatedCents,
      };
    }),
  };
}
