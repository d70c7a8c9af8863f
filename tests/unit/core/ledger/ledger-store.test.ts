import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Zone } from '../../../../shared/api/zone';
import { createLedger, ledgerDocumentName, ledgerDocumentNames } from '../../../../electron/core/ledger/ledger-store';
import type { DerivedMonth, ZoneReading } from '../../../../electron/core/ledger/ledger-model';
import { SnapshotStore } from '../../../../electron/core/data/snapshot-store';
import { confStoreFactory } from '../../../../electron/core/storage/persistence';
import type { NoticeInput } from '../../../../electron/core/notices/app-notices';
import { setAsideTeller } from '../../../../electron/core/notices/set-aside-notice';
import { sampleInfo, sampleZone } from '../../../fixtures/api-samples';
import { syntheticZone } from './synthetic-zone';
import { failingDisk } from '../../../integration/core/failing-disk';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-ledger-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const zones = [syntheticZone('AAA1', () => 40), syntheticZone('BBB2', (hour) => (new Date(hour).getUTCHours() < 12 ? 5 : 25))];

/** The snapshot a poll cycle would leave, its zones fetched at `at` with the synthetic figures. */
function snapshotAt(at: number) {
  const store = new SnapshotStore();
  const readings: ZoneReading[] = zones.map((zone) => zone.readingAt(at));
  store.zonesFetched({
    zones: readings.map((r) =>
      Zone.parse({ ...sampleZone(r.zoneId), name: r.name, spend_today_cents: r.spendToday, spend_this_month_cents: r.spendMonth, usage_today_bytes: r.usageToday, usage_this_month_bytes: r.usageMonth }),
    ),
    removedIds: [],
    info: sampleInfo(),
    error: null,
    at: new Date(at).toISOString(),
  });
  return store.get();
}

/** What the ledgers of a test said through the app's notices. */
let said: NoticeInput[] = [];
beforeEach(() => {
  said = [];
});

function ledgerAt(clock: { now: number }, memory = false, factory = confStoreFactory(dir)) {
  const tell = setAsideTeller({ raise: (notice) => (said.push(notice), true) }, 'p1');
  return createLedger({ profileId: 'p1', memory, factory, now: () => clock.now, logger: silent, tell });
}

/** Readings every 6 hours (and 17 minutes) from `from` to `to`. */
function run(ledger: ReturnType<typeof createLedger>, clock: { now: number }, from: number, to: number) {
  for (let t = from + 17 * 60_000; t < to; t += 6 * HOUR) {
    clock.now = t;
    ledger.record(snapshotAt(t));
  }
}

const closedFile = (month: string) => path.join(dir, `${ledgerDocumentName('p1', month)}.json`);

