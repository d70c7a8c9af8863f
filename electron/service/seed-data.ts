import type { AlertAction, AlertType, BillingMethod, ExclusivityType, Network } from '../../shared/api/zone';
import type { PaymentMethod } from '../../shared/api/billing';
import type { Role } from '../../shared/api/user';
import { GB, startOfUtcDay, startOfUtcMonth, utcDayKey, utcMonthKey } from '../../shared/units';
import { invoiceRecord, paymentRecord } from './billing-records';
import { MEAN_DAILY_RHYTHM, SPIKE_FACTOR, SPIKE_MS } from './daily-rhythm';
import { type AnomalyInjection, drawInjections, type InjectedAnomaly, injectedDay } from './injected-anomalies';
import { freshIps } from './ip-pool';
import { SEEDED_PLAN_ID, planCatalog } from './plan-catalog';
import { mulberry32, pick, randomInt, type Random } from './prng';
import type { BillingRecord, ServiceState, UserRecord, ZoneRecord } from './service-model';
import { alertMeasure, alertPeriod, isDailyAlert } from './zone-alert-measure';
import { dailyStandingCents, zoneCost } from './zone-costs';
import { dayLevel, isStoppedDay, type TrafficProfile, trafficProfile } from './weekly-traffic';
import { addToDay, zoneFigures } from './zone-days';

export interface SeedOptions {
  seed: number;
  /** Simulated start time, epoch ms. */
  now: number;
  zones: number;
  users: number;
  /** Months of billing history. */
  history: number;
  /** Whole UTC days of per-day record before today (at least the month so far); default 0. */
  pastDays?: number;
  /** The API key of the n-th seeded user (the caller keeps keys stable across resets). */
  keyFor: (userIndex: number) => string;
  /** Anomalies of known size and cause to put in the per-day record (docs/service.md › Injected anomalies); none by default. */
  anomalies?: AnomalyInjection;
}

/** Seeded ids a test or the demo can rely on, whatever the seed. */
export interface SeededFacts {
  zoneIds: string[];
  /** In no user's `zones` list: only `info.current` tells the client they exist. */
  undiscoveredZoneIds: string[];
  /** Shared datacenter zone billed per gigabyte, enabled, in the collaborator's list. */
  perGigabyteDatacenterZoneId: string;
  /** Reserved datacenter zone with its IPs, provisioned, in the collaborator's list. */
  reservedDatacenterZoneId: string;
  /** The zones of the collaborator whose key is handed out. */
  collaboratorZoneIds: string[];
  /** Indexes into the users of the three handed-out keys. */
  keyUserIndex: { admin: number; collaborator: number; billing_admin: number };
  /** The injected anomalies (`SeedOptions.anomalies`), oldest first; empty without. */
  injectedAnomalies: InjectedAnomaly[];
}

export const DEFAULT_SEED = 1;
export const DEFAULT_ZONES = 25;
export const DEFAULT_USERS = 12;
export const DEFAULT_HISTORY_MONTHS = 24;
/** Reserved-datacenter capacity of a fresh service (docs/service.md › Control endpoints: capacity). */
export const DEFAULT_RESERVED_IP_CAPACITY = 5000;

interface ZoneTemplate {
  name: string;
  network: Network;
  billing: BillingMethod;
  connections?: number;
  pool?: number;
  exclusivity?: ExclusivityType;
  domains?: string[];
  enabled?: boolean;
  alert?: [AlertType, number, AlertAction];
  countries?: string[];
  status?: 'provisioning' | 'waiting_for_approval';
}

