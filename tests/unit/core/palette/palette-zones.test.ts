import { describe, expect, it } from 'vitest';
import { paletteAccount, paletteCannotChange } from '../../../../electron/core/palette/palette-zones';
import { accountOffers } from '../../../../electron/core/readout/offers';
import { Zone } from '../../../../shared/api/zone';
import { emptySnapshot } from '../../../../shared/snapshot';
import { sampleZone } from '../../../fixtures/api-samples';

const NOW = Date.parse('2026-11-20T12:00:00Z');

const zone = (id: string, patch: Record<string, unknown> = {}) => Zone.parse({ ...sampleZone(id), ...patch });

function listed(zones: Zone[], options: { role?: 'admin' | 'billing_admin'; disabledByStop?: string[]; stopping?: boolean; state?: 'ok' | 'offline' | 'no_key' | 'rejected' } = {}) {
  const at = new Date(NOW).toISOString();
  const snapshot = emptySnapshot();
  snapshot.zones = Object.fromEntries(zones.map((z) => [z.zone_id, { zone: z, fetchedAt: at }]));
  snapshot.discovery = { ...snapshot.discovery, role: options.role ?? 'admin' };
  const stopRecord = options.disabledByStop ? { stoppedAt: at, updatedAt: at, disabled: options.disabledByStop.map((zoneId) => ({ zoneId, name: zoneId, spendTodayCents: 0 })), remaining: [] } : null;
  return paletteAccount({ profileId: 'p1', offers: accountOffers(options.state ?? 'ok', snapshot, null), snapshot, stopRecord, stopping: options.stopping ?? false }, NOW);
}

describe("the palette's zones of one account", () => {
  it('carry each zone’s state as the core derives it: on, stopped by Zonewatch, stopped by its cap', () => {
    const zones = [
      zone('ON1', { name: 'Running', alert: null }),
      zone('STOP1', { name: 'Stopped by us', enabled: false, alert: null }),
      // Its $25.50/day cap (sampleZone's) triggered today, in the cap's current UTC day.
      zone('CAP1', { name: 'Capped', enabled: false, alert: { type: 'dollars_per_day', threshold: 25.5, action: 'disable_zone', last_triggered: '2026-11-20T08:15:00Z' } }),
    ];
    const account = listed(zones, { disabledByStop: ['STOP1'] });
    const byId = Object.fromEntries(account.zones.map((z) => [z.zoneId, z]));
    expect(byId.ON1).toMatchObject({ enabled: true, stoppedByZonewatch: false, capStop: null });
    expect(byId.STOP1).toMatchObject({ enabled: false, stoppedByZonewatch: true, capStop: null });
    expect(byId.CAP1).toMatchObject({ enabled: false, stoppedByZonewatch: false });
    expect(byId.CAP1!.capStop).toMatch(/^Turned off by its \$25\.5\/day cap at 08:15 UTC/);
    expect(account.cannotChange).toBeNull();
  });

  it('ask before disabling a zone with open connections, with the tray’s and the list’s words', () => {
    const account = listed([zone('BUSY', { name: 'Busy', open_connections: 3 }), zone('IDLE', { name: 'Idle', open_connections: 0 })]);
    expect(account.zones.find((z) => z.zoneId === 'BUSY')!.disableAsks).toMatchObject({ message: 'Disable zone “Busy”?', confirmLabel: 'Disable zone' });
    expect(account.zones.find((z) => z.zoneId === 'IDLE')!.disableAsks).toBeNull();
  });

  it('say why none can be changed: offline, no key, a refused key, a billing admin’s key, a stop running', () => {
    const z = [zone('A1')];
    expect(listed(z, { state: 'offline' }).cannotChange).toMatch(/offline/);
    expect(listed(z, { state: 'no_key' }).cannotChange).toMatch(/no API key/);
    expect(listed(z, { state: 'rejected' }).cannotChange).toMatch(/rejected the API key/);
    expect(listed(z, { role: 'billing_admin' }).cannotChange).toMatch(/role may not change zones/);
    expect(listed(z, { stopping: true }).cannotChange).toMatch(/stop or restore of this account is running/);
    expect(paletteCannotChange({ offers: { changeZones: true, changeBlockedBy: null }, stopping: false })).toBeNull();
  });
});
