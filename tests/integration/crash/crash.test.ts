// The crash test (docs/architecture.md › Faults): the real core in a process of its own, watching an
// account of 300 zones on the local service, killed with SIGKILL at seeded moments of Stop all
// spend, Restore, caps Apply and Undo, and started again on the same folder each time. After every
// restart nothing the person chose is reset, no write is left half done and a run cut short is said
// once; after Restore and Undo, as the person would run them, every zone is exactly as it was
// before Zonewatch changed it.
// ZW_CRASH_SEED=<n> replays a run; a failure names its seed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { applyChangesOf } from '../../../shared/caps';
import type { LedgerCalendar } from '../../../shared/ledger';
import type { Result } from '../../../shared/ipc';
import type { Settings } from '../../../shared/settings';
import { createApiClient } from '../../../electron/core/api/client';
import { mulberry32 } from '../../../electron/service/prng';
import { startService, type RunningService } from '../../../electron/service/start-service';
import { value } from '../core/core-host';
import { bundleCrashApp, type CrashApp, killAll, startCrashApp } from './crash-app';
import { changedSettings, differences, lostLedgerDays, putBack, serviceTruth, setAsideFiles, temporaryFiles } from './crash-checks';
import { type KillChoice, killPoint, planRound } from './crash-plan';
import { type KillProxy, startKillProxy } from './kill-proxy';

const SEED = process.env.ZW_CRASH_SEED ? Number(process.env.ZW_CRASH_SEED) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(SEED)) throw new Error(`ZW_CRASH_SEED must be a whole number, not ${process.env.ZW_CRASH_SEED}`);
const KILLS = 30;
const ZONES = 300;

let service: RunningService;
let proxy: KillProxy;
let dir: string;
let bin: string;
let bundle: string;

beforeAll(async () => {
  bin = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-crash-bin-'));
  bundle = await bundleCrashApp(bin);
  // A frozen clock that the test moves on while the app is down, so the ledger's days go by.
  service = await startService({ zones: ZONES, control: true, autoTick: false, now: '2026-03-03T09:00:00Z' });
  proxy = await startKillProxy(service.url);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonewatch-crash-'));
});

afterAll(async () => {
  killAll();
  await proxy?.close();
  await service?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  if (bin) fs.rmSync(bin, { recursive: true, force: true });
});

/**
 * The person's own account before Zonewatch touches it: most zones parked (off), some with alerts
 * of their own. Alerts only notify here, so that nothing but Zonewatch turns a zone off while the service's
 * clock runs on between restarts.
 */
async function personalize(random: () => number): Promise<void> {
  const client = createApiClient({ baseUrl: service.url, getApiKey: () => service.keys.admin });
  for (const [zoneId, zone] of await serviceTruth(service)) {
    const off = random() < 0.75;
    const alert = zone.alert ? { ...zone.alert, action: 'send_notification' as const } : random() < 0.1 ? { type: 'dollars_per_day' as const, threshold: 900, action: 'send_notification' as const } : null;
    if (off || JSON.stringify(alert) !== JSON.stringify(zone.alert)) await client.updateZone(zoneId, { ...(off ? { enabled: false } : {}), alert });
  }
}