describe('the ledger store', () => {
  it('closes a month when the next begins, writes it once, compact, and carries its zones on from the 1st', () => {
    const clock = { now: Date.parse('2026-11-20T00:00:00Z') };
    const ledger = ledgerAt(clock);
    run(ledger, clock, Date.parse('2026-11-20T00:00:00Z'), Date.parse('2026-12-03T00:00:00Z'));
    ledger.save();
    const written = fs.readFileSync(closedFile('2026-11'), 'utf8');
    expect(written).not.toMatch(/\n/);
    run(ledger, clock, Date.parse('2026-12-03T00:00:00Z'), Date.parse('2026-12-06T00:00:00Z'));
    ledger.save();
    expect(fs.readFileSync(closedFile('2026-11'), 'utf8')).toBe(written);

    const [november, december] = ledger.months();
    expect(november).toMatchObject({ month: '2026-11', closed: true });
    expect(december).toMatchObject({ month: '2026-12', closed: false });
    const nov = november!.zones.find((z) => z.zoneId === 'AAA1')!;
    expect(nov.days[0]!.dom).toBe(20);
    expect(nov.days.find((d) => d.dom === 25)).toMatchObject({ coverage: 'exact', spend: expect.closeTo(40 * 24, 6) });
    // The 30th's end is never read: estimated at the zone's pace, ten days held being no usual yet (exactly right for a steady zone).
    expect(nov.days.at(-1)).toMatchObject({ dom: 30, coverage: 'estimated', spend: expect.closeTo(40 * 24, 6) });
    const dec = december!.zones.find((z) => z.zoneId === 'BBB2')!;
    expect(dec.days.map((d) => [d.dom, d.coverage])).toEqual([[1, 'exact'], [2, 'exact'], [3, 'exact'], [4, 'exact'], [5, 'partial']]);
    expect(dec.days[0]!.spend).toBeCloseTo(zones[1]!.daySpend('2026-12-01'), 6);
  });

  it('reads the same days back after a restart', () => {
    const clock = { now: Date.parse('2026-11-20T00:00:00Z') };
    const ledger = ledgerAt(clock);
    run(ledger, clock, Date.parse('2026-11-20T00:00:00Z'), Date.parse('2026-12-04T00:00:00Z'));
    ledger.save();
    expect(ledgerAt(clock).months()).toEqual(ledger.months());
    expect(ledgerAt(clock).lastReadingAt()).toBe(ledger.lastReadingAt());
  });

  // docs/architecture.md › Offline: a closed month's file is written until it lands, and until then
  // the open month's file keeps the month it closes.
  for (const code of ['ENOSPC', 'EIO'] as const) {
    it(`keeps a month whose closed file the disk refused (${code}), writes it once the disk takes writes, and has its exact days after a restart`, () => {
      const clock = { now: Date.parse('2026-11-20T00:00:00Z') };
      const disk = failingDisk(dir);
      const ledger = ledgerAt(clock, false, disk.factory);
      run(ledger, clock, Date.parse('2026-11-20T00:00:00Z'), Date.parse('2026-12-01T00:00:00Z'));
      ledger.save();
      disk.fail(code, (name) => name === ledgerDocumentName('p1', '2026-11'));
      run(ledger, clock, Date.parse('2026-12-01T00:00:00Z'), Date.parse('2026-12-02T00:00:00Z'));
      ledger.save();
      expect(fs.existsSync(closedFile('2026-11'))).toBe(false);
      const november = ledger.months()[0]!;
      expect(november).toMatchObject({ month: '2026-11', closed: true });
      const exact = (month: DerivedMonth) => month.zones.map((zone) => ({ zoneId: zone.zoneId, days: zone.days.filter((day) => day.coverage === 'exact') }));
      // November 20–29 are exact for both zones; the 30th's last hours are estimated.
      expect(exact(november).flatMap((zone) => zone.days)).toHaveLength(2 * 10);
      // A restart while the file is still refused: the open month's file still holds November.
      expect(exact(ledgerAt(clock, false, disk.factory).months()[0]!)).toEqual(exact(november));

      disk.heal();
      run(ledger, clock, Date.parse('2026-12-02T00:00:00Z'), Date.parse('2026-12-03T00:00:00Z'));
      ledger.save();
      expect(fs.existsSync(closedFile('2026-11'))).toBe(true);
      const again = ledgerAt(clock);
      expect(exact(again.months()[0]!)).toEqual(exact(november));
      expect(again.months()).toEqual(ledger.months());
    });
  }

  it('keeps the open month and the twelve before it, erasing older months from disk', () => {
    const clock = { now: Date.UTC(2025, 9, 10) };
    const ledger = ledgerAt(clock);
    for (let month = 0; month < 15; month += 1) {
      const start = Date.UTC(2025, 9 + month, 10);
      run(ledger, clock, start, start + 2 * DAY);
    }
    ledger.save();
    const held = ledger.months().map((m) => m.month);
    expect(held).toHaveLength(13);
    expect(held[0]).toBe('2025-12');
    expect(held.at(-1)).toBe('2026-12');
    expect(fs.existsSync(closedFile('2025-10'))).toBe(false);
    expect(fs.existsSync(closedFile('2025-11'))).toBe(false);
    expect(fs.existsSync(closedFile('2025-12'))).toBe(true);
    expect(ledgerAt(clock).months().map((m) => m.month)).toEqual(held);
    expect(ledgerDocumentNames(confStoreFactory(dir), 'p1')).toHaveLength(13);
  });

  it('sets a truncated or corrupt month aside with a notice and still starts, with every other month', () => {
    const clock = { now: Date.parse('2026-10-20T00:00:00Z') };
    const ledger = ledgerAt(clock);
    run(ledger, clock, Date.parse('2026-10-20T00:00:00Z'), Date.parse('2026-12-04T00:00:00Z'));
    ledger.save();
    fs.writeFileSync(closedFile('2026-10'), fs.readFileSync(closedFile('2026-10'), 'utf8').slice(0, 40));
    fs.writeFileSync(path.join(dir, `${ledgerDocumentName('p1')}.json`), '{"data":{"v":1,"month":"2026-12","zones":{"AAA1":{"n":1}}}}');
    const restarted = ledgerAt(clock);
    expect(restarted.months().map((m) => m.month)).toEqual(['2026-11', '2026-12']);
    expect(said.map(({ title, body, profileId, notify }) => ({ title, body, profileId, notify }))).toEqual([
      { title: "This month's daily history could not be read", body: expect.stringMatching(/^The file was set aside as profile-p1-ledger\.json\.corrupt-.*\. The ledger starts again from the next update\.$/), profileId: 'p1', notify: false },
      { title: 'The daily history of October 2026 could not be read', body: expect.stringMatching(/^The file was set aside as profile-p1-ledger-2026-10\.json\.corrupt-.*\. Its days are missing\.$/), profileId: 'p1', notify: false },
    ]);
    expect(ledgerDocumentNames(confStoreFactory(dir), 'p1')).toContain(ledgerDocumentName('p1', '2026-10'));
  });

  it('takes the demo service’s own record as exact days, in memory only, and continues it from the first reading', () => {
    const clock = { now: Date.parse('2026-11-18T10:00:00Z') };
    const ledger = ledgerAt(clock, true);
    const days = zones.flatMap((zone) =>
      Array.from({ length: 40 }, (_, i) => {
        const day = new Date(Date.parse('2026-10-09T00:00:00Z') + i * DAY).toISOString().slice(0, 10);
        return { zoneId: zone.zoneId, name: `Zone ${zone.zoneId}`, day, spendCents: zone.daySpend(day), usageBytes: 1000 };
      }),
    );
    ledger.backfill(days);
    ledger.record(snapshotAt(clock.now));
    const [october, november] = ledger.months();
    expect(october!.zones[0]!.days[0]).toMatchObject({ dom: 9, coverage: 'exact' });
    const nov = november!.zones.find((z) => z.zoneId === 'BBB2')!;
    expect(nov.days.map((d) => d.coverage)).toEqual([...Array(17).fill('exact'), 'partial']);
    expect(nov.days[16]!.spend).toBeCloseTo(zones[1]!.daySpend('2026-11-17'), 9);
    ledger.save();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

// Month and year edges: a month closes with every one of its days, however many it has, and the
// next starts on its 1st, also across a year's end and February 29th.
describe.each([
  { month: '2027-01', days: 31, next: '2027-02' },
  { month: '2027-02', days: 28, next: '2027-03' },
  { month: '2028-02', days: 29, next: '2028-03' },
  { month: '2026-12', days: 31, next: '2027-01' },
  { month: '2026-04', days: 30, next: '2026-05' },
])('the ledger across the end of $month', ({ month, days, next }) => {
  it(`closes it with its ${days} days, the last one estimated only after its last reading, and opens ${next} on its 1st`, () => {
    const start = Date.parse(`${month}-${days - 3}T00:00:00Z`);
    const clock = { now: start };
    const ledger = ledgerAt(clock);
    run(ledger, clock, start, Date.parse(`${next}-04T00:00:00Z`));
    ledger.save();
    const [closed, open] = ledgerAt(clock).months();
    expect(closed).toMatchObject({ month, closed: true });
    expect(open).toMatchObject({ month: next, closed: false });
    const steady = closed!.zones.find((z) => z.zoneId === 'AAA1')!;
    expect(steady.days.map((d) => d.dom)).toEqual([days - 3, days - 2, days - 1, days]);
    // A steady zone's days are $9.60 whether read or estimated.
    for (const day of steady.days) expect(day.spend).toBeCloseTo(40 * 24, 6);
    expect(steady.days.map((d) => d.coverage)).toEqual(['exact', 'exact', 'exact', 'estimated']);
    const uneven = open!.zones.find((z) => z.zoneId === 'BBB2')!;
    // The 3rd is still going: its last reading is the day so far.
    expect(uneven.days.map((d) => [d.dom, d.coverage])).toEqual([[1, 'exact'], [2, 'exact'], [3, 'partial']]);
    expect(uneven.days[0]!.spend).toBeCloseTo(zones[1]!.daySpend(`${next}-01`), 6);
  });
});
