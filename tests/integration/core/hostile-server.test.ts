import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '../../../shared/status';
import type { Snapshot } from '../../../shared/snapshot';
import type { ZoneMember } from '../../../shared/api/zone';
import type { RequestRecord } from '../../../electron/core/api/client';
import { MAX_RESPONSE_BYTES } from '../../../electron/core/api/transport/body-reader';
import type { Clock } from '../../../electron/core/ports';
import type { RunningService } from '../../../electron/service/start-service';
import { accountCaller, createTestCore, value } from './core-host';
import { startHostileServer, type HostileMode, type HostileServer } from './hostile-server';
import { startTestService } from './service-harness';

/**
 * The real core against a server that misbehaves (docs/architecture.md › Threat model › The API server), with a 400 ms request deadline (short, yet clear of a loaded machine's loopback latency) so
 * each case stays fast. Every case checks what the user would see: the status text, the last
 * good data still shown, the next poll scheduled, and recovery in the next scheduled cycle.
 */

const TIMEOUT_MS = 400;

/** Real time for short timers (request deadlines, the cycle watchdog); poll timers wait for `firePolls`. */
function pollClock() {
  const held = new Map<object, () => void>();
  const clock: Clock = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => {
      if (ms < 4_000) return setTimeout(fn, ms);
      const handle = {};
      held.set(handle, fn);
      return handle;
    },
    clearTimeout: (handle) => {
      if (!held.delete(handle as object)) clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  };
  return {
    clock,
    held: () => held.size,
    /** Runs every held timer: the poller's next scheduled cycle. */
    firePolls() {
      const due = [...held.values()];
      held.clear();
      for (const fn of due) fn();
      return due.length;
    },
  };
}

let service: RunningService;
let hostile: HostileServer;
/** Another loopback port, where a redirect points: it must never see a request. */
let elsewhere: http.Server;
const elsewhereSeen: http.IncomingHttpHeaders[] = [];
let elsewhereUrl: string;

const time = pollClock();
const records: RequestRecord[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
const { core, recorded } = createTestCore({
  clock: time.clock,
  random: () => 0.5,
  http: { timeoutMs: TIMEOUT_MS, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 }, onRequest: (record) => records.push(record) },
  tuning: { cycleDeadlineMs: 3_000, watchdogMarginMs: 1_000 },
});

/** The one account this file watches, named at every call as the window does. */
let profileId = '';
const status = () => core.status(profileId)!;
const snapshot = () => core.snapshot(profileId)!;

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  service = await startTestService({ zones: 10 });
  hostile = await startHostileServer(service.url);
  elsewhere = http.createServer((req, res) => {
    elsewhereSeen.push(req.headers);
    res.end('{}');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
  await core.start();
  profileId = value(await accountCaller(core, () => profileId)('key:set', { apiKey: service.keys.admin, baseUrl: hostile.url })).profileId;
});

afterAll(async () => {
  await core.stop();
  await hostile.close();
  elsewhere.closeAllConnections();
  await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
  await service.close();
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
});

