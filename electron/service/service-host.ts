import { newRandomKey, wallClock } from './wall-clock';
import type { z } from 'zod';
import { invoiceRecord, paymentRecord } from './billing-records';
import { BillingEventRequest, type AccountRequest, type BillingEventInput } from './control-requests';
import { FaultConfig, isNoFault } from './faults';
import { mulberry32, pick, type Random } from './prng';
import { seedState, type SeedOptions, type SeededFacts } from './seed-data';
import type { PaymentMethod } from '../../shared/api/billing';
import type { ServiceState } from './service-model';
import { advanceClock, startSpike } from './traffic-simulation';
import { zoneDayRecords, type ZoneDayRecord } from './zone-days';
import { type PastReading, warmUp } from './warm-up';

/** How often the warm-up takes a reading: the demo's history as a client polling every 5 minutes would have kept it. */
const WARM_UP_READING_MS = 5 * 60_000;

/** What tests and the demo may do to a running service, in process or through `/_control`. */
export interface ServiceControl {
  /** The simulated time, ISO 8601. */
  now(): string;
  /** Runs the simulation `seconds` of simulated time forward. */
  advance(seconds: number): void;
  /** Sets `billing.balance.amount_cents`. */
  setBalance(amountCents: number): void;
  /** Sets the `/v1` faults; `{}` clears them. */
  setFaults(config: z.input<typeof FaultConfig>): void;
  /** ×10 traffic on one zone for 30 simulated minutes; false when there is no such zone. */
  spike(zoneId: string): boolean;
  /** The zone's reserved IPs, or undefined for an unknown zone. */
  zoneIps(zoneId: string): string[] | undefined;
  /** Makes a user's API key invalid (as a key revoked in the dashboard), or valid again; false for an unknown key. */
  setKeyRevoked(apiKey: string, revoked: boolean): boolean;
  /** Back to the seeded account at the start time, same keys, no faults. */
  reset(): void;
  setAccount(patch: AccountRequest): void;
  /** Appends one billing entry dated now. */
  addBillingEvent(event: BillingEventInput): void;
  /** Free reserved datacenter IPs (the 202 / waiting-for-approval threshold). */
  setCapacity(reservedIps: number): void;
  /**
   * Every zone's per-day record (spend and usage per UTC day, today's so far) from `fromDay` on:
   * the figures the zones report are computed from it, and tests compare the app's ledger with it.
   */
  days(fromDay?: string): ZoneDayRecord[];
  /** Readings of every zone taken during the warm-up before the start (none without one). */
  pastReadings(): PastReading[];
  /** Seeded ids a test can rely on; they stay the same across `reset()`. */
  readonly seeded: SeededFacts;
}

export interface HostOptions {
  seed: Omit<SeedOptions, 'now'>;
  start: number;
  timeScale: number;
  /** Simulated minutes run before `start`, with a reading every 5 minutes (the demo's recent hours). */
  warmUpMinutes?: number;
  /** The key a revoked one is replaced with; a random one unless the host's builder names them (the simulator, for a trace that replays). */
  newKey?: () => string;
}

/**
 * The running service's mutable parts: the account state, the clock and the faults. The HTTP
 * layer reads and changes the state only through the operations and this host.
 */
export class ServiceHost implements ServiceControl {
  state!: ServiceState;
  readonly seeded: SeededFacts;
  faults: FaultConfig | null = null;
  private readonly revoked = new Map<string, ServiceState['users'][number]>();
  faultRandom: Random;
  private lastRealMs = wallClock.now();
  private realTime = false;

  private readings: PastReading[] = [];

  constructor(private readonly options: HostOptions) {
    const seeded = this.seedAndWarmUp();
    this.seeded = seeded.facts;
    this.faultRandom = mulberry32(options.seed.seed ^ 0x5eed);
  }

  /** The seeded account, run from `warmUpMinutes` before the start to the start. */
  private seedAndWarmUp(): ReturnType<typeof seedState> {
    const warmUpMs = Math.max(0, this.options.warmUpMinutes ?? 0) * 60_000;
    const seeded = seedState({ ...this.options.seed, now: this.options.start - warmUpMs });
    this.state = seeded.state;
    this.readings = warmUpMs > 0 ? warmUp(this.state, this.options.start, WARM_UP_READING_MS) : [];
    return seeded;
  }

