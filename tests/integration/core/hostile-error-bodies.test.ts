import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../../../electron/service/start-service';
import type { ChannelOutput, Result } from '../../../shared/ipc';
import { accountCaller, createTestCore, readAllFiles, value } from './core-host';
import { startHostileServer, type HostileServer } from './hostile-server';
import { startTestService } from './service-harness';

/**
 * As a property: a hostile API server that echoes the key anywhere in an error body
 * (its code, message, details, any member at any depth, member names too, spelt plainly, URL- or
 * form-encoded, or with JSON escapes) never gets it into anything the app hands on: what the
 * window receives (IPC results and events), notifications, Copy diagnostics, exports, the files
 * the app writes, or the log (docs/architecture.md › Secrets).
 */

// `+`, `/`, `=` and `&` make its URL- and form-encoded spellings differ from the key itself.
const KEY = 'zw-Hostile+Key/42=ok&echo';
const SPELLINGS = [KEY, encodeURIComponent(KEY), new URLSearchParams({ k: KEY }).toString().slice(2)];

const leaksIn = (text: string) => SPELLINGS.filter((spelling) => text.includes(spelling));

const plain = fc.string({ maxLength: 12 });
const planted = fc.tuple(plain, fc.constantFrom(...SPELLINGS, `X-API-KEY: ${KEY}`, `?api_key=${encodeURIComponent(KEY)}`), plain).map((parts) => parts.join(''));
/** A string that may hold the key somewhere. */
const text = fc.oneof(plain, planted);
/** Any JSON value, its strings and member names possibly holding the key, nested a few levels. */
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 3 }),
    fc.dictionary(text, tie('json'), { maxKeys: 3 }),
  ),
}));
const detail = fc.tuple(fc.record({ path: text, message: text }), fc.dictionary(text, json, { maxKeys: 2 })).map(([known, extra]) => ({ ...extra, ...known }));
/** The documented error shape (docs/api.md › Errors) with anything added, or any JSON at all. */
const errorBody = fc.oneof(
  fc
    .record({ code: text, message: text, details: fc.option(fc.array(detail, { maxLength: 3 }), { nil: undefined }), extra: fc.dictionary(text, json, { maxKeys: 2 }) })
    .map(({ code, message, details, extra }) => ({ status: 'error', error: { ...extra, code, message, ...(details ? { details } : {}) } })),
  json,
);
const holdsKey = (body: unknown) => leaksIn(JSON.stringify(body)).length > 0;

/** How the server writes the key into its JSON: as is, every character `\u`-escaped, or `/` as `\/`. */
type Spelling = 'as-is' | 'unicode' | 'solidus';
function spell(body: unknown, spelling: Spelling): string {
  const json = JSON.stringify(body);
  if (spelling === 'solidus') return json.replaceAll('/', '\\/');
  if (spelling === 'unicode') return json.replaceAll(KEY, [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''));
  return json;
}

const STATUSES = [400, 401, 402, 403, 404, 409, 429, 500, 503] as const;
/** Which requests get the hostile answer: all of them, or those of one operation (the others are served). */
const ROUTES = ['all', '/v1/users', '/v1/zones', '/v1/account/info', '/v1/account/billinghistory', '/v1/plans'] as const;

describe('a hostile server echoing the key in its error bodies', () => {
  let service: RunningService;
  let hostile: HostileServer;
  const host = createTestCore();
  const { core, dir, recorded } = host;
  let profileId = '';
  const call = accountCaller(core, () => profileId);

  beforeAll(async () => {
    service = await startTestService({ apiKey: KEY });
    hostile = await startHostileServer(service.url);
    await core.start();
    const added = value((await core.invoke('key:set', { apiKey: KEY, baseUrl: hostile.url, label: 'Echoed' })) as Result<ChannelOutput<'key:set'>>);
    profileId = added.profileId;
    value(await call('billing:sync', { full: true }));
  });
  afterAll(async () => {
    await core.stop();
    await hostile.close();
    await service.close();
  });

  it('never lets the key reach the window, a notification, diagnostics, an export, a file or the log', async () => {
    const zoneId = service.seeded.perGigabyteDatacenterZoneId;
    const results: unknown[] = [];
    await fc.assert(
      fc.asyncProperty(
        errorBody.filter(holdsKey),
        fc.constantFrom<Spelling>('as-is', 'unicode', 'solidus'),
        fc.constantFrom(...STATUSES),
        fc.constantFrom(...ROUTES),
        async (body, spelling, status, route) => {
          hostile.setMode({
            kind: 'answer',
            status,
            text: spell(body, spelling),
            headers: status === 429 ? { 'retry-after': '1' } : {},
            ...(route === 'all' ? {} : { paths: new RegExp(`^${route}`) }),
          });
          results.push(
            await call('poll:refresh'),
            await call('users:list', {}),
            await call('zones:preview', { zoneId, changes: { name: 'Renamed' } }),
            await call('zones:refreshIps', { zoneId, ips: ['192.0.2.1'] }),
            await call('billing:sync', { full: false }),
            await call('snapshot:get'),
            await call('notifications:list'),
            await call('billing:exportCsv', {}),
            await core.invoke('billing:exportAllCsv', {}),
            await core.invoke('app:copyDiagnostics', undefined),
          );
          hostile.setMode({ kind: 'pass' });
          // Quitting writes every cache, whatever the save schedule; starting again watches the account anew.
          await core.stop();
          const handedOn = JSON.stringify([results, recorded.events, recorded.notifications, recorded.clipboard.text, recorded.saved, recorded.logLines]);
          const onDisk = readAllFiles(dir);
          await core.start();
          expect({ handedOn: leaksIn(handedOn), onDisk: leaksIn(onDisk) }).toEqual({ handedOn: [], onDisk: [] });
        },
      ),
      {
        numRuns: 30,
        examples: [
          // The two members left unredacted before: the code, and a detail's path.
          [{ status: 'error', error: { code: `bad_${KEY}`, message: 'no', details: [{ path: `key=${KEY}`, message: 'is wrong' }] } }, 'as-is', 400, 'all'],
          [{ status: 'error', error: { code: 'invalid_api_key', message: 'no', details: [{ path: KEY, message: KEY, [KEY]: { deeper: [KEY] } }] } }, 'unicode', 401, '/v1/account/info'],
        ],
      },
    );
    // The property ran against a live account: every run's calls were answered, and a CSV was saved each time.
    expect(recorded.saved.length).toBeGreaterThanOrEqual(2 * 30);
    expect(readAllFiles(dir)).toContain(profileId);
  });
});