/** Fires the scheduled poll and waits for that cycle to end; a cycle still running after 5 s is a hang. */
async function scheduledCycle(): Promise<Status> {
  const before = status().lastAttemptAt;
  expect(time.firePolls()).toBeGreaterThan(0);
  const started = Date.now();
  for (;;) {
    const now = status();
    if (now.lastAttemptAt !== before && !now.refreshing) return now;
    if (Date.now() - started > 5_000) throw new Error('the poll cycle hung');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** What the user sees of the account and zones, without the fetch times that change each cycle. */
function shownData(snapshot: Snapshot) {
  return {
    balance: snapshot.account.data?.balance_cents,
    zones: Object.fromEntries(Object.entries(snapshot.zones).map(([id, entry]) => [id, entry.zone])),
  };
}

/** One misbehaviour: the cycle that meets it, what it must show, then recovery in the next cycle. */
async function meet(mode: HostileMode, expectStatus: (status: Status, snapshot: Snapshot) => void): Promise<void> {
  hostile.setMode({ kind: 'pass' });
  const good = await scheduledCycle();
  expect(good.lastError).toBeNull();
  const lastGood = shownData(snapshot());
  expect(Object.keys(lastGood.zones).length).toBeGreaterThan(5);

  hostile.setMode(mode);
  const bad = await scheduledCycle();
  expectStatus(bad, snapshot());
  // The last good data stays, and polling goes on by itself.
  expect(shownData(snapshot())).toEqual(lastGood);
  expect(bad.nextPollAt).not.toBeNull();
  expect(bad.poll).toBe('running');
  expect(time.held()).toBe(1);

  hostile.setMode({ kind: 'pass' });
  const recovered = await scheduledCycle();
  expect(recovered).toMatchObject({ lastError: null, consecutiveFailures: 0, offline: false });
  expect(snapshot().zonesFetch.error).toBeNull();
}

/**
 * A zone whose one member comes malformed, cycle after cycle: the zone stays and is fresh, only that
 * member is unknown; the status names it once and the log has it once, not once per poll; a good
 * answer clears it.
 */
async function meetBadMember(mode: HostileMode & { kind: 'bad_zone' }, member: ZoneMember): Promise<void> {
  hostile.setMode({ kind: 'pass' });
  expect((await scheduledCycle()).lastError).toBeNull();
  const lastGood = snapshot();
  const ids = Object.keys(lastGood.zones);
  expect(ids.length).toBeGreaterThan(5);
  const gapLogs = () => recorded.logLines.filter((line) => line.includes('part of an answer could not be read') && line.includes(`"path":"${member}"`));
  const logsBefore = gapLogs().length;

  hostile.setMode(mode);
  for (let cycle = 0; cycle < 3; cycle++) {
    const cycled = await scheduledCycle();
    const shown = snapshot();
    expect(cycled.lastError).toBeNull();
    expect(shown.zonesFetch.error).toBeNull();
    // Every zone is kept and fresh from this cycle; exactly one has the member unknown.
    expect(Object.keys(shown.zones).sort()).toEqual([...ids].sort());
    expect(Object.values(shown.zones).every((entry) => entry.fetchedAt === shown.zonesFetch.fetchedAt)).toBe(true);
    const unknown = Object.values(shown.zones).filter((entry) => entry.zone[member] === undefined);
    expect(unknown).toHaveLength(1);
    const bad = unknown[0]!.zone;
    // The rest of that zone is as the service sent it.
    expect(bad.spend_this_month_cents).toEqual(expect.any(Number));
    expect(bad.enabled).toBe(lastGood.zones[bad.zone_id]!.zone.enabled);
    for (const other of ['name', 'network'] as const) if (other !== member) expect(bad[other]).toBe(lastGood.zones[bad.zone_id]!.zone[other]);
    expect(cycled.dataGaps).toEqual([
      { kind: 'zone_member', count: 1, message: `1 zone detail is unknown: ${member} of ${bad.zone_id} (the service did not send a usable value).` },
    ]);
  }
  expect(gapLogs().length - logsBefore).toBe(1);

  hostile.setMode({ kind: 'pass' });
  const recovered = await scheduledCycle();
  expect(recovered).toMatchObject({ lastError: null, dataGaps: [] });
  expect(Object.values(snapshot().zones).every((entry) => entry.zone[member] !== undefined)).toBe(true);
}

// The status's error says only what went wrong; the age of the data still shown and the next try
// are fields of their own (lastSuccessAt, nextPollAt), which the window words in one sentence.
const nothingAfterTheCause = '$';

describe('the core against a hostile server', () => {
  it('gives up on a body that drips one byte at a time, 20 times over, without ever hanging', { timeout: 60_000 }, async () => {
    for (let run = 0; run < 20; run++) {
      await meet({ kind: 'drip', everyMs: 50 }, (status) => {
        expect(status.lastError?.kind).toBe('timeout');
        expect(status.lastError?.message).toMatch(new RegExp(`^The service at ${new URL(hostile.url).host.replace(/\./g, '\\.')} is not answering\\.${nothingAfterTheCause}`));
        expect(status.lastSuccessAt).not.toBeNull();
        expect(status.nextPollAt).not.toBeNull();
        expect(status.offline).toBe(true);
      });
    }
  });

  it('gives up on a server that never sends its headers', async () => {
    await meet({ kind: 'silent' }, (status) => {
      expect(status.lastError?.message).toMatch(new RegExp(`^The service at ${new URL(hostile.url).host.replace(/\./g, '\\.')} is not answering\\.${nothingAfterTheCause}`));
    });
  });

  it('stops reading a 50 MB answer at the cap and never reads past it', async () => {
    records.length = 0;
    await meet({ kind: 'huge', bytes: 50 * 1024 * 1024 }, (status) => {
      expect(status.lastError).toMatchObject({ kind: 'response_too_large' });
      expect(status.lastError?.message).toMatch(new RegExp(`^The service sent an answer larger than 4 MB, so Zonewatch stopped reading it\\.${nothingAfterTheCause}`));
      expect(status.offline).toBe(false);
    });
    const tooLarge = records.filter((r) => r.error === 'response_too_large');
    expect(tooLarge.length).toBeGreaterThan(0);
    for (const record of records) expect(record.bytes ?? 0).toBeLessThanOrEqual(MAX_RESPONSE_BYTES);
  });

  it('names a redirect to another loopback port as a redirect, sends it nothing, and does not call the app offline', async () => {
    await meet({ kind: 'redirect', status: 301, location: elsewhereUrl }, (status) => {
      expect(status.lastError?.kind).toBe('redirected');
      expect(status.lastError?.message).toMatch(
        new RegExp(`^The service at ${new URL(hostile.url).host} answered with a redirect to another address \\(301\\)\\. Check the base URL in Settings\\.${nothingAfterTheCause}`),
      );
      expect(status.offline).toBe(false);
    });
    expect(elsewhereSeen).toEqual([]);
  });

  it('waits as long as a 429 asks with Retry-After', async () => {
    await meet({ kind: 'rate_limited', retryAfterSeconds: 30 }, (status) => {
      expect(status.lastError?.message).toBe('The service asked Zonewatch to slow down for 30 s.');
      // Never sooner than Retry-After asks: the jitter only adds (docs/architecture.md › Polling).
      expect(Date.parse(status.nextPollAt!) - Date.now()).toBeGreaterThan(29_000);
    });
  });

  it('keeps one malformed zone among ten, only its bad member unknown, reported once', async () => {
    await meetBadMember({ kind: 'bad_zone', index: 3, member: 'network', value: 'satellite' }, 'network');
  });

  it('keeps a zone whose name is 1 MB long, only the name unknown, reported once', async () => {
    await meetBadMember({ kind: 'bad_zone', index: 0, member: 'name', value: 'n'.repeat(1_000_000) }, 'name');
  });

  it('refreshes now, and stops, without waiting on a cycle stuck on a silent server', async () => {
    hostile.setMode({ kind: 'silent' });
    time.firePolls();
    expect(status().refreshing).toBe(true);
    const started = Date.now();
    const refreshed = await core.invoke('poll:refresh', { profileId });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(refreshed.ok).toBe(true);
    hostile.setMode({ kind: 'pass' });
    await core.invoke('poll:refresh', { profileId });
    expect(status().lastError).toBeNull();
    hostile.setMode({ kind: 'silent' });
    time.firePolls();
    const stopping = Date.now();
    await core.stop();
    expect(Date.now() - stopping).toBeLessThan(1_000);
    expect(status().refreshing).toBe(false);
  });

  it('refuses a key entered with a base URL that redirects, says why, stores nothing, and sends the key nowhere else', async () => {
    const other = pollClock();
    const { core: fresh } = createTestCore({ clock: other.clock, http: { timeoutMs: TIMEOUT_MS, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } } });
    const redirecting = await startHostileServer(service.url);
    redirecting.setMode({ kind: 'redirect', status: 308, location: elsewhereUrl });
    try {
      await fresh.start();
      const set = await fresh.invoke('key:set', { apiKey: service.keys.admin, baseUrl: redirecting.url });
      // Refused with the reason, nothing stored: the key form stays on screen to fix the URL.
      expect(set).toEqual({
        ok: false,
        error: { kind: 'redirected', message: `The service at ${new URL(redirecting.url).host} answered with a redirect to another address (308).` },
      });
      expect(fresh.overview().accounts).toEqual([]);
      expect((value(await fresh.invoke('settings:get', undefined)) as { profiles: unknown[] }).profiles).toEqual([]);
      expect(elsewhereSeen).toEqual([]);
    } finally {
      await fresh.stop();
      await redirecting.close();
    }
  });
});
