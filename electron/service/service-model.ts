import type { AlertAction, AlertType, BillingMethod, ExclusivityType, IpType, Network, ZoneCost } from '../../shared/api/zone';
import type { Plan } from '../../shared/api/plan';
import type { PaymentMethod, PaymentStatus } from '../../shared/api/billing';
import type { Role } from '../../shared/api/user';
import type { TrafficProfile } from './weekly-traffic';
import type { BillingAddress } from '../../shared/api/account';

// The service's own records. Responses are built from these (zone-view.ts and friends), so the
// records hold what the service knows, not what it shows: the IP list, timers, alert memory.

export interface AlertRecord {
  type: AlertType;
  threshold: number;
  action: AlertAction;
  last_triggered: string | null;
}

/** What one zone spent and moved on one UTC day: the service's own record, the truth tests compare with. */
export interface DayCounters {
  spendCents: number;
  usageBytes: number;
  /** The cost members the day's last charge was worked out at (zone-costs.ts). */
  cost?: ZoneCost;
}

export interface ZoneRecord {
  zone_id: string;
  name: string;
  network: Network;
  enabled: boolean;
  alert: AlertRecord | null;
  /** The UTC period key (`2026-11-22` or `2026-11`) in which the alert last fired. */
  alertFiredPeriod: string | null;
  billing_method: BillingMethod;
  /** Simultaneous connections; 0 unless billed per connection. */
  connection_count: number;
  ip_type: IpType;
  /** Reserved IPs asked for; the IPs held are `ips` (`pool_size_actual`). */
  pool_size: number;
  ips: string[];
  exclusivity_type: ExclusivityType;
  domains: string[];
  countries: string[] | null;
  created_on: string;
  last_updated: string;
  provisioning_status: string;
  /** Simulated epoch ms at which the zone moves to its next provisioning state. */
  provisioningDueAt: number | null;
  /**
   * Spend and usage per UTC day (`YYYY-MM-DD`): the zone's `spend_today_cents`,
   * `spend_this_month_cents` and usage figures are computed from it (zone-days.ts).
   */
  days: Map<string, DayCounters>;
  current_thoughput_bps: number;
  open_connections: number;
  /** Mean throughput of this zone at the daily peak, before noise and spikes. */
  baseBps: number;
  /** Its weekly rhythm, trend and runaway days (weekly-traffic.ts). */
  traffic: TrafficProfile;
  /** Traffic is ×10 until this simulated epoch ms. */
  spikeUntil: number | null;
}

export interface UserRecord {
  user_id: string;
  api_key: string;
  team_id: string;
  name: string;
  email: string;
  enabled: boolean;
  role: Role;
  picture: string | null;
  zones: string[];
  invite_status: 'invited' | 'invite_accepted';
}

export interface InvoiceRecord {
  type: 'invoice';
  id: string;
  created_on: string;
  name: string;
  usage_charges_cents: number;
  standing_charges_cents: number;
  tax_cents: number;
  total_cents: number;
}

export interface PaymentRecord {
  type: 'payment';
  id: string;
  created_on: string;
  total_cents: number;
  status: PaymentStatus;
  payment_method: PaymentMethod;
}

export type BillingRecord = InvoiceRecord | PaymentRecord;

export interface AccountRecord {
  team_id: string;
  kyc_completed_on: string | null;
  status: string;
  pending_account_closure_date: string | null;
  pending_downgrade_plan_date: string | null;
  pending_downgrade_plan_id: string | null;
  address: BillingAddress;
  balance_cents: number;
  trial_amount_cents: number | null;
  trial_expires_on: string | null;
  /** Residential zones stay closed to a trial account until its first successful top-up. */
  topped_up: boolean;
  plan_id: string;
  /** Tax rate applied to monthly invoices (the seeded address is in New York). */
  tax_rate: number;
  /** Charges of the current UTC month, split as the monthly invoice splits them. */
  month_usage_cents: number;
  month_standing_cents: number;
}

export interface ServiceState {
  /** Simulated time, epoch ms. */
  now: number;
  plans: Plan[];
  account: AccountRecord;
  zones: Map<string, ZoneRecord>;
  users: UserRecord[];
  /** Oldest first; the history operation answers newest first. */
  billing: BillingRecord[];
  /** Free reserved datacenter IPs the platform can hand out at once. */
  reservedIpCapacity: number;
  /** Limits reported as `info.allowed`. */
  allowedZones: number;
  allowedUsers: number;
  /** Seeded PRNG that drives traffic noise, spikes and fresh IPs. */
  random: () => number;
  /** IPs ever handed out, so a refreshed IP is never handed out again. */
  usedIps: Set<string>;
  nextDocumentId: number;
}
