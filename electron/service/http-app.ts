import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { BillingHistoryQueryParams } from '../../shared/api/billing';
import { IpsBody } from '../../shared/api/ips';
import { UsersQueryParams } from '../../shared/api/user';
import { ZoneIdsParam } from '../../shared/api/zone-ids';
import { ZoneUpdateBody, ZoneUpdateQueryParams } from '../../shared/api/zone-update';
import { accountInfo } from './account-view';
import type { AppContext, AppEnv } from './app-env';
import { apiKeyAuth } from './api-key-auth';
import { billingDocument } from './billing-document';
import { billingHistory, findDocument } from './billing-history';
import { controlRoutes } from './control-routes';
import { decideFault, failsZoneChange, oversizeBody } from './faults';
import { errorResponse, issuesAt } from './http-errors';
import { mayPerform } from './roles';
import { parseQuery, parseQueryAndBody, parseZoneId } from './request-parsing';
import { fail, invalid, type Outcome } from './service-error';
import type { ServiceHost } from './service-host';
import { listUsers } from './users-list';
import { deleteIps, deleteZone, getZones, refreshIps, updateZone } from './zone-operations';

/** Operations without query parameters refuse unknown ones, like those with parameters do. */
const EMPTY_QUERY = z.strictObject({});

/** Request bodies above 1 MiB are refused with 413 before they are read (issue 3 › What to build). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Past this much, an oversized body is not worth reading: the connection is closed instead. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;

function discardBody(incoming: IncomingMessage, limit: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    incoming.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) {
        incoming.destroy();
        resolve();
      }
    });
    incoming.once('end', () => resolve());
    incoming.once('error', () => resolve());
    incoming.once('close', () => resolve());
  });
}

// Paths of the nine operations with the methods each allows, for 404 versus 405.
const ROUTES: { pattern: RegExp; methods: string[] }[] = [
  { pattern: /^\/v1\/zones\/[^/]+\/ips$/, methods: ['PUT', 'DELETE'] },
  { pattern: /^\/v1\/zones\/[^/]+$/, methods: ['GET', 'PUT', 'DELETE'] },
  { pattern: /^\/v1\/plans$/, methods: ['GET'] },
  { pattern: /^\/v1\/users$/, methods: ['GET'] },
  { pattern: /^\/v1\/account\/info$/, methods: ['GET'] },
  { pattern: /^\/v1\/account\/billinghistory$/, methods: ['GET'] },
];

export interface AppOptions {
  host: ServiceHost;
  /** The service's own base URL, for invoice and receipt links. */
  baseUrl: () => string;
  control: boolean;
  /** Waits `ms` unless the service is closing (fault latency must not hold up `close()`). */
  sleep: (ms: number) => Promise<void>;
}

