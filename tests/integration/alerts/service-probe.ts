// Reads the local service with plain fetch and turns what it answers into the `Snapshot`,
// `Status` and billing entries the alert engine takes: a minimal stand-in for the poller, so the
// scenarios depend only on the service's HTTP interface. The simulated clock is the time.
import { AccountInfo } from '../../../shared/api/account';
import { BillingEntry } from '../../../shared/api/billing';
import { Zone } from '../../../shared/api/zone';
import { emptySnapshot, type Snapshot } from '../../../shared/snapshot';
import type { Status } from '../../../shared/status';
import { type RunningService, startService } from '../../../electron/service/start-service';
import { status as okStatus } from '../../unit/core/alerts/alert-scenario';

export const SERVICE_START = '2026-11-22T10:00:00.000Z';

export interface Observation {
  now: number;
  snapshot: Snapshot;
  status: Status;
  billing: BillingEntry[] | null;
}

export class ServiceProbe {
  now: number;
  key: string;
  private lastSuccess: number | null = null;
  private failures = 0;
  private last: Snapshot = emptySnapshot();
  private removed = new Set<string>();

  private constructor(
    readonly service: RunningService,
    readonly zoneIds: string[],
  ) {
    this.now = Date.parse(SERVICE_START);
    this.key = service.keys.admin;
  }

  static async start(options: { zones?: number; seed?: number } = {}): Promise<ServiceProbe> {
    const service = await startService({
      control: true,
      autoTick: false,
      now: SERVICE_START,
      zones: options.zones ?? 4,
      users: 3,
      history: 2,
      seed: options.seed ?? 1,
    });
    return new ServiceProbe(service, [...service.seeded.zoneIds]);
  }

  close(): Promise<void> {
    return this.service.close();
  }

  private async call(method: string, path: string, body?: unknown, key = this.service.keys.admin): Promise<Response> {
    return fetch(`${this.service.url}${path}`, {
      method,
      headers: { 'X-API-KEY': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  private async control(path: string, body: unknown): Promise<void> {
    const response = await this.call('POST', `/_control/${path}`, body);
    const json = (await response.json()) as { status: string; now?: string };
    if (!response.ok || json.status !== 'ok') throw new Error(`control ${path}: ${JSON.stringify(json)}`);
    if (json.now !== undefined) this.now = Date.parse(json.now);
  }

  advance(seconds: number) {
    return this.control('advance', { seconds });
  }
  spike(zoneId: string) {
    return this.control('spike', { zone_id: zoneId });
  }
  balance(amountCents: number) {
    return this.control('balance', { amount_cents: amountCents });
  }
  account(patch: Record<string, unknown>) {
    return this.control('account', patch);
  }
  billingEvent(event: { type: 'invoice' | 'payment'; status?: 'succeeded' | 'failed'; amount_cents?: number }) {
    return this.control('billing-event', event);
  }
  capacity(reservedIps: number) {
    return this.control('capacity', { reserved_ips: reservedIps });
  }
  faults(config: Record<string, unknown>) {
    return this.control('faults', config);
  }

  /** A change made by someone else (another dashboard, a teammate): straight to the service. */
  async updateZone(zoneId: string, body: Record<string, unknown>): Promise<Zone> {
    const response = await this.call('PUT', `/v1/zones/${zoneId}`, body);
    const json = (await response.json()) as { zone?: unknown };
    if (!response.ok) throw new Error(`update ${zoneId}: ${JSON.stringify(json)}`);
    return Zone.parse(json.zone);
  }

  async deleteZone(zoneId: string): Promise<void> {
    const response = await this.call('DELETE', `/v1/zones/${zoneId}`);
    if (!response.ok) throw new Error(`delete ${zoneId}: ${response.status}`);
  }

  /** One poll cycle: account, zones (≤10 ids a call) and the first page of billing history. */
  async observe(options: { billing?: boolean } = {}): Promise<Observation> {
    const at = new Date(this.now).toISOString();
    try {
      const accountResponse = await this.call('GET', '/v1/account/info', undefined, this.key);
      if (accountResponse.status === 401) return this.failed('rejected');
      if (!accountResponse.ok) return this.failed('failing');
      const { status: _s, user, ...rest } = (await accountResponse.json()) as { status: string; user: Record<string, unknown> };
      const { api_key: _key, ...safeUser } = user;
      const account = AccountInfo.parse({ ...rest, user: safeUser });

      const zones: Snapshot['zones'] = {};
      const wanted = this.zoneIds.filter((id) => !this.removed.has(id));
      for (let i = 0; i < wanted.length; i += 10) {
        const ids = wanted.slice(i, i + 10);
        const response = await this.call('GET', `/v1/zones/${ids.join(',')}`, undefined, this.key);
        if (!response.ok) return this.failed(response.status === 401 ? 'rejected' : 'failing');
        const json = (await response.json()) as { zones: unknown[] };
        const returned = new Set<string>();
        for (const raw of json.zones) {
          const zone = Zone.parse(raw);
          zones[zone.zone_id] = { zone, fetchedAt: at };
          returned.add(zone.zone_id);
        }
        // A successful response that leaves an id out: deleted or no longer visible (docs/api.md › Zone ids and what info counts).
        for (const id of ids) if (!returned.has(id)) this.removed.add(id);
      }

      let billing: BillingEntry[] | null = null;
      if (options.billing ?? true) {
        const response = await this.call('GET', '/v1/account/billinghistory?count=20', undefined, this.key);
        if (response.ok) {
          const json = (await response.json()) as { billing_histories: unknown[] };
          billing = json.billing_histories.map((entry) => BillingEntry.parse(entry));
        }
      }

      const base = emptySnapshot();
      this.last = {
        ...base,
        account: { fetchedAt: at, error: null, data: account },
        zonesFetch: { fetchedAt: at, error: null, info: null },
        zones,
        discovery: { ...base.discovery, source: 'users_list', role: 'admin', discoveredIds: wanted, removedIds: [...this.removed] },
      };
      this.lastSuccess = this.now;
      this.failures = 0;
      return { now: this.now, snapshot: this.last, status: okStatus(this.now), billing };
    } catch {
      return this.failed('failing');
    }
  }

  /** A failed cycle keeps the last snapshot, as the app shows cached data. */
  private failed(kind: 'rejected' | 'failing'): Observation {
    this.failures += 1;
    const status = okStatus(this.now, {
      auth: kind === 'rejected' ? 'rejected' : 'ok',
      poll: kind === 'rejected' ? 'stopped_unauthorized' : 'running',
      lastSuccessAt: this.lastSuccess === null ? null : new Date(this.lastSuccess).toISOString(),
      consecutiveFailures: this.failures,
      offline: kind === 'failing',
      lastError: kind === 'rejected' ? { kind: 'unauthorized', message: 'The service rejected the API key.' } : { kind: 'server', message: 'The service answered with an error.' },
    });
    return { now: this.now, snapshot: this.last, status, billing: null };
  }
}