// Index 1 and 4 are the per-gigabyte and reserved datacenter zones handed to the collaborator;
// the last two are the undiscoverable ones.
const ZONE_TEMPLATES: ZoneTemplate[] = [
  { name: 'Price monitor EU', network: 'datacenter', billing: 'per_gigabyte', countries: ['DE', 'FR', 'NL'], alert: ['dollars_per_day', 40, 'send_notification'] },
  { name: 'SERP tracker', network: 'datacenter', billing: 'per_gigabyte', alert: ['gigabytes_per_day', 250, 'disable_and_send_notification'] },
  { name: 'Catalog crawler', network: 'datacenter', billing: 'per_gigabyte', countries: ['US'] },
  { name: 'Ad verification', network: 'datacenter', billing: 'per_connection', connections: 40 },
  { name: 'Checkout QA pool', network: 'datacenter', billing: 'per_gigabyte', pool: 12, exclusivity: 'domains', domains: ['shop.example.com', 'checkout.example.com'], alert: ['dollars_per_month', 900, 'disable_zone'] },
  { name: 'Sneaker drops', network: 'datacenter', billing: 'per_gigabyte', pool: 25, exclusivity: 'all', countries: ['US', 'CA'] },
  { name: 'Travel fares', network: 'datacenter', billing: 'per_gigabyte', pool: 8, exclusivity: 'non_exclusive' },
  { name: 'Review scraper', network: 'datacenter', billing: 'per_gigabyte', enabled: false },
  { name: 'Mobile app QA', network: 'mobile', billing: 'per_gigabyte', countries: ['GB'], alert: ['dollars_per_day', 60, 'disable_zone'] },
  { name: 'App store ranks', network: 'mobile', billing: 'per_connection', connections: 5 },
  { name: 'Social listening', network: 'residential', billing: 'per_gigabyte', alert: ['dollars_per_month', 2500, 'send_notification'] },
  { name: 'Geo content check', network: 'residential', billing: 'per_gigabyte', countries: ['JP', 'KR', 'SG'] },
  { name: 'Brand protection', network: 'residential', billing: 'per_gigabyte' },
  { name: 'Real estate feeds', network: 'datacenter', billing: 'per_gigabyte', pool: 40, exclusivity: 'domains', domains: ['listings.example.net'] },
  { name: 'Stock tickers', network: 'datacenter', billing: 'per_connection', connections: 120, pool: 10 },
  { name: 'Legacy crawler', network: 'datacenter', billing: 'per_gigabyte', enabled: false, alert: ['gigabytes_per_month', 500, 'disable_zone'] },
  { name: 'Search ads audit', network: 'mobile', billing: 'per_gigabyte', countries: ['US'] },
  { name: 'Coupon finder', network: 'residential', billing: 'per_gigabyte', enabled: false },
  { name: 'Hotel rates', network: 'datacenter', billing: 'per_gigabyte', pool: 30, exclusivity: 'all', status: 'provisioning' },
  { name: 'Market research', network: 'datacenter', billing: 'per_gigabyte', pool: 60, status: 'waiting_for_approval' },
  { name: 'News aggregator', network: 'datacenter', billing: 'per_gigabyte', alert: ['dollars_per_day', 15, 'disable_zone'] },
  { name: 'Localization QA', network: 'mobile', billing: 'per_connection', connections: 3, countries: ['BR', 'MX'] },
  { name: 'Fraud research', network: 'residential', billing: 'per_gigabyte', alert: ['gigabytes_per_day', 5, 'send_notification'] },
  { name: 'Partner sandbox', network: 'mobile', billing: 'per_gigabyte' },
  { name: 'Executive demo', network: 'residential', billing: 'per_gigabyte', countries: ['FR'] },
];

/** Mean peak throughput by network, tuned to roughly $100 a day for the seeded account. */
const BASE_BPS: Record<Network, number> = { datacenter: 600_000, mobile: 20_000, residential: 150_000 };

interface UserTemplate {
  name: string;
  role: Role;
  enabled?: boolean;
  invited?: boolean;
  picture?: boolean;
}

