import { Hono } from 'hono';
import type { z } from 'zod';
import { ZoneId } from '../../shared/api/zone';
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
import type { AppEnv, AppContext } from './http-app';
import { errorResponse, issuesAt } from './http-errors';
import { fail, invalid } from './service-error';
import type { ServiceHost } from './service-host';

async function body<S extends z.ZodType>(c: AppContext, schema: S): Promise<{ ok: true; value: z.output<S> } | { ok: false; response: Response }> {
  const text = await c.req.text();
  let json: unknown = {};
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, response: errorResponse(c, invalid([{ path: 'body', message: 'is not valid JSON' }]).error) };
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, response: errorResponse(c, invalid(issuesAt('', parsed.error)).error) };
  return { ok: true, value: parsed.data };
}

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
    const parsed = await body(c, AdvanceRequest);
    if (!parsed.ok) return parsed.response;
    host.advance(parsed.value.seconds);
    return done(c);
  });

  app.post('/balance', async (c) => {
    const parsed = await body(c, BalanceRequest);
    if (!parsed.ok) return parsed.response;
    host.setBalance(parsed.value.amount_cents);
    return done(c);
  });

  app.post('/faults', async (c) => {
    const parsed = await body(c, FaultConfig);
    if (!parsed.ok) return parsed.response;
    host.setFaults(parsed.value);
    return done(c, { faults: host.faults });
  });

  app.post('/spike', async (c) => {
    const parsed = await body(c, SpikeRequest);
    if (!parsed.ok) return parsed.response;
    if (!host.spike(parsed.value.zone_id)) {
      return errorResponse(c, fail('zone_not_found', `No zone "${parsed.value.zone_id}".`).error);
    }
    return done(c);
  });

  app.get('/zones/:id/ips', (c) => {
    const id = ZoneId.safeParse(c.req.param('id'));
    if (!id.success) return errorResponse(c, invalid(issuesAt('zone_id', id.error)).error);
    const ips = host.zoneIps(id.data);
    if (!ips) return errorResponse(c, fail('zone_not_found', `No zone "${id.data}".`).error);
    return c.json({ status: 'ok', zone_id: id.data, ips });
  });

  app.post('/reset', (c) => {
    host.reset();
    return done(c);
  });

  app.post('/account', async (c) => {
    const parsed = await body(c, AccountRequest);
    if (!parsed.ok) return parsed.response;
    host.setAccount(parsed.value);
    return done(c);
  });

  app.post('/billing-event', async (c) => {
    const parsed = await body(c, BillingEventRequest);
    if (!parsed.ok) return parsed.response;
    host.addBillingEvent(parsed.value);
    return done(c);
  });

  app.post('/capacity', async (c) => {
    const parsed = await body(c, CapacityRequest);
    if (!parsed.ok) return parsed.response;
    host.setCapacity(parsed.value.reserved_ips);
    return done(c);
  });

  app.get('/seeded', (c) => c.json({ status: 'ok', ...host.seeded }));

  app.get('/clock', (c) => done(c));

  return app;
}
