import { describe, expect, it } from 'vitest';
import { stateLine } from '../../../../shared/accounts';
import { AccountInfo } from '../../../../shared/api/account';
import { emptySnapshot, type Snapshot } from '../../../../shared/snapshot';
import { ApiError } from '../../../../electron/core/api/error';
import { accountsOverview } from '../../../../electron/core/readout/account-readout';
import { topZones } from '../../../../electron/core/readout/top-zones';
import { presentNotification } from '../../../../electron/core/alerts/present-notification';
import { sampleAccountInfo } from '../../../fixtures/api-samples';
import { NOW, account, snapshotWith, zone } from './readout-fixtures';

const MIN = 60_000;

function withPlan(snapshot: Snapshot, minimumCents: number): Snapshot {
  const info = sampleAccountInfo();
  const data = AccountInfo.parse({ ...info, plan: { ...info.plan, plan_id: 'growth', is_pay_as_you_go: false, minimum_monthly_spend_cents: minimumCents, prorata_minimum_monthly_spend_cents: 0 } });
  data.billing.balance.amount_total_cents = 5_000;
  return { ...snapshot, account: { ...snapshot.account, data } };
}

describe('one account’s read model', () => {
  it('carries the balance, spend today over its zones, the month against the plan minimum, and its colour', () => {
    const readout = account({ label: 'Client A', snapshot: withPlan(snapshotWith([zone('A1', { spend_today_cents: 1_000 }), zone('B2', { spend_today_cents: 250 })]), 50_000) });
    expect(readout).toMatchObject({ profileId: 'p1', label: 'Client A', color: 'blue', state: 'ok', stateText: 'Up to date', stateWords: 'up to date', needsAttention: false });
    expect(readout.figures).toMatchObject({
      balanceCents: 5_000,
      spendTodayCents: 1_250,
      spendTodayCoverage: { known: 2, total: null, partial: false },
      spendMonthCents: 12345.6,
      planMinimumCents: 50_000,
      // Without an hour of history there is no burn rate, and no runway made up from another formula.
      burnCentsPerHour: null,
      runwayHours: null,
    });
    expect(stateLine(readout, NOW)).toBe('Updated 3 min ago');
  });

  it('has no plan minimum on pay-as-you-go and no figures before the account is read', () => {
    expect(account().figures.planMinimumCents).toBeNull();
    const empty = account({ poller: { lastSuccessAt: null }, snapshot: emptySnapshot() });
    expect(empty).toMatchObject({ state: 'loading', stateText: 'No data yet' });
    expect(empty.figures).toMatchObject({ balanceCents: null, spendTodayCents: null, spendMonthCents: null, monthEnd: null });
  });

  it('says the worst of its state first: rejected, no key, offline, failing, stale, paused', () => {
    const state = (options: Parameters<typeof account>[0]) => {
      const readout = account(options);
      return { state: readout.state, line: stateLine(readout, NOW) };
    };
    const down = new ApiError('network', 'down');
    expect(state({ poller: { unauthorized: true, consecutiveFailures: 1, lastError: down } })).toEqual({ state: 'rejected', line: 'API key rejected — polling stopped' });
    expect(state({ keyBackend: 'none' })).toEqual({ state: 'no_key', line: 'No API key stored' });
    expect(state({ poller: { consecutiveFailures: 3, lastError: down } })).toEqual({ state: 'offline', line: 'Offline — updated 3 min ago' });
    expect(state({ poller: { consecutiveFailures: 2, lastError: new ApiError('server', 'boom', { status: 500 }) } })).toEqual({ state: 'failing', line: '2 updates failed — updated 3 min ago' });
    expect(state({ poller: { lastSuccessAt: NOW - 10 * MIN } })).toEqual({ state: 'stale', line: 'Out of date — updated 10 min ago' });
    expect(state({ app: { paused: true } })).toEqual({ state: 'paused', line: 'Paused — updated 3 min ago' });
    expect(state({ app: { asleep: true } }).state).toBe('paused');
  });

  it('reads the computer being offline as offline, never as paused, whatever the account itself saw', () => {
    const readout = account({ app: { offline: true } });
    expect(readout).toMatchObject({ state: 'offline', stateWords: 'offline', needsAttention: true });
    // Offline comes before the user's pause: polling waits for the network either way, and that is the news.
    expect(account({ app: { offline: true, paused: true } }).state).toBe('offline');
    expect(readout.offers).toMatchObject({ refresh: true, changeBlockedBy: 'offline', stopSpend: false });
  });

  it('reads a missing key as one state, asking for the key, offering nothing that needs it', () => {
    const readout = account({ keyBackend: 'none', snapshot: snapshotWith([zone('A1', { enabled: true })]) });
    expect(readout).toMatchObject({ state: 'no_key', stateText: 'No API key stored', stateWords: 'no API key', needsAttention: true });
    expect(readout.offers).toEqual({ refresh: false, changeZones: false, changeBlockedBy: 'no_key', stopSpend: false, retryStop: false, restore: false, enterKey: true });
  });

  it('ranks top zones by spend today, an unknown spend after every known one, ties by name', () => {
    const snapshot = snapshotWith([zone('C3', { name: 'b', spend_today_cents: 5 }), zone('A1', { name: 'a', spend_today_cents: 5 }), zone('D4', { name: 'z', spend_today_cents: undefined }), zone('B2', { name: 'c', spend_today_cents: 9 })]);
    expect(topZones(snapshot).map((z) => z.zoneId)).toEqual(['B2', 'A1', 'C3', 'D4']);
    expect(account({ snapshot }).topZones.map((z) => [z.name, z.spendTodayCents])).toEqual([
      ['c', 9],
      ['a', 5],
      ['b', 5],
      ['z', null],
    ]);
  });
});

