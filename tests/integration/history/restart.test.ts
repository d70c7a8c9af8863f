import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GB } from '../../../shared/units';
import { HISTORY_DATABASE_FILE } from '../../../electron/core/history-db/history-database';
import { value } from '../core/core-host';
import { type HistoryApp, startHistoryApp } from './history-app';
import { eraseIntraday, intradayShape } from './history-rows';

// A restart keeps the 48 h intraday history, so the per-zone spike rule fires
// without waiting an hour of fresh readings; a damaged history file or database is set aside with a
// notice and never stops the start (docs/architecture.md › Per-zone intraday history, › The history
// database).

const MINUTE = 60;

async function readEvery(app: HistoryApp, minutes: number, forMinutes: number): Promise<void> {
  for (let done = 0; done < forMinutes; done += minutes) {
    app.advance(minutes * MINUTE);
    await app.read();
  }
}

/** The zone that spends most by traffic: a ×10 spike of it is well past the $0.50/h floor. */
function busiestZone(app: HistoryApp, except: readonly string[] = []): string {
  const zones = Object.values(app.core().snapshot(app.profileId())!.zones).map((e) => e.zone);
  return zones
    .filter((z) => z.enabled && z.billing_method === 'per_gigabyte' && !except.includes(z.zone_id))
    .sort((a, b) => (b.usage_today_bytes! / GB) * b.cost.per_gigabyte_cents! - (a.usage_today_bytes! / GB) * a.cost.per_gigabyte_cents!)[0]!.zone_id;
}

const zoneSpikesOf = (app: HistoryApp, zoneId: string) => app.notifications.flatMap((n) => n.events).filter((e) => e.rule === 'zoneSpike' && e.zoneId === zoneId);

describe('a restart', () => {
  let app: HistoryApp;
  beforeAll(async () => {
    app = await startHistoryApp({ now: '2026-11-18T08:00:00Z' });
    await app.start();
    await readEvery(app, 5, 3 * 60);
    await app.stop();
  }, 120_000);
  afterAll(() => app.close());

  it('finds the last hours of every zone on disk, in the history database', () => {
    const shape = intradayShape(app.dir, app.profileId());
    expect(shape.zones).toBeGreaterThanOrEqual(20);
    expect(shape.times).toBeGreaterThanOrEqual(36);
    expect(fs.existsSync(path.join(app.dir, `profile-${app.profileId()}-intraday.json`))).toBe(false);
  });

  it('keeps a zone’s 48-hour chart: the hours before the restart are there at once', async () => {
    app.advance(3 * MINUTE);
    await app.start();
    const zoneId = busiestZone(app);
    const trend = value(await app.call('history:zone', { zoneId }));
    expect(trend.intraday.length).toBeGreaterThanOrEqual(36);
    expect(trend.intraday[0]!.t).toBeLessThanOrEqual(Date.parse('2026-11-18T08:05:00Z'));
    expect(trend.intraday.filter((p) => p.spendCentsPerHour !== null).length).toBeGreaterThanOrEqual(35);
  });

  it('lets the per-zone spike rule fire minutes after it, not an hour', async () => {
    const zoneId = busiestZone(app);
    app.service.control.spike(zoneId);
    await readEvery(app, 2, 12);
    expect(zoneSpikesOf(app, zoneId)).toHaveLength(1);
  });

  it('without those samples, the same spike goes unnoticed for lack of history: the samples are what make it fire', async () => {
    await app.stop();
    eraseIntraday(app.dir, app.profileId());
    app.advance(3 * MINUTE);
    await app.start();
    const zoneId = busiestZone(app, [busiestZone(app)]);
    app.service.control.spike(zoneId);
    await readEvery(app, 2, 12);
    expect(zoneSpikesOf(app, zoneId)).toHaveLength(0);
  });
});

describe('damaged history files', () => {
  let app: HistoryApp;
  beforeAll(async () => {
    app = await startHistoryApp({ now: '2026-11-29T10:00:00Z' });
    await app.start();
    await readEvery(app, 180, 3 * 24 * 60);
    await app.stop();
  }, 120_000);
  afterAll(() => app.close());

  it('are set aside with a notice, and Zonewatch starts and keeps its history going', async () => {
    const history = path.join(app.dir, `profile-${app.profileId()}-history.json`);
    fs.writeFileSync(history, fs.readFileSync(history, 'utf8').slice(0, 60));
    const database = path.join(app.dir, HISTORY_DATABASE_FILE);
    fs.writeFileSync(database, 'Not a database, whatever its name says. '.repeat(200));

    await app.start();
    // Said once each, as the app's notices (docs/architecture.md › Notices): the history file opens with the account, the database with its first request.
    const notices = value(await app.call('notices:list'));
    expect(notices.map(({ profileId, title, body }) => ({ profileId, title, body }))).toEqual([
      { profileId: app.profileId(), title: 'The spend and throughput history could not be read', body: expect.stringMatching(/^The file was set aside as profile-.*-history\.json\.corrupt-.*\. The charts start again from the next update\.$/) },
      {
        profileId: null,
        title: 'The history database could not be read',
        body: expect.stringMatching(/^The file was set aside as history\.sqlite\.corrupt-.* and kept for a bug report \(Copy diagnostics lists it\)\. History starts again from the next update; this month is read again from the service\.$/),
      },
    ]);
    expect(value(await app.call('history:calendar'))).not.toHaveProperty('notices');
    const setAside = fs.readdirSync(app.dir).filter((name) => name.includes('.corrupt-') && !/-(wal|shm)$/.test(name));
    expect(setAside).toHaveLength(2);
    expect(app.logLines.filter((line) => line.startsWith('error'))).toEqual([]);

    // The ledger starts again from the readings that follow.
    await readEvery(app, 180, 2 * 24 * 60);
    const again = value(await app.call('history:calendar'));
    expect(again.days.filter((d) => d.coverage === 'exact').length).toBeGreaterThanOrEqual(1);
    expect(again.days.every((d) => d.day >= '2026-12-02')).toBe(true);
  });
});