const USER_TEMPLATES: UserTemplate[] = [
  { name: 'Avery Brooks', role: 'admin', picture: true },
  { name: 'Jordan Patel', role: 'admin', invited: true },
  { name: 'Morgan Chen', role: 'billing_admin', picture: true },
  { name: 'Riley Novak', role: 'billing_admin', enabled: false },
  { name: 'Sam Okafor', role: 'collaborator', picture: true },
  { name: 'Elena García', role: 'collaborator' },
  { name: 'Noah Fischer', role: 'collaborator' },
  { name: 'Priya Raman', role: 'collaborator', picture: true },
  { name: 'Lucas Martin', role: 'collaborator', enabled: false },
  { name: 'Mia Kowalski', role: 'collaborator', invited: true },
  { name: 'Kenji Watanabe', role: 'collaborator' },
  { name: 'Chloe Dubois', role: 'billing_admin', invited: true },
];
const KEY_USERS = { admin: 0, billing_admin: 2, collaborator: 4 } as const;
/** The zones the seeded facts name (the collaborator's) run every day: tests rely on their traffic. */
const STEADY_ZONES: ReadonlySet<number> = new Set([0, 1, 4, 8, 10]);

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function zoneId(random: Random, taken: Set<string>): string {
  for (;;) {
    const length = random() < 0.2 ? 6 : 8;
    let id = '';
    for (let i = 0; i < length; i += 1) id += pick(random, [...ID_ALPHABET]);
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

function hex(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += Math.floor(random() * 16).toString(16);
  return out;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

const DAY_MS = 86_400_000;

function seedZone(
  template: ZoneTemplate,
  index: number,
  random: Random,
  state: Pick<ServiceState, 'usedIps' | 'now'>,
  taken: Set<string>,
  traffic: TrafficProfile,
): ZoneRecord {
  const now = state.now;
  const reserved = template.pool !== undefined;
  const status = template.status ?? 'provisioned';
  const pool = template.pool ?? 0;
  const held = status === 'provisioned' ? pool : status === 'provisioning' ? Math.floor(pool / 2) : 0;
  const created = now - randomInt(random, 20, 700) * DAY_MS - randomInt(random, 0, DAY_MS / 1000) * 1000;
  const updated = Math.min(now - 60_000, created + randomInt(random, 0, 300) * DAY_MS);
  const suffix = index < ZONE_TEMPLATES.length ? '' : ` ${Math.floor(index / ZONE_TEMPLATES.length) + 1}`;
  return {
    zone_id: zoneId(random, taken),
    name: `${template.name}${suffix}`,
    network: template.network,
    enabled: template.enabled ?? true,
    alert: template.alert
      ? { type: template.alert[0], threshold: template.alert[1], action: template.alert[2], last_triggered: null }
      : null,
    alertFiredPeriod: null,
    billing_method: template.billing,
    connection_count: template.billing === 'per_connection' ? (template.connections ?? 10) : 0,
    ip_type: reserved ? 'reserved' : 'shared',
    pool_size: pool,
    ips: freshIps(random, state.usedIps, held),
    exclusivity_type: template.exclusivity ?? 'non_exclusive',
    domains: template.domains ? [...template.domains] : [],
    countries: template.countries ? [...template.countries] : null,
    created_on: iso(created),
    last_updated: iso(updated),
    provisioning_status: status,
    provisioningDueAt:
      status === 'provisioning' ? now + 3 * 60_000 : status === 'waiting_for_approval' ? now + 30 * 60_000 : null,
    days: new Map(),
    current_thoughput_bps: 0,
    open_connections: 0,
    baseBps: Math.round(BASE_BPS[template.network] * (0.3 + random() * 2.2)),
    traffic,
    spikeUntil: null,
  };
}

/** A day with one of the zone's unprompted spikes (about one every five days) carries this much more traffic. */
const SPIKE_DAY_CHANCE = 0.2;
const SPIKE_DAY_EXTRA_SECONDS = (SPIKE_FACTOR - 1) * (SPIKE_MS / 1000);

/**
 * The zone's per-day record before the simulation starts, as if it had run at its mean rate: today
 * so far, and every earlier UTC day back to the start of the month or `pastDays` days, whichever is
 * further (never before the zone was created). Earlier days follow docs/service.md › Traffic over weeks and some carry a spike.
 * The main PRNG draws exactly two numbers per zone, so the rest of the account stays what the seed
 * made it; each zone's day-to-day variation has a PRNG of its own.
 */
function seedDays(zone: ZoneRecord, state: ServiceState, random: Random, dayRandom: Random, pastDays: number, injections: readonly InjectedAnomaly[]): void {
  const plan = state.plans.find((p) => p.plan_id === state.account.plan_id);
  const todayShare = zone.enabled ? 0.85 + 0.3 * random() : 0;
  const earlierShare = zone.enabled ? 0.85 + 0.3 * random() : 0.4 * random();
  if (!plan || zone.provisioning_status !== 'provisioned') return;
  const cost = zoneCost(zone, plan);
  const now = new Date(state.now);
  const today = startOfUtcDay(now).getTime();
  const monthStart = startOfUtcMonth(now).getTime();
  const meanBytesPerSecond = (zone.baseBps * MEAN_DAILY_RHYTHM) / 8;
  const standingPerSecond = dailyStandingCents(cost) / 86_400;
  const month = utcMonthKey(now);
  const record = (from: number, to: number, usual: number) => {
    const seconds = (to - from) / 1000;
    const injection = injections.find((i) => i.zoneId === zone.zone_id && i.day === utcDayKey(new Date(from)));
    const { bytes, cost: dayCost } = injectedDay(zone, plan, injection, usual, cost);
    const usageCents = (bytes / GB) * dayCost.per_gigabyte_cents;
    const standing = (injection ? dailyStandingCents(dayCost) / 86_400 : standingPerSecond) * seconds;
    addToDay(zone, from, usageCents + standing, bytes, dayCost);
    if (utcMonthKey(new Date(from)) === month) {
      state.account.month_usage_cents += usageCents;
      state.account.month_standing_cents += standing;
    }
  };
  const created = Date.parse(zone.created_on);
  const first = Math.max(Math.min(monthStart, today - pastDays * DAY_MS), startOfUtcDay(new Date(created)).getTime());
  for (let day = first; day < today; day += DAY_MS) {
    const from = Math.max(day, created);
    const seconds = (day + DAY_MS - from) / 1000;
    const spikeSeconds = zone.enabled && dayRandom() < SPIKE_DAY_CHANCE ? SPIKE_DAY_EXTRA_SECONDS : 0;
    // docs/service.md › Traffic over weeks: a stopped day moves nothing; its standing charges still accrue.
    const level = isStoppedDay(zone.traffic, day / DAY_MS) ? 0 : earlierShare * dayLevel(zone.traffic, day);
    record(from, day + DAY_MS, Math.round(meanBytesPerSecond * (seconds + spikeSeconds) * level));
  }
  record(today, state.now, Math.round(meanBytesPerSecond * ((state.now - today) / 1000) * todayShare * dayLevel(zone.traffic, today)));
  if (zone.alert) {
    // Alerts whose threshold the seeded counters already meet fired earlier in their period.
    if (alertMeasure(zoneFigures(zone, state.now), zone.alert.type) >= zone.alert.threshold) {
      const start = isDailyAlert(zone.alert.type) ? startOfUtcDay(now) : startOfUtcMonth(now);
      zone.alert.last_triggered = iso(start.getTime() + Math.floor((state.now - start.getTime()) * 0.7));
      zone.alertFiredPeriod = alertPeriod(zone.alert.type, now);
    }
  }
}

function seedUser(template: UserTemplate, index: number, options: SeedOptions, teamId: string, random: Random): UserRecord {
  const [first = 'user', last = String(index)] = template.name.toLowerCase().normalize('NFD').replace(/[^a-z ]/g, '').split(' ');
  const userId = `usr_${hex(random, 10)}`;
  return {
    user_id: userId,
    api_key: options.keyFor(index),
    team_id: teamId,
    name: template.name,
    email: `${first}.${last}@northwind-data.example`,
    enabled: template.enabled ?? true,
    role: template.role,
    picture: template.picture ? `https://avatars.northwind-data.example/${userId}.png` : null,
    zones: [],
    invite_status: template.invited ? 'invited' : 'invite_accepted',
  };
}

const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;
const WALLETS = ['none', 'apple_pay', 'google_pay'] as const;

function paymentMethods(random: Random, now: number): PaymentMethod[] {
  const year = new Date(now).getUTCFullYear();
  const cards: PaymentMethod[] = CARD_BRANDS.slice(0, 3).map((brand) => ({
    type: 'card',
    brand,
    expires_month: randomInt(random, 1, 12),
    expires_year: year + randomInt(random, 0, 4),
    last4: randomInt(random, 0, 9999),
    wallet: pick(random, WALLETS),
  }));
  return [...cards, { type: 'paypal', email: 'accounts@northwind-data.example' }];
}

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

export function invoiceName(monthStart: Date): string {
  return `${MONTH_NAMES[monthStart.getUTCMonth()] ?? ''} ${monthStart.getUTCFullYear()}`;
}

function seedBilling(state: ServiceState, months: number, random: Random): void {
  const methods = paymentMethods(random, state.now);
  const thisMonth = startOfUtcMonth(new Date(state.now));
  const monthlyUsage = Math.max(150_000, state.account.month_usage_cents * 1.2);
  const monthlyStanding = Math.max(5_000, state.account.month_standing_cents * 1.5);
  const entries: BillingRecord[] = [];
  for (let back = months; back >= 1; back -= 1) {
    const issued = Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - back + 1, 1, 0, 5);
    const billedMonth = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() - back, 1));
    const growth = 0.55 + 0.45 * (1 - back / Math.max(months, 1));
    const usage = monthlyUsage * growth * (0.8 + 0.4 * random()) + random();
    const standing = monthlyStanding * growth * (0.9 + 0.2 * random());
    entries.push(
      invoiceRecord(state, { created_on: iso(issued), name: invoiceName(billedMonth), usage_charges_cents: usage, standing_charges_cents: standing }),
    );
    const monthStart = billedMonth.getTime();
    const toppingUps = randomInt(random, 1, 3);
    for (let i = 0; i < toppingUps; i += 1) {
      const at = monthStart + randomInt(random, 1, 27) * DAY_MS + randomInt(random, 8 * 3600, 20 * 3600) * 1000;
      const failed = random() < 0.08;
      entries.push(
        paymentRecord(state, {
          created_on: iso(at),
          total_cents: pick(random, [50_000, 100_000, 150_000, 200_000, 250_000]),
          status: failed ? 'failed' : 'succeeded',
          payment_method: pick(random, methods),
        }),
      );
    }
  }
  entries.sort((a, b) => a.created_on.localeCompare(b.created_on));
  state.billing = entries.filter((entry) => Date.parse(entry.created_on) <= state.now);
}