  /** Lets the simulated clock follow real time × `timeScale` from now on. */
  runInRealTime(): void {
    this.realTime = true;
    this.lastRealMs = wallClock.now();
  }

  /** Catches the simulated clock up with real time (no-op unless running in real time). */
  sync(): void {
    if (!this.realTime) return;
    const real = wallClock.now();
    const elapsed = Math.max(0, real - this.lastRealMs) * this.options.timeScale;
    this.lastRealMs = real;
    if (elapsed > 0) advanceClock(this.state, this.state.now + elapsed);
  }

  now(): string {
    return new Date(this.state.now).toISOString();
  }

  advance(seconds: number): void {
    this.sync();
    advanceClock(this.state, this.state.now + seconds * 1000);
  }

  setBalance(amountCents: number): void {
    this.state.account.balance_cents = amountCents;
  }

  setFaults(config: z.input<typeof FaultConfig>): void {
    const parsed = FaultConfig.parse(config);
    this.faults = isNoFault(parsed) ? null : parsed;
  }

  spike(zoneId: string): boolean {
    const zone = this.state.zones.get(zoneId);
    if (!zone) return false;
    startSpike(zone, this.state.now);
    return true;
  }

  setKeyRevoked(apiKey: string, revoked: boolean): boolean {
    if (!revoked) {
      const user = this.revoked.get(apiKey);
      if (!user) return false;
      user.api_key = apiKey;
      this.revoked.delete(apiKey);
      return true;
    }
    const user = this.state.users.find((u) => u.api_key === apiKey);
    if (!user) return false;
    // A key nobody holds, so the old one answers 401 until it is given back.
    user.api_key = (this.options.newKey ?? newRandomKey)();
    this.revoked.set(apiKey, user);
    return true;
  }

  days(fromDay?: string): ZoneDayRecord[] {
    this.sync();
    return zoneDayRecords(this.state.zones.values(), fromDay);
  }

  zoneIps(zoneId: string): string[] | undefined {
    const zone = this.state.zones.get(zoneId);
    return zone ? [...zone.ips] : undefined;
  }

  pastReadings(): PastReading[] {
    return this.readings;
  }

  reset(): void {
    this.seedAndWarmUp();
    this.faults = null;
    this.revoked.clear();
    this.faultRandom = mulberry32(this.options.seed.seed ^ 0x5eed);
    this.lastRealMs = wallClock.now();
  }

  setAccount(patch: AccountRequest): void {
    const account = this.state.account;
    if (patch.status !== undefined) {
      account.status = patch.status;
      if (patch.status !== 'pending_downgrade_plan') {
        account.pending_downgrade_plan_id = null;
        account.pending_downgrade_plan_date = null;
      }
      if (patch.status !== 'pending_account_closure') account.pending_account_closure_date = null;
    }
    if (patch.pending_downgrade_plan_id !== undefined) account.pending_downgrade_plan_id = patch.pending_downgrade_plan_id;
    if (patch.trial_amount_cents !== undefined) account.trial_amount_cents = patch.trial_amount_cents;
    if (patch.trial_expires_on !== undefined) account.trial_expires_on = patch.trial_expires_on;
    if (patch.topped_up !== undefined) account.topped_up = patch.topped_up;
  }

  addBillingEvent(input: BillingEventInput): void {
    const event = BillingEventRequest.parse(input);
    const state = this.state;
    const createdOn = new Date(state.now).toISOString();
    if (event.type === 'invoice') {
      state.billing.push(
        invoiceRecord(state, {
          created_on: createdOn,
          name: `Adjustment ${createdOn.slice(0, 10)}`,
          usage_charges_cents: event.amount_cents ?? state.account.month_usage_cents,
          standing_charges_cents: event.amount_cents === undefined ? state.account.month_standing_cents : 0,
        }),
      );
      return;
    }
    const amount = event.amount_cents ?? 100_000;
    const method: PaymentMethod =
      [...state.billing].reverse().find((entry) => entry.type === 'payment')?.payment_method ??
      pick(state.random, [{ type: 'paypal', email: 'accounts@northwind-data.example' }] as PaymentMethod[]);
    state.billing.push(paymentRecord(state, { created_on: createdOn, total_cents: amount, status: event.status, payment_method: method }));
    if (event.status === 'succeeded') {
      state.account.balance_cents += amount;
      state.account.topped_up = true;
    }
  }

  setCapacity(reservedIps: number): void {
    this.state.reservedIpCapacity = reservedIps;
  }
}