describe('the app killed at random moments of stop, restore, caps apply and undo', () => {
  it(`starts again ${KILLS} times with nothing lost`, { timeout: 180_000 }, async () => {
    const random = mulberry32(SEED);
    const story: string[] = [`seed ${SEED} (ZW_CRASH_SEED=${SEED} replays it)`];
    const failures: string[] = [];
    let kills = 0;
    let launches = 0;
    let profileId = '';
    let chosen: Settings | null = null;
    let calendar: LedgerCalendar | null = null;
    /** The keys of the notices that said a run was interrupted, and whether the last kill cut one short. */
    const toldKeys = new Set<string>();
    let cutShort = false;
    await personalize(random);
    const allZones = service.seeded.zoneIds;
    // Whatever ends the test (a failed check, an error, its timeout), the seed and the story are printed.
    onTestFailed(() => void process.stderr.write(`crash test failed — ${story.join('\n')}\n`));
    const started = Date.now();
    // ZW_CRASH_VERBOSE=1 prints the story as it happens.
    const note = (line: string) => {
      story.push(line);
      if (process.env.ZW_CRASH_VERBOSE) process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`);
    };
    const fail = (what: string) => {
      failures.push(`after kill ${kills}: ${what}`);
      note(`  FAILED: ${what}`);
    };

    /** Starts the app on the folder and runs what must hold at every start. */
    async function launch(): Promise<CrashApp> {
      const t0 = Date.now();
      const app = await startCrashApp({ bundle, dir, now: Date.parse(service.control.now()), randomSeed: SEED + launches++, profileId });
      if (profileId === '') {
        profileId = app.profileId = value(await app.call('key:set', { apiKey: service.keys.admin, baseUrl: proxy.url })).profileId;
        value(await app.call('accounts:update', { profileId, label: 'Crash-tested account', color: 'purple' }));
        value(await app.call('settings:update', { theme: 'dark' }));
        value(await app.call('zones:pin', { text: service.seeded.undiscoveredZoneIds.join(' ') }));
      }
      const t1 = Date.now();
      value(await app.call('poll:refresh'));
      const t2 = Date.now();
      const leftovers = temporaryFiles(dir);
      if (leftovers.length > 0) fail(`${leftovers.length} temporary file(s) left in the folder: ${leftovers.slice(0, 5).join(', ')}`);
      const settings = value(await app.call('settings:get'));
      if (chosen === null) chosen = settings;
      const changed = changedSettings(chosen, settings);
      if (changed.length > 0) fail(`settings changed: ${changed.join(', ')}`);
      const account = value(await app.call('accounts:list')).accounts.find((a) => a.profileId === profileId);
      if (account?.label !== 'Crash-tested account') fail(`the account is ${account ? `named ${account.label}` : 'gone'}`);
      const { status } = value(await app.call('snapshot:get'));
      if (status.keyBackend !== 'safe_storage') fail(`its key is in ${status.keyBackend}`);
      const now = value(await app.call('history:calendar'));
      if (calendar) for (const day of lostLedgerDays(calendar, now)) fail(`ledger day ${day}`);
      calendar = now;
      note(`  started (pid ${app.pid}) in ${t1 - t0} ms, first cycle ${t2 - t1} ms, checks ${Date.now() - t2} ms`);
      const notices = value(await app.call('notices:list'));
      for (const file of setAsideFiles(dir)) if (!notices.some((n) => `${n.title} ${n.body}`.includes(path.basename(file)))) fail(`${file} was set aside and no notice says so`);
      await toldOnce(app, cutShort);
      cutShort = false;
      return app;
    }

    /**
     * A run cut short is said once at the next start, in the window and as a notification
     * (docs/architecture.md › Write ahead, then act); a run that had ended may be said or not (a
     * kill between its record and the end of its journal entry), but never twice.
     */
    async function toldOnce(app: CrashApp, expected: boolean): Promise<void> {
      const fresh = async () => value(await app.call('notices:list')).filter((n) => n.key.startsWith('journal:') && !toldKeys.has(n.key));
      let told = await fresh();
      // Recovery checks the interrupted run beside the first cycle: give it a moment to finish.
      for (let waited = 0; expected && told.length === 0 && waited < 5_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        told = await fresh();
      }
      if (expected && told.length !== 1) fail(`the run cut short was said ${told.length} times at the next start`);
      for (const notice of told) {
        toldKeys.add(notice.key);
        const notified = app.notifications.filter((n) => n.id === `notice-${notice.id}`).length;
        if (notified !== 1) fail(`"${notice.title}" came as ${notified} notifications`);
        note(`  told: ${notice.title} — ${notice.body}`);
      }
    }

    /** Restore and Undo as the person runs them, until nothing is left to put back; what went wrong. */
    async function finish(app: CrashApp): Promise<string[]> {
      const problems: string[] = [];
      for (let i = 0; i < 3 && value(await app.call('spend:get')).record; i++) {
        const report = value(await app.call('spend:restore'));
        if (report.outcomes.some((o) => o.result === 'failed' || o.result === 'not_tried')) problems.push(`Restore: ${report.summary}`);
      }
      if (value(await app.call('spend:get')).record) problems.push('the stop record is still there after three Restores');
      for (let i = 0; i < 3 && (value(await app.call('caps:get')).record?.changed.length ?? 0) > 0; i++) {
        const report = value(await app.call('caps:undo'));
        if (report.outcomes.some((o) => o.result === 'failed' || o.result === 'not_tried')) problems.push(`Undo: ${report.summary}`);
      }
      // What is left are caps never set (an apply cut short): the person forgets them instead of retrying.
      if (value(await app.call('caps:get')).record) value(await app.call('caps:forget'));
      return problems;
    }

    /** Runs `op`, kills the app at `choice` of its `updates` zone updates (or right after it ends), and waits for it to be gone. */
    async function killDuring(app: CrashApp, what: string, choice: KillChoice, updates: number, op: () => Promise<unknown>, refresh: boolean): Promise<void> {
      const point = killPoint(choice, updates);
      const fired = proxy.arm(point, () => app.kill());
      const running = op().then(
        () => 'ended' as const,
        () => 'died' as const,
      );
      if (refresh) void app.call('poll:refresh').catch(() => undefined);
      let how = await Promise.race([fired, running]);
      if (how === 'ended') {
        proxy.disarm();
        app.kill();
        how = 'right after it ended';
      } else if (how === 'died') how = await fired;
      // Killed while the run waited for a change's answer, so before its end: its journal entry is
      // on disk. (Killed some ms after an answer, the run may have ended in between.)
      cutShort = point.at === 'update' && point.phase !== 'answered' && how !== 'right after it ended';
      await app.exited;
      await proxy.idle();
      proxy.disarm();
      kills++;
      note(`kill ${kills}: ${what} (${updates} updates), ${how}`);
    }

    let app = await launch();
    while (kills < KILLS) {
      const round = planRound(random);
      note(`round: ${JSON.stringify(round)}`);
      const before = await serviceTruth(service);
      const rule = (threshold: number) => ({ kind: 'fixed', type: 'dollars_per_day', threshold, action: 'send_notification' }) as const;
      const [first, second] = round.thresholds.map(rule) as [ReturnType<typeof rule>, ReturnType<typeof rule>];
      const picked = allZones.filter(() => random() < round.share);
      // What the window sends to Apply: the changes the rule's preview lists.
      const previewed = async (r: typeof first) => applyChangesOf(value(await app.call('caps:preview', { zoneIds: picked, rule: r })));
      let updates: number;
      let op: () => Promise<Result<unknown>>;
      const current = app;
      if (round.scenario === 'stop') {
        updates = [...before.values()].filter((zone) => zone.enabled !== false).length;
        op = () => current.call('spend:stop');
      } else if (round.scenario === 'restore') {
        updates = value(await app.call('spend:stop')).outcomes.filter((o) => o.result === 'disabled').length;
        op = () => current.call('spend:restore');
      } else if (round.scenario === 'apply') {
        const changes = await previewed(first);
        updates = changes.length;
        op = () => current.call('caps:apply', { changes });
      } else if (round.scenario === 'reapply') {
        value(await app.call('caps:apply', { changes: await previewed(first) }));
        const changes = await previewed(second);
        updates = changes.length;
        op = () => current.call('caps:apply', { changes });
      } else {
        updates = value(await app.call('caps:apply', { changes: await previewed(first) })).record?.changed.length ?? 0;
        op = () => current.call('caps:undo');
      }
      await killDuring(app, round.scenario, round.kill, updates, op, round.refreshDuring);
      service.control.advance(round.advanceHours * 3_600);
      app = await launch();
      for (const choice of round.finishKills) {
        // What Restore and Undo have to send, if they put back exactly what Zonewatch changed.
        const left = differences(before, await serviceTruth(service)).length;
        if (left === 0) break;
        const finishing = app;
        await killDuring(app, `the Restore/Undo after it`, choice, left, () => finish(finishing), false);
        app = await launch();
      }
      const problems = await finish(app);
      for (const problem of problems) fail(problem);
      const wrong = differences(before, await serviceTruth(service));
      if (wrong.length > 0) {
        fail(`after Restore and Undo ${wrong.length} zone(s) are not as the person left them: ${wrong.slice(0, 4).join('; ')}`);
        await putBack(service, before);
      }
      if (problems.length > 0 || wrong.length > 0) {
        // So that the next round starts from a clean account whatever this one left, and from data
        // as fresh as the person's: caps take a zone's "before" from the last poll.
        value(await app.call('spend:dismiss'));
        if (value(await app.call('caps:get')).record) value(await app.call('caps:forget'));
        value(await app.call('poll:refresh'));
      }
    }
    app.kill();
    await app.exited;
    expect(failures, story.join('\n')).toEqual([]);
  });
});