/** Builds the whole seeded account. Same options, same account (keys come from `keyFor`). */
export function seedState(options: SeedOptions): { state: ServiceState; facts: SeededFacts } {
  const random = mulberry32(options.seed);
  const now = options.now;
  // Index 4 (the reserved zone) and the two undiscoverable zones need at least seven.
  const zoneCount = Math.max(7, options.zones);
  const userCount = Math.max(USER_TEMPLATES.length, options.users);
  const state: ServiceState = {
    now,
    plans: planCatalog(),
    account: {
      team_id: `team_${hex(random, 8)}`,
      kyc_completed_on: iso(now - 690 * DAY_MS),
      status: 'active',
      pending_account_closure_date: null,
      pending_downgrade_plan_date: null,
      pending_downgrade_plan_id: null,
      address: {
        company_name: 'Northwind Data Labs Inc.',
        address_1: '350 Hudson Street',
        address_2: 'Floor 9',
        city: 'New York',
        state: 'NY',
        zipcode: 10014,
        country_code: 'US',
      },
      balance_cents: 450_000 + Math.round(random() * 10_000) / 100 + 0.37,
      trial_amount_cents: null,
      trial_expires_on: null,
      topped_up: true,
      plan_id: SEEDED_PLAN_ID,
      tax_rate: 0.08875,
      month_usage_cents: 0,
      month_standing_cents: 0,
    },
    zones: new Map(),
    users: [],
    billing: [],
    reservedIpCapacity: DEFAULT_RESERVED_IP_CAPACITY,
    allowedZones: Math.max(100, zoneCount),
    allowedUsers: Math.max(50, userCount),
    random,
    usedIps: new Set(),
    nextDocumentId: 1,
  };

  const taken = new Set<string>();
  const zones: ZoneRecord[] = [];
  for (let i = 0; i < zoneCount; i += 1) {
    // The last two templates are the undiscoverable zones: keep them last whatever the count.
    const templateIndex =
      i >= zoneCount - 2 ? ZONE_TEMPLATES.length - (zoneCount - i) : i % (ZONE_TEMPLATES.length - 2);
    const template = ZONE_TEMPLATES[templateIndex]!;
    // Each zone's profile has a PRNG of its own, so the main one draws what it always drew.
    const traffic = trafficProfile(mulberry32((options.seed * 104_729 + i) ^ 0x7eaf1c), now, !STEADY_ZONES.has(i));
    const zone = seedZone(template, i, random, state, taken, traffic);
    zones.push(zone);
    state.zones.set(zone.zone_id, zone);
  }
  const pastDays = Math.max(0, options.pastDays ?? 0);
  // The zones no users list names are never judged by the app, so none is injected there.
  const injections = options.anomalies ? drawInjections(options.seed, zones.slice(0, zones.length - 2), options.anomalies) : [];
  zones.forEach((zone, index) => seedDays(zone, state, random, mulberry32((options.seed * 7919 + index) ^ 0xda75), pastDays, injections));

  for (let i = 0; i < userCount; i += 1) {
    const template: UserTemplate = USER_TEMPLATES[i] ?? {
      name: `Team member ${i + 1}`,
      role: 'collaborator',
      enabled: i % 7 !== 0,
    };
    state.users.push(seedUser(template, i, options, state.account.team_id, random));
  }

  const discoverable = zones.slice(0, zones.length - 2);
  const undiscovered = zones.slice(zones.length - 2);
  const perGigabyte = zones[1]!;
  const reservedZone = zones[4]!;
  const keyCollaborator = state.users[KEY_USERS.collaborator]!;
  const collaborators = state.users.filter((user, index) => user.role === 'collaborator' && index !== KEY_USERS.collaborator);
  keyCollaborator.zones = [1, 4, 0, 8, 10]
    .filter((index) => index < discoverable.length)
    .map((index) => zones[index]!.zone_id);
  const keyZones = new Set(keyCollaborator.zones);
  discoverable
    .filter((zone) => !keyZones.has(zone.zone_id))
    .forEach((zone, index) => {
      const owner = collaborators[index % collaborators.length] ?? keyCollaborator;
      owner.zones.push(zone.zone_id);
    });
  // Two collaborators share a few zones, as real teams do.
  const shared = collaborators[0];
  if (shared) shared.zones.push(zones[0]!.zone_id);

  seedBilling(state, Math.max(0, options.history), random);

  return {
    state,
    facts: {
      zoneIds: zones.map((zone) => zone.zone_id),
      undiscoveredZoneIds: undiscovered.map((zone) => zone.zone_id),
      perGigabyteDatacenterZoneId: perGigabyte.zone_id,
      reservedDatacenterZoneId: reservedZone.zone_id,
      collaboratorZoneIds: [...keyCollaborator.zones],
      keyUserIndex: { ...KEY_USERS },
      injectedAnomalies: injections,
    },
  };
}
