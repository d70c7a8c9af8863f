import { Hono } from 'hono';
import {
  AccountRequest,
  AdvanceRequest,
  BalanceRequest,
  BillingEventRequest,
  CapacityRequest,
  SpikeRequest,
} from './control-requests';
import { apiKeyAuth } from './api-key-auth';
import { FaultConfig } from './faults';
import type { AppEnv, AppContext } from './app-env';
import { errorResponse } from './http-errors';
import { parseBody, parseZoneId } from './request-parsing';
import { fail } from './service-error';
import type { ServiceHost } from './service-host';

/**
 * `/_control`: test and demo levers outside `/v1` (issue 3 › Control endpoints), only when the
 * service runs with `control`, and only for an admin's key.
 */
export function controlRoutes(host: ServiceHost): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const done = (c: AppContext, extra: Record<string, unknown> = {}) => c.json({ status: 'ok', now: host.now(), ...extra });

  app.use('*', apiKeyAuth(host), async (c, next) => {
    if (c.get('user').role !== 'admin') return errorResponse(c, fail('forbidden', 'Control endpoints need an admin key.').error);
    await next();
  });

  app.post('/advance', async (c) => {
    const parsed = await parseBody(c, AdvanceRequest, { optional: true });
    if (!parsed.ok) return errorResponse(c, parsed.error);
    host.advance(parsed.value.seconds);
    return done(c);
  });

  app.post('/balance', async (c) => {
    const parsed = await parseBody(c, BalanceRequest, { optional: true });
    if (!parsed.ok) return errorResponse(c, parsed.error);
    host.setBalance(parsed.value.amount_cents);
    return done(c);
  });

  app.post('/faults', async (c) => {
    const parsed = await parseBody(c, FaultConfig, { optional: true });
    if (!parsed.ok) return errorResponse(c, parsed.error);
    host.setFaults(parsed.value);
    return done(c, { faults: host.faults });
  });

  app.post('/spike', async (c) => {
    const parsed = await parseBody(c, SpikeRequest, { optional: true });
    if (!parsed.ok) return errorResponse(c, parsed.error);
    if (!host.spike(parsed.value.zone_id)) {
      return errorResponse(c, fail('zone_not_found', `No zone "${parsed.value.zone_id}".`).error);
    }
    return done(c);
  });

  app.get('/zones/:id/ips', (c) => {
    const id = parseZoneId(c);
    if (!id.ok) return errorResponse(c, id.error);
    const ips = host.zoneIps(id.value);
    if (!ips) return errorResponse(c, fail('zone_not_found', `No zone "${id.value}".`).error);
    return c.json({ status: 'ok', zone_id: id.value, ips });
  });

  app.post('/reset', (c) => {
    host.reset();
    return done(c);
  });

  app.post('/account', async (c) => {
    const parsed = await parseBody(c, AccountRequest, { optional: true });
    if (!parsed.ok) return errorResponse(c, parsed.error);
    host.setAccount(parsed.value);
    return done(c);
  });

  app.post('/billing-event', async (c) => {
    const parsed = await parseBody(c, BillingEventRequest, { optional: true });
    if (!parsed.ok) return errorResponse(c, parsed.error);
    host.addBillingEvent(parsed.value);
    return done(c);
  });

  app.post('/capacity', async (c) => {
    const parsed = await parseBody(c, CapacityRequest, { optional: true });
    if (!parsed.ok) return errorResponse(c, parsed.error);
    host.setCapacity(parsed.value.reserved_ips);
    return done(c);
  });

  app.get('/days', (c) => {
    const from = c.req.query('from');
    if (from !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(from)) {
      return errorResponse(c, fail('invalid_request', 'from must be a UTC day, YYYY-MM-DD.').error);
    }
    return done(c, { days: host.days(from) });
  });

  app.get('/seeded', (c) => c.json({ status: 'ok', ...host.seeded }));

  app.get('/clock', (c) => done(c));

  return app;
}