function respond<T>(c: AppContext, outcome: Outcome<T>): Response {
  if (!outcome.ok) return errorResponse(c, outcome.error);
  return c.json(outcome.body as object, outcome.status);
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const { host } = options;
  const app = new Hono<AppEnv>();

  // A declared length over the limit: read and discard the body (up to a bound) before answering
  // 413, so the client, still sending, sees the answer instead of a reset connection.
  app.use('*', async (c, next) => {
    const declared = Number(c.req.header('content-length') ?? '0');
    if (!(declared > MAX_BODY_BYTES)) return next();
    await discardBody(c.env.incoming, MAX_DISCARD_BYTES);
    return errorResponse(c, fail('payload_too_large', 'The request body is larger than 1 MiB.').error, { Connection: 'close' });
  });

  // A body without a declared length is cut off as it streams past the limit.
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => errorResponse(c, fail('payload_too_large', 'The request body is larger than 1 MiB.').error),
    }),
  );

  // Faults first, so a faulty answer commits nothing (except `malformed` and `oversize`, which answer after).
  app.use('/v1/*', async (c, next) => {
    const faults = host.faults;
    if (!faults) return next();
    if (faults.latencyMs > 0) await options.sleep(faults.latencyMs);
    if (failsZoneChange(faults, c.req.method, c.req.path)) {
      return errorResponse(c, fail('internal_error', 'The service had a problem (injected fault).').error);
    }
    const action = decideFault(faults, host.faultRandom);
    if (action.kind === 'drop') {
      c.env.incoming.socket.destroy();
      return c.body(null, 500);
    }
    if (action.kind === 'status') {
      if (action.status === 429) {
        return errorResponse(c, fail('rate_limited', 'Too many requests: retry later.').error, {
          'Retry-After': String(faults.retryAfterSeconds),
        });
      }
      const code = action.status === 503 ? 'service_unavailable' : 'internal_error';
      return errorResponse(c, fail(code, 'The service had a problem (injected fault).').error);
    }
    await next();
    if (action.kind === 'malformed') {
      c.res = new Response('{"status":"ok","zones":[{"zone_id":', {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    if (action.kind === 'oversize') {
      c.res = new Response(oversizeBody(faults.oversizeBytes), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
  });

  // The simulated clock catches up with real time before every answer.
  app.use('*', async (_c, next) => {
    host.sync();
    await next();
  });

  const auth = apiKeyAuth(host);

  const forbidden = (c: AppContext, what: string) =>
    errorResponse(c, fail('forbidden', `This API key's role may not ${what}.`).error);

  app.get('/v1/plans', auth, (c) => {
    const query = parseQuery(c, EMPTY_QUERY);
    if (!query.ok) return errorResponse(c, query.error);
    return c.json({ status: 'ok', plans: host.state.plans });
  });

  app.get('/v1/account/info', auth, (c) => {
    const query = parseQuery(c, EMPTY_QUERY);
    if (!query.ok) return errorResponse(c, query.error);
    return c.json(accountInfo(host.state, c.get('user')));
  });

  app.get('/v1/account/billinghistory', auth, (c) => {
    if (!mayPerform(c.get('user').role, 'read_billing_history')) return forbidden(c, 'read billing history');
    const query = parseQuery(c, BillingHistoryQueryParams);
    if (!query.ok) return errorResponse(c, query.error);
    return c.json(billingHistory(host.state, query.value, options.baseUrl()));
  });

  app.get('/v1/users', auth, (c) => {
    if (!mayPerform(c.get('user').role, 'list_users')) return forbidden(c, 'list users');
    const query = parseQuery(c, UsersQueryParams);
    if (!query.ok) return errorResponse(c, query.error);
    return c.json(listUsers(host.state, c.get('user'), query.value));
  });

  app.get('/v1/zones/:ids', auth, (c) => {
    const ids = ZoneIdsParam.safeParse(c.req.param('ids'));
    if (!ids.success) return errorResponse(c, invalid(issuesAt('zone_ids', ids.error)).error);
    const query = parseQuery(c, EMPTY_QUERY);
    if (!query.ok) return errorResponse(c, query.error);
    return respond(c, getZones(host.state, c.get('user'), ids.data));
  });

  app.put('/v1/zones/:id', auth, async (c) => {
    const id = parseZoneId(c);
    if (!id.ok) return errorResponse(c, id.error);
    const request = await parseQueryAndBody(c, ZoneUpdateQueryParams, ZoneUpdateBody);
    if (!request.ok) return errorResponse(c, request.error);
    return respond(c, updateZone(host.state, c.get('user'), id.value, request.value.query, request.value.body));
  });

  app.delete('/v1/zones/:id', auth, (c) => {
    const id = parseZoneId(c);
    if (!id.ok) return errorResponse(c, id.error);
    const query = parseQuery(c, EMPTY_QUERY);
    if (!query.ok) return errorResponse(c, query.error);
    return respond(c, deleteZone(host.state, c.get('user'), id.value));
  });

  app.put('/v1/zones/:id/ips', auth, async (c) => {
    const id = parseZoneId(c);
    if (!id.ok) return errorResponse(c, id.error);
    const request = await parseQueryAndBody(c, EMPTY_QUERY, IpsBody);
    if (!request.ok) return errorResponse(c, request.error);
    return respond(c, refreshIps(host.state, c.get('user'), id.value, request.value.body.ips));
  });

  app.delete('/v1/zones/:id/ips', auth, async (c) => {
    const id = parseZoneId(c);
    if (!id.ok) return errorResponse(c, id.error);
    const request = await parseQueryAndBody(c, EMPTY_QUERY, IpsBody);
    if (!request.ok) return errorResponse(c, request.error);
    return respond(c, deleteIps(host.state, c.get('user'), id.value, request.value.body.ips));
  });

  // Invoice and receipt PDFs: opened in a browser, which sends no key (docs/api.md › Invoice and receipt documents).
  app.get('/documents/:kind/:file', (c) => {
    const kind = c.req.param('kind');
    const match = /^([A-Za-z0-9_]+)\.pdf$/.exec(c.req.param('file'));
    const entry = match && (kind === 'invoices' || kind === 'receipts') ? findDocument(host.state, kind, match[1]!) : undefined;
    if (!entry) return errorResponse(c, fail('not_found', 'There is no such document.').error);
    const pdf = billingDocument(entry, host.state.account);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${entry.id}.pdf"`,
    });
  });

  if (options.control) app.route('/_control', controlRoutes(host));

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const route = ROUTES.find((r) => r.pattern.test(path));
    if (route && !route.methods.includes(c.req.method)) {
      return errorResponse(c, fail('method_not_allowed', `${c.req.method} is not allowed on ${path}.`).error, {
        Allow: route.methods.join(', '),
      });
    }
    return errorResponse(c, fail('not_found', `There is no ${c.req.method} ${path}.`).error);
  });

  // Never a stack trace or a key in an answer: a bug reads as a plain 500.
  app.onError((_error, c) => errorResponse(c, fail('internal_error', 'The service failed to answer this request.').error));

  return app;
}
