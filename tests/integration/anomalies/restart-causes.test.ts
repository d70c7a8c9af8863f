import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Anomaly, isUnusual } from '../../../shared/anomalies';
import type { PeriodSummary } from '../../../shared/digest';
import type { AlertEvent } from '../../../shared/notification';
import { createApiClient } from '../../../electron/core/api/client';
import { OFF_ELSEWHERE } from '../../../electron/core/anomalies/off-days';
import { value } from '../core/core-host';
import { type HistoryApp, startHistoryApp } from '../history/history-app';

// The same days read the same after a Restore, a restart, or both (docs/architecture.md › Daily
// anomalies): two runs of one account on the local service, step for step on the same simulated
// clock — the same seed, the same readings, the same clicks — one restarted twice (once with a
// stop in force, once after its Restore), the other never. The sequence is the one a person met:
// Stop all spend on May 3 at 13:00 UTC, Restore on May 4 at 13:00, a restart on May 5 at 04:00;
// before it, a zone switched off for a day and a zone its cap turned off, both back on since.

const HOUR = 3600;
const START = '2027-03-29T06:00:00Z';
/** A reading every four hours: the app on all day, as the person's was. */
const EVERY = 4 * HOUR;

let restarted: HistoryApp;
let steady: HistoryApp;
const apps = () => [restarted, steady];
const nowOf = (app: HistoryApp) => Date.parse(app.service.control.now());
const list = async (app: HistoryApp): Promise<Anomaly[]> => value(await app.call('history:anomalies'));
const weekSummary = async (app: HistoryApp) => value(await app.call('history:summary', { kind: 'week', from: '2027-05-03' }));
const daySummary = async (app: HistoryApp, day: string) => value(await app.call('history:summary', { kind: 'day', from: day }));
const anomalyAlerts = (app: HistoryApp) => app.notifications.flatMap((n) => n.events).filter((e) => e.rule === 'zoneAnomaly').map((e: AlertEvent) => ({ key: e.key, title: e.title, body: e.body }));
const digests = (app: HistoryApp) => app.shown.filter((n) => / summary, /.test(n.title));
const adminOf = (app: HistoryApp) => createApiClient({ baseUrl: app.service.url, getApiKey: () => app.service.keys.admin });

/** Both runs on to `iso`, a reading every four hours and one at `iso`. */
async function until(iso: string): Promise<void> {
  const end = Date.parse(iso);
  while (nowOf(steady) < end) {
    const step = Math.min(EVERY, (end - nowOf(steady)) / 1000);
    for (const app of apps()) {
      app.advance(step);
      await app.read();
    }
  }
}

/** The same click in both runs, then a reading in both. */
async function inBoth(act: (app: HistoryApp) => Promise<unknown>): Promise<void> {
  for (const app of apps()) {
    await act(app);
    await app.read();
  }
}

/** Quits and starts the restarted run on its data folder: a new core, the same files. */
async function restart(): Promise<void> {
  await restarted.stop();
  await restarted.start();
  await restarted.read();
  await steady.read();
}

/** The unusual days a summary (and so the digest of its period) names, account by account. */
const unusualOf = (summary: PeriodSummary) => summary.accounts.map((a) => a.anomalies);

/** What a restart or a Restore must leave as it was, read from one run: the list, and the week's and the stop's days' digests. */
async function reading(app: HistoryApp) {
  return { anomalies: await list(app), week: unusualOf(await weekSummary(app)), may3: unusualOf(await daySummary(app, '2027-05-03')), may4: unusualOf(await daySummary(app, '2027-05-04')) };
}

let switchedZone = '';
let cappedZone = '';
let stoppedZones: string[] = [];
type Reading = Awaited<ReturnType<typeof reading>>;
/** Each moment compared: one run read just before and just after, and the other run at that moment. */
const seen: Record<string, { before: Reading; after: Reading; other: Reading }> = {};

/** Reads `app` before and after `change`, and `other` after it. */
async function around(name: string, app: HistoryApp, other: HistoryApp, change: () => Promise<void>): Promise<void> {
  const before = await reading(app);
  await change();
  seen[name] = { before, after: await reading(app), other: await reading(other) };
}

