// The service's own life and other people's actions (docs/development.md › The simulator): what
// happens to an account while Zonewatch watches it, through the hosts' levers and the service's own
// operations — never through the app. Each command checks, as soon as it has run, the invariants
// that hold whatever others did: no write after a key is revoked, and the tray, the summary and the
// window show the same figures.
import fc from 'fast-check';
import { expect } from 'vitest';
import type { AlertType } from '../../shared/api/zone';
import type { UserRecord } from '../../electron/service/service-model';
import { deleteZone, updateZone } from '../../electron/service/zone-operations';
import { lifeOf, type LifeModel, type LifeReal } from './sim-life';
import { expectLifeInvariants } from './sim-life-checks';
import { interleavings } from './sim-interleave';
import type { SimService } from './sim-world';

type Command = fc.AsyncCommand<LifeModel, LifeReal>;

/** The service's admin, whoever holds its key now: someone else acting on the dashboard. */
function someoneElse(service: SimService): UserRecord {
  return service.host.state.users[service.host.seeded.keyUserIndex.admin]!;
}

/** The zone `index` picks among every zone on the service (someone else sees them all), in a fixed order. */
function zoneOn(service: SimService, index: number): string | undefined {
  const ids = [...service.host.state.zones.keys()].sort();
  return ids[index % Math.max(ids.length, 1)];
}

abstract class LifeCommand implements Command {
  abstract readonly account: number;
  check = (model: LifeModel) => this.account < model.accounts;
  abstract act(real: LifeReal, service: SimService): string;
  async run(_model: LifeModel, real: LifeReal) {
    lifeOf(real);
    const service = real.world.services[this.account]!;
    real.trace.push('command', `someone else: ${this.act(real, service)}`);
    await expectLifeInvariants(real);
  }
}

/** Someone turns a zone on or off on the dashboard. */
export class OtherToggle extends LifeCommand {
  constructor(readonly account: number, readonly zone: number, readonly enabled: boolean) {
    super();
  }
  act(_real: LifeReal, service: SimService) {
    const zoneId = zoneOn(service, this.zone);
    if (zoneId === undefined) return `no zone on ${service.name} to turn ${this.enabled ? 'on' : 'off'}`;
    const result = updateZone(service.host.state, someoneElse(service), zoneId, { preview: false, skip_resource_check: true }, { enabled: this.enabled });
    return `turn ${zoneId} on ${service.name} ${this.enabled ? 'on' : 'off'} → ${result.ok ? 'ok' : result.error.code}`;
  }
  override toString = () => `otherToggle(${this.account}, ${this.zone}, ${this.enabled})`;
}

/** Someone sets, changes or removes a zone's cap (its alert) on the dashboard. */
export class OtherCap extends LifeCommand {
  constructor(readonly account: number, readonly zone: number, readonly cap: { type: AlertType; threshold: number } | null) {
    super();
  }
  act(_real: LifeReal, service: SimService) {
    const zoneId = zoneOn(service, this.zone);
    if (zoneId === undefined) return `no zone on ${service.name} to cap`;
    const alert = this.cap === null ? null : { ...this.cap, action: 'disable_and_send_notification' as const };
    const result = updateZone(service.host.state, someoneElse(service), zoneId, { preview: false, skip_resource_check: true }, { alert });
    return `${alert ? `cap ${zoneId} at ${alert.threshold} ${alert.type}` : `remove ${zoneId}'s cap`} on ${service.name} → ${result.ok ? 'ok' : result.error.code}`;
  }
  override toString = () => `otherCap(${this.account}, ${this.zone}, ${JSON.stringify(this.cap)})`;
}

/**
 * Someone creates a zone: a copy of one the service has (its traffic model too), new, with no
 * days yet, in the admin's list so a key that lists users finds it.
 */
export class CreateZone extends LifeCommand {
  constructor(readonly account: number, readonly like: number) {
    super();
  }
  act(real: LifeReal, service: SimService) {
    const model = service.host.state.zones.get(zoneOn(service, this.like) ?? '');
    if (!model) return `no zone on ${service.name} to copy`;
    const life = lifeOf(real);
    life.created += 1;
    const zoneId = `new${life.created}`;
    const created = new Date(service.host.state.now).toISOString();
    service.host.state.zones.set(zoneId, { ...structuredClone(model), zone_id: zoneId, name: `New zone ${life.created}`, days: new Map(), created_on: created, last_updated: created, alert: null, alertFiredPeriod: null, spikeUntil: null });
    someoneElse(service).zones.push(zoneId);
    return `create ${zoneId} on ${service.name}`;
  }
  override toString = () => `createZone(${this.account}, ${this.like})`;
}