describe('all accounts', () => {
  const withFigures = (id: string, balanceCents: number, spend: number, demo = false) =>
    account({ id, label: id, demo, snapshot: snapshotWith([zone('Z1', { spend_today_cents: spend })], balanceCents) });

  it('totals the real accounts only, and says how many of them had figures', () => {
    const overview = accountsOverview([
      withFigures('a', 10_000, 500),
      account({ id: 'b', label: 'b', poller: { lastSuccessAt: null }, snapshot: emptySnapshot() }),
      withFigures('c', 2_500, 100),
      withFigures('demo', 99_999, 9_999, true),
    ]);
    expect(overview.totals).toMatchObject({ balanceCents: 12_500, spendTodayCents: 600, counted: 2, real: 3, needAttention: 0 });
    // The month end of the real accounts with figures together; the demo's is never in it.
    const ends = ['a', 'c'].map((id) => overview.accounts.find((a) => a.profileId === id)!.figures.monthEnd!);
    expect(overview.totals.monthEnd!.expectedCents).toBeCloseTo(ends[0]!.expectedCents + ends[1]!.expectedCents, 6);
    expect(overview.accounts.map((readout) => readout.profileId)).toEqual(['a', 'b', 'c', 'demo']);
  });

  it('has no total at all, rather than a zero, when no real account has figures yet', () => {
    expect(accountsOverview([withFigures('demo', 5_000, 10, true)]).totals).toMatchObject({ balanceCents: null, spendTodayCents: null, counted: 0, real: 0 });
  });

  it('counts the accounts that need a look: a bad state or a warning not seen yet', () => {
    const failing = account({ id: 'f', poller: { consecutiveFailures: 1, lastError: new ApiError('server', 'boom', { status: 500 }) } });
    expect(failing.needsAttention).toBe(true);
    expect(account({ attention: 'critical' }).needsAttention).toBe(true);
    expect(account({ attention: 'info' }).needsAttention).toBe(false);
    expect(account({ app: { paused: true } }).needsAttention).toBe(false);
    expect(accountsOverview([account({ id: 'r', keyBackend: 'none' }), account({ id: 'w', attention: 'warning' }), account({ id: 'ok' })]).totals.needAttention).toBe(2);
  });
});

describe('a notification of one of several accounts', () => {
  const record = {
    id: 'n1',
    at: new Date(NOW).toISOString(),
    title: 'Spend today passed $50',
    body: 'Across 3 zones.',
    severity: 'warning' as const,
    events: [],
    shown: true,
    suppressedBy: null,
    test: false,
    target: { view: 'overview' as const },
  };

  it('names its account and opens it', () => {
    expect(presentNotification(record, 'Client B', 'p2', true)).toMatchObject({ title: 'Client B · Spend today passed $50', target: { view: 'overview', profileId: 'p2' } });
  });

  it('keeps the plain title with one account, but still points at it', () => {
    expect(presentNotification(record, 'Client B', 'p2', false)).toMatchObject({ title: 'Spend today passed $50', target: { profileId: 'p2' } });
  });
});