beforeAll(async () => {
  restarted = await startHistoryApp({ now: START });
  steady = await startHistoryApp({ now: START });
  for (const app of apps()) {
    await app.start();
    value(await app.call('settings:update', { digest: { daily: true, weekly: true, at: '08:00' } }));
  }
  await until('2027-04-27T10:00:00Z');
  // The two busiest zones by traffic: each spends well past what a few cents of noise could explain.
  const busiest = Object.values(steady.core().snapshot(steady.profileId())!.zones)
    .map((e) => e.zone)
    .filter((z) => z.enabled && z.billing_method === 'per_gigabyte')
    .sort((a, b) => b.spend_this_month_cents! - a.spend_this_month_cents! || a.zone_id.localeCompare(b.zone_id));
  [cappedZone, switchedZone] = [busiest[0]!.zone_id, busiest[1]!.zone_id];

  // A zone switched off in Zones at 10:00 and back on the next day at 10:00.
  await inBoth((app) => app.call('zones:setEnabled', { zoneId: switchedZone, enabled: false }));
  // A daily cap at a third of the capped zone's usual day, set elsewhere: it turns the zone off on the 28th.
  const usual = value(await steady.call('history:zone', { zoneId: cappedZone, days: 14 })).days.filter((d) => d.coverage === 'exact');
  const threshold = Math.round(usual.reduce((sum, d) => sum + d.spendCents, 0) / usual.length / 3) / 100;
  await until('2027-04-28T00:00:00Z');
  await inBoth((app) => adminOf(app).updateZone(cappedZone, { alert: { type: 'dollars_per_day', threshold, action: 'disable_zone' } }));
  await until('2027-04-28T10:00:00Z');
  await inBoth((app) => app.call('zones:setEnabled', { zoneId: switchedZone, enabled: true }));
  // The next morning the cap is taken off and the zone turned back on, elsewhere.
  await until('2027-04-29T09:00:00Z');
  await inBoth((app) => adminOf(app).updateZone(cappedZone, { alert: null, enabled: true }));

  // A restart alone: nothing stopped, both zones back on.
  await until('2027-04-30T04:00:00Z');
  await around('restartAlone', restarted, steady, restart);

  await until('2027-05-03T13:00:00Z');
  await inBoth(async (app) => {
    const report = value(await app.call('spend:stop', {}));
    stoppedZones = report.outcomes.filter((o) => o.result === 'disabled').map((o) => o.zoneId);
  });
  // A restart with the stop in force.
  await until('2027-05-04T04:00:00Z');
  await around('restartStopped', restarted, steady, restart);

  // Restore alone, read in the run that never restarts.
  await until('2027-05-04T13:00:00Z');
  await around('restoreAlone', steady, restarted, () => inBoth(async (app) => expect(value(await app.call('spend:restore')).record).toBeNull()));

  // The restart the person met: after the Restore cleared the stop record.
  await until('2027-05-05T04:00:00Z');
  await around('restartRestored', restarted, steady, restart);

  // On to the week's digest (sent at 08:00 local time on Monday the 10th, wherever the machine is).
  await until('2027-05-11T00:00:00Z');
}, 900_000);
afterAll(async () => {
  await restarted?.close();
  await steady?.close();
});

describe('what explains a low day, across a Restore and restarts', () => {
  it('runs both accounts alike: the comparison is fair', () => {
    expect(seen.restartAlone!.before.anomalies.length).toBeGreaterThan(0);
    for (const moment of Object.values(seen)) expect(moment.other.anomalies.length).toBeGreaterThan(0);
  });

  it('names the switch, the cap and the stop as the causes of their low days', async () => {
    const all = await list(steady);
    const ofZone = (zoneId: string, from: string, to: string) => all.filter((a) => a.zoneId === zoneId && a.day >= from && a.day <= to && a.direction === 'below');
    // Off from 10:00 on the 27th to 10:00 on the 28th: the 27th at least falls below its band.
    const switched = ofZone(switchedZone, '2027-04-27', '2027-04-28');
    expect(switched.map((a) => a.day)).toContain('2027-04-27');
    expect(switched.filter((a) => a.cause !== 'turned_off' || !a.words.endsWith(OFF_ELSEWHERE))).toEqual([]);
    expect(ofZone(cappedZone, '2027-04-28', '2027-04-28').map((a) => [a.cause, a.words])).toEqual([['turned_off', expect.stringMatching(/: Turned off by its \$[\d.]+\/day cap at \d\d:\d\d UTC$/)]]);
    const stopDays = all.filter((a) => stoppedZones.includes(a.zoneId) && (a.day === '2027-05-03' || a.day === '2027-05-04') && a.direction === 'below');
    expect(stopDays.length).toBeGreaterThanOrEqual(stoppedZones.length);
    expect(stopDays.filter((a) => isUnusual(a) || !a.words.endsWith(': Turned off by Stop all spend at 13:00 UTC'))).toEqual([]);
  });

  it('reads the same after a restart alone, as the run never restarted reads', () => {
    const { before, after, other } = seen.restartAlone!;
    expect(after).toEqual(before);
    expect(other).toEqual(before);
  });

  it('reads the same after a restart with the stop in force', () => {
    const { before, after, other } = seen.restartStopped!;
    expect(after).toEqual(before);
    expect(other).toEqual(before);
  });

  it('reads the same after a Restore alone', () => {
    const { before, after, other } = seen.restoreAlone!;
    expect(after).toEqual(before);
    expect(other).toEqual(before);
  });

  it('reads the same after a Restore and a restart: the list, the causes and the digests’ counts', async () => {
    const { before, after, other } = seen.restartRestored!;
    expect(before.anomalies.filter((a) => a.cause === 'turned_off').length).toBeGreaterThan(stoppedZones.length);
    expect(after).toEqual(before);
    expect(other).toEqual(before);
    expect(await list(restarted)).toEqual(await list(steady));
  });

  it('sends the same digests as the run never restarted, counting the week’s unusual days alone', async () => {
    const weekly = digests(steady).filter((d) => d.title.startsWith('Weekly summary, 2027-05-03'));
    expect(weekly).toHaveLength(1);
    // The week's count is that of its unusual days: the stop's days are listed, not counted.
    const unusual = (await list(steady)).filter((a) => a.day >= '2027-05-03' && a.day <= '2027-05-09' && !a.early && isUnusual(a)).length;
    expect(weekly[0]!.body).toContain(unusual === 0 ? 'My account' : `${unusual} unusual ${unusual === 1 ? 'day' : 'days'}`);
    if (unusual === 0) expect(weekly[0]!.body).not.toContain('unusual');
    expect(digests(restarted)).toEqual(digests(steady));
  });

  it('sends the same unusual-day alerts as the run never restarted', () => {
    expect(anomalyAlerts(restarted)).toEqual(anomalyAlerts(steady));
  });
});