/** Someone deletes a zone. */
export class DeleteZone extends LifeCommand {
  constructor(readonly account: number, readonly zone: number) {
    super();
  }
  act(_real: LifeReal, service: SimService) {
    const zoneId = zoneOn(service, this.zone);
    if (zoneId === undefined) return `no zone on ${service.name} to delete`;
    const result = deleteZone(service.host.state, someoneElse(service), zoneId);
    return `delete ${zoneId} on ${service.name} → ${result.ok ? 'ok' : result.error.code}`;
  }
  override toString = () => `deleteZone(${this.account}, ${this.zone})`;
}

/** The service's own life: ×10 traffic on one zone for half an hour (an injected anomaly). */
export class Spike extends LifeCommand {
  constructor(readonly account: number, readonly zone: number) {
    super();
  }
  act(_real: LifeReal, service: SimService) {
    const zoneId = zoneOn(service, this.zone);
    return zoneId !== undefined && service.host.spike(zoneId) ? `×10 traffic on ${zoneId} on ${service.name}` : `no zone on ${service.name} to spike`;
  }
  override toString = () => `spike(${this.account}, ${this.zone})`;
}

/** The balance run down (or topped up again): to this many cents. */
export class SetBalance extends LifeCommand {
  constructor(readonly account: number, readonly cents: number) {
    super();
  }
  act(_real: LifeReal, service: SimService) {
    service.host.setBalance(this.cents);
    return `the balance on ${service.name} is now ${this.cents} cents`;
  }
  override toString = () => `setBalance(${this.account}, ${this.cents})`;
}

/** Someone revokes the key the account watches with (its holder gets a new one). */
export class RevokeKey extends LifeCommand {
  /** `heard`: the app's next poll meets the 401 before the user's next command (as it does within a poll interval). */
  constructor(readonly account: number, readonly heard = false) {
    super();
  }
  override async run(model: LifeModel, real: LifeReal) {
    await super.run(model, real);
    if (!this.heard) return;
    const result = await real.world.call('poll:refresh', { profileId: real.profileIds[this.account] });
    real.trace.push('command', `the next poll of account ${this.account} → ${result.ok ? 'ok' : `error ${result.error.kind}`}`);
    await expectLifeInvariants(real);
  }
  act(_real: LifeReal, service: SimService) {
    const holder = someoneElse(service);
    const key = holder.api_key;
    service.host.setKeyRevoked(key, true);
    return `revoke the key ${key.slice(0, 12)}… on ${service.name}`;
  }
  override toString = () => `revokeKey(${this.account}, ${this.heard})`;
}

/** The user enters the key that replaced a revoked one (Settings › Replace key): the account is watched again. */
export class ReplaceKey implements Command {
  constructor(readonly account: number) {}
  check = (model: LifeModel) => this.account < model.accounts;
  async run(_model: LifeModel, real: LifeReal) {
    lifeOf(real);
    const service = real.world.services[this.account]!;
    const apiKey = someoneElse(service).api_key;
    const result = await real.world.call('key:set', { profileId: real.profileIds[this.account], apiKey });
    real.trace.push('command', `replace the key of account ${this.account} → ${result.ok ? 'ok' : `error ${result.error.kind}: ${result.error.message}`}`);
    if (!result.ok) {
      // The machine's faults may refuse it, in words: a disk that cannot keep the account's settings,
      // or a service the key cannot be checked against (a host down, a 5xx, garbage, a hang).
      const faulted = real.world.faults.diskFailing() !== null ? ['unavailable'] : ['network', 'timeout', 'server', 'rate_limited', 'invalid_response'];
      expect(faulted, `the key the service holds now is taken (${result.error.kind}: ${result.error.message})`).toContain(result.error.kind);
      return;
    }
    await expectLifeInvariants(real);
  }
  toString = () => `replaceKey(${this.account})`;
}

/** Other people's actions and the service's own life, for `accounts` accounts. */
export function lifeCommands(accounts: number) {
  const account = fc.nat({ max: accounts - 1 });
  const zone = fc.nat({ max: 15 });
  const cap = fc.option(fc.record({ type: fc.constantFrom<AlertType>('dollars_per_day', 'dollars_per_month'), threshold: fc.integer({ min: 1, max: 500 }) }), { nil: null });
  return [
    fc.tuple(account, zone, fc.boolean()).map(([a, z, on]) => new OtherToggle(a, z, on)),
    fc.tuple(account, zone, cap).map(([a, z, c]) => new OtherCap(a, z, c)),
    fc.tuple(account, zone).map(([a, z]) => new CreateZone(a, z)),
    fc.tuple(account, zone).map(([a, z]) => new DeleteZone(a, z)),
    fc.tuple(account, zone).map(([a, z]) => new Spike(a, z)),
    fc.tuple(account, fc.constantFrom(-500, 0, 150, 5_000, 100_000)).map(([a, cents]) => new SetBalance(a, cents)),
    fc.tuple(account, fc.boolean()).map(([a, heard]) => new RevokeKey(a, heard)),
    account.map((a) => new ReplaceKey(a)),
    interleavings(accounts),
  ];
}
