import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLedger, ledgerDocumentName } from '../../../../electron/core/ledger/ledger-store';
import type { DayCosts, ZoneReading } from '../../../../electron/core/ledger/ledger-model';
import { dayCostsOf } from '../../../../electron/core/ledger/readings';
import { confStoreFactory } from '../../../../electron/core/storage/persistence';
import { sampleZoneCost } from '../../../fixtures/api-samples';

const HOUR = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zw-ledger-costs-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const ledgerAt = (clock: { now: number }) => createLedger({ profileId: 'p1', memory: false, factory: confStoreFactory(dir), now: () => clock.now, logger: silent, tell: () => () => undefined });

/** Readings of one zone every 6 hours spending 10 ¢ an hour; `connectionsAt` says the billed connections at each. */
function run(ledger: ReturnType<typeof createLedger>, clock: { now: number }, from: number, to: number, connectionsAt: ((t: number) => number) | null) {
  const monthStart = (t: number) => Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), 1);
  for (let t = from + 17 * 60_000; t < to; t += 6 * HOUR) {
    clock.now = t;
    const today = ((t % 86_400_000) / HOUR) * 10;
    const month = ((t - monthStart(t)) / HOUR) * 10;
    const reading: ZoneReading = { zoneId: 'AAA1', name: 'Zone A', at: t, spendToday: today, spendMonth: month, usageToday: 0, usageMonth: 0 };
    if (connectionsAt) reading.costs = dayCostsOf({ ...sampleZoneCost(), per_connection_count: connectionsAt(t), per_connection_cents_monthly_total: connectionsAt(t) * 300 });
    ledger.recordReadings([reading]);
  }
}

const costsOn = (ledger: ReturnType<typeof createLedger>, month: string, dom: number): DayCosts | null | undefined =>
  ledger.months().find((m) => m.month === month)?.zones[0]?.days.find((d) => d.dom === dom)?.costs;

describe("the ledger's daily cost breakdown", () => {
  it("keeps each day's cost members as its last reading had them, across a restart and the month's close", () => {
    const clock = { now: Date.parse('2026-11-26T00:00:00Z') };
    const ledger = ledgerAt(clock);
    // Five billed connections, raised to 40 at noon on the 28th.
    const raised = Date.parse('2026-11-28T12:00:00Z');
    run(ledger, clock, Date.parse('2026-11-26T00:00:00Z'), Date.parse('2026-11-30T00:00:00Z'), (t) => (t < raised ? 5 : 40));
    ledger.save();
    const exclusivity = sampleZoneCost().exclusivity_per_domain_cents_monthly_total;
    expect(costsOn(ledger, '2026-11', 27)).toEqual([60, 5, 1500, 10, 1500 + exclusivity]);
    expect(costsOn(ledger, '2026-11', 28)).toEqual([60, 40, 12000, 10, 1500 + exclusivity]);
    // A restart reads back the open month's file.
    expect(costsOn(ledgerAt(clock), '2026-11', 28)).toEqual([60, 40, 12000, 10, 1500 + exclusivity]);
    // December's readings close November into its own file, breakdown and all.
    run(ledger, clock, Date.parse('2026-11-30T00:00:00Z'), Date.parse('2026-12-02T00:00:00Z'), () => 40);
    ledger.save();
    expect(fs.readFileSync(path.join(dir, `${ledgerDocumentName('p1', '2026-11')}.json`), 'utf8')).toContain('"k":{"g":');
    const reopened = ledgerAt(clock);
    expect(costsOn(reopened, '2026-11', 27)).toEqual([60, 5, 1500, 10, 1500 + exclusivity]);
    expect(costsOn(reopened, '2026-11', 28)).toEqual([60, 40, 12000, 10, 1500 + exclusivity]);
  });

  it('reads a file written before the breakdown was kept: its days say none was kept, and later days keep theirs', () => {
    const clock = { now: Date.parse('2026-11-26T00:00:00Z') };
    const older = ledgerAt(clock);
    run(older, clock, Date.parse('2026-11-26T00:00:00Z'), Date.parse('2026-11-28T00:00:00Z'), null);
    older.save();
    const reopened = ledgerAt(clock);
    expect(costsOn(reopened, '2026-11', 26)).toBeUndefined();
    run(reopened, clock, Date.parse('2026-11-28T00:00:00Z'), Date.parse('2026-11-30T00:00:00Z'), () => 5);
    expect(costsOn(reopened, '2026-11', 27)).toBeUndefined();
    expect(costsOn(reopened, '2026-11', 28)?.[1]).toBe(5);
  });

  it('keeps no breakdown when a member it needs is unknown', () => {
    const { per_connection_count: _unknown, ...cost } = sampleZoneCost();
    expect(dayCostsOf(cost)).toBeNull();
  });
});
