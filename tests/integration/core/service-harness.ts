import { startService, type RunningService, type StartServiceOptions } from '../../../electron/service/start-service';
import type { FaultConfig } from '../../../electron/service/faults';
import type { z } from 'zod';
import type { Zone } from '../../../shared/api/zone';
import { createApiClient } from '../../../electron/core/api/client';

/** The local service on 127.0.0.1 with its control levers on and a frozen clock. */
export function startTestService(options: StartServiceOptions = {}): Promise<RunningService> {
  return startService({ control: true, autoTick: false, now: '2026-11-21T10:00:00Z', ...options });
}

/** Sets the service's faults through `POST /_control/faults`, as a test harness outside would. */
export async function setFaults(service: RunningService, faults: z.input<typeof FaultConfig>): Promise<void> {
  const response = await fetch(`${service.url}/_control/faults`, {
    method: 'POST',
    headers: { 'X-API-KEY': service.keys.admin, 'Content-Type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (!response.ok) throw new Error(`faults not set: HTTP ${response.status}`);
}

/** The zones as the service holds them now, read with the admin key, 10 ids a call (all the seeded ones by default). */
export async function serviceZones(service: RunningService, ids: readonly string[] = service.seeded.zoneIds): Promise<Map<string, Zone>> {
  const admin = createApiClient({ baseUrl: service.url, getApiKey: () => service.keys.admin });
  const zones = new Map<string, Zone>();
  for (let i = 0; i < ids.length; i += 10) for (const zone of (await admin.getZones(ids.slice(i, i + 10))).zones) zones.set(zone.zone_id, zone);
  return zones;
}
