import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../electron/core/api/client';
import type { JournalEntry } from '../../../../electron/core/journal/journal-entry';
import type { JournalZoneInput } from '../../../../electron/core/journal/journal';
import { recoverInterrupted } from '../../../../electron/core/journal/recover-interrupted';
import type { JournalNotice, ZoneFound } from '../../../../electron/core/journal/recovery';
import { sampleInfo, sampleZone } from '../../../fixtures/api-samples';
import { journalIn, JOURNAL_NOW } from './journal-on-disk';

// Recovering interrupted runs (docs/architecture.md › Write ahead, then act): each entry is re-read,
// folded into its record and finished, or left for the next try; the user is told of each once.

const off = (zoneId: string): JournalZoneInput => ({ zoneId, name: zoneId, spendTodayCents: 10, send: { field: 'enabled', value: false }, before: { field: 'enabled', value: true } });
const capped = (zoneId: string): JournalZoneInput => ({ zoneId, name: zoneId, spendTodayCents: null, send: { field: 'alert', value: null }, before: { field: 'alert', value: null } });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/**
 * An app started again on `dir`, whose service holds the zones `offIds` as turned off (every other
 * zone asked for as on, `missing` ones deleted) and answers 503 for a read of any of `down`.
 */
function restarted(dir: string, service: { offIds: string[]; missing?: string[]; down?: string[] }) {
  const asked: string[][] = [];
  const client = createApiClient({
    baseUrl: 'https://api.example.com',
    getApiKey: () => 'key',
    retry: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 },
    fetch: async (url) => {
      const ids = decodeURIComponent(new URL(String(url)).pathname.replace('/v1/zones/', '')).split(',');
      asked.push(ids);
      if (ids.some((id) => service.down?.includes(id))) return json(503, { status: 'error', error: { code: 'service_unavailable', message: 'down' } });
      const zones = ids.filter((id) => !service.missing?.includes(id)).map((id) => ({ ...sampleZone(id), enabled: !service.offIds.includes(id) }));
      return json(200, { status: 'ok', info: sampleInfo(), zones });
    },
  });
  const folded: [string, Record<string, ZoneFound>][] = [];
  const told: JournalNotice[] = [];
  const logged: [string, string, Record<string, unknown> | undefined][] = [];
  const journal = journalIn(dir, undefined, 'later');
  const recover = (feature: 'spend' | 'caps', reachable = true) =>
    recoverInterrupted({
      journal,
      feature,
      client,
      reachable,
      signal: new AbortController().signal,
      fold: (entry: JournalEntry, found) => folded.push([entry.id, Object.fromEntries(found)]),
      tell: (notice) => told.push(notice),
      logger: {
        info: (message, data) => logged.push(['info', message, data]),
        warn: (message, data) => logged.push(['warn', message, data]),
        error: (message, data) => logged.push(['error', message, data]),
      },
    });
  return { journal, recover, asked, folded, told, logged };
}

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-recover-'));

describe('recovering interrupted runs at start', () => {
  it('folds what each run did into its record once, finishes it, and tells the user once what it had done', async () => {
    const dir = folder();
    journalIn(dir).begin('stop', [off('A'), off('B'), off('C')]);
    const app = restarted(dir, { offIds: ['A'], missing: ['C'] });
    await app.recover('spend');
    expect(app.folded).toEqual([['run-1', { A: 'changed', B: 'unchanged', C: 'gone' }]]);
    expect(app.told).toEqual([
      {
        key: 'journal:run-1',
        title: 'Stop all spend was interrupted',
        body: 'Zonewatch was closed while stopping all spend. It had turned off 1 of 3 zones. Restore turns it back on. Retry turns off the 2 still running.',
      },
    ]);
    expect(app.logged).toEqual([['info', 'journal: recovered an interrupted run', { operation: 'stop', changed: 1 }]]);
    // Finished: neither this run nor the next start recovers it, nor tells of it, again.
    await app.recover('spend');
    await restarted(dir, { offIds: ['A'] }).recover('spend');
    expect(journalIn(dir).interrupted('spend')).toEqual([]);
    expect(app.folded).toHaveLength(1);
    expect(app.told).toHaveLength(1);
  });

  it('recovers only the feature asked for, leaving the other’s runs for its own record', async () => {
    const dir = folder();
    journalIn(dir).begin('caps-apply', [capped('A')]);
    const app = restarted(dir, { offIds: [] });
    await app.recover('spend');
    expect([app.asked, app.folded, app.told]).toEqual([[], [], []]);
    expect(journalIn(dir).interrupted('caps').map((e) => e.id)).toEqual(['run-1']);
  });

  it('asks nothing while the account cannot send: keeps the run, says once what Restore counts meanwhile, and recovers it once it can', async () => {
    const dir = folder();
    journalIn(dir).begin('stop', [off('A'), off('B')]);
    const app = restarted(dir, { offIds: ['A', 'B'] });
    await app.recover('spend', false);
    await app.recover('spend', false);
    expect(app.asked).toEqual([]);
    expect(app.folded).toEqual([]);
    expect(app.told.map((n) => n.body)).toEqual([
      'Zonewatch was closed while stopping all spend. The service could not be reached to check what it did. Up to 2 zones may be off: Restore counts all of them and turns on those still off. Zonewatch checks again at each refresh.',
    ]);
    expect(app.logged.filter(([level]) => level === 'warn')).toEqual([
      ['warn', 'journal: an interrupted run could not be checked yet', { operation: 'stop', zones: 2 }],
      ['warn', 'journal: an interrupted run could not be checked yet', { operation: 'stop', zones: 2 }],
    ]);
    // Told is on disk: a start after this one does not say it again, and the check that settles it says nothing new.
    const later = restarted(dir, { offIds: ['A', 'B'] });
    await later.recover('spend', false);
    expect(later.told).toEqual([]);
    await later.recover('spend');
    expect(later.folded).toEqual([['run-1', { A: 'changed', B: 'changed' }]]);
    expect(later.told).toEqual([]);
    expect(journalIn(dir).interrupted('spend')).toEqual([]);
  });

  it('leaves a run whose zones could not all be read for the next try, and goes on with the others', async () => {
    const dir = folder();
    const first = journalIn(dir);
    first.begin('stop', [off('A'), off('B')]);
    first.begin('restore', [off('C')]);
    const app = restarted(dir, { offIds: ['A', 'C'], down: ['A'] });
    await app.recover('spend');
    expect(app.folded).toEqual([['run-2', { C: 'changed' }]]);
    expect(app.told.map((n) => n.title)).toEqual(['Stop all spend was interrupted', 'Restore was interrupted']);
    expect(app.told[0]!.body).toContain('The service could not be reached to check what it did.');
    expect(journalIn(dir).interrupted('spend').map((e) => [e.id, e.toldAt])).toEqual([['run-1', JOURNAL_NOW]]);
  });
});
