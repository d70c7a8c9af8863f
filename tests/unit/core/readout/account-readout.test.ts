import { describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../../shared/accounts';
import { AccountInfo } from '../../../../shared/api/account';
import { Zone } from '../../../../shared/api/zone';
import { emptySnapshot, type Snapshot } from '../../../../shared/snapshot';
import { accountState, accountSummary, accountsOverview, needsAttention } from '../../../../electron/core/readout/account-readout';
import { presentNotification } from '../../../../electron/core/watch/account-watch';
import { sampleAccountInfo, sampleZone } from '../../../fixtures/api-samples';
import { sampleStatus, SAMPLE_UPDATED_AT } from '../../../fixtures/app-samples';

const NOW = Date.parse(SAMPLE_UPDATED_AT) + 5 * 60_000;
const profile = { id: 'p1', label: 'Client A', color: 'teal' as const, baseUrl: 'https://api.bytio.com' };

function snapshotWith(account: Record<string, unknown> | null, spendToday: number[] = []): Snapshot {
  const snapshot = emptySnapshot();
  if (account) snapshot.account = { data: AccountInfo.parse(account), fetchedAt: SAMPLE_UPDATED_AT, error: null };
  spendToday.forEach((cents, i) => {
    const zone = Zone.parse({ ...sampleZone(`ZONE${i}AB`), spend_today_cents: cents });
    snapshot.zones[zone.zone_id] = { zone, fetchedAt: SAMPLE_UPDATED_AT };
  });
  return snapshot;
}

function minimumPlan(minimumCents: number) {
  const info = sampleAccountInfo();
  return { ...info, plan: { ...info.plan, plan_id: 'growth', is_pay_as_you_go: false, minimum_monthly_spend_cents: minimumCents, prorata_minimum_monthly_spend_cents: 0 } };
}

const row = (overrides: Partial<AccountSummary>): AccountSummary => ({
  profileId: 'x',
  label: 'X',
  color: 'blue',
  demo: false,
  baseUrl: 'https://api.bytio.com',
  state: 'ok',
  stateText: 'Updated just now',
  balanceCents: null,
  spendTodayCents: null,
  spendMonthCents: null,
  planMinimumCents: null,
  burnCentsPerHour: null,
  runwayHours: null,
  zonesCounted: 0,
  zonesTotal: null,
  lastSuccessAt: null,
  attention: null,
  ...overrides,
});

describe('one account’s summary row', () => {
  it('carries the balance, spend today over its zones, the month against the plan minimum, and its colour', () => {
    const summary = accountSummary({ profile, demo: false, status: sampleStatus(), snapshot: snapshotWith(minimumPlan(50_000), [1_000, 250]), history: [], attention: null, now: NOW });
    expect(summary).toMatchObject({
      profileId: 'p1',
      label: 'Client A',
      color: 'teal',
      state: 'ok',
      stateText: 'Updated 5 min ago',
      balanceCents: 5067.891,
      spendTodayCents: 1_250,
      spendMonthCents: 12345.6,
      planMinimumCents: 50_000,
      zonesCounted: 2,
      // Without an hour of history there is no burn rate, and no runway made up from another formula.
      burnCentsPerHour: null,
      runwayHours: null,
    });
  });

  it('has no plan minimum on pay-as-you-go and no figures before the account is read', () => {
    expect(accountSummary({ profile, demo: false, status: sampleStatus(), snapshot: snapshotWith(sampleAccountInfo()), history: [], attention: null, now: NOW }).planMinimumCents).toBeNull();
    const empty = accountSummary({ profile, demo: false, status: sampleStatus({ lastSuccessAt: null }), snapshot: emptySnapshot(), history: [], attention: null, now: NOW });
    expect(empty).toMatchObject({ state: 'loading', stateText: 'No data yet', balanceCents: null, spendTodayCents: null, spendMonthCents: null });
  });

  it('says the worst of its state first: rejected, no key, offline, failing, stale, paused', () => {
    const data = snapshotWith(sampleAccountInfo());
    const state = (overrides: Parameters<typeof sampleStatus>[0]) => accountState(sampleStatus(overrides), data, NOW);
    expect(state({ auth: 'rejected', offline: true })).toEqual({ state: 'rejected', stateText: 'API key rejected — polling stopped' });
    expect(state({ poll: 'no_key', auth: 'unknown' })).toEqual({ state: 'rejected', stateText: 'No API key stored — enter one' });
    expect(state({ offline: true, consecutiveFailures: 3 })).toEqual({ state: 'offline', stateText: 'Offline — updated 5 min ago' });
    expect(state({ consecutiveFailures: 2, lastError: { kind: 'server', message: 'HTTP 500' } })).toEqual({ state: 'failing', stateText: '2 updates failed — updated 5 min ago' });
    expect(state({ stale: true })).toEqual({ state: 'stale', stateText: 'Out of date — updated 5 min ago' });
    expect(state({ poll: 'paused' })).toEqual({ state: 'paused', stateText: 'Paused — updated 5 min ago' });
  });
});

describe('all accounts', () => {
  it('totals the real accounts only, and says how many of them had figures', () => {
    const overview = accountsOverview([
      row({ profileId: 'a', balanceCents: 10_000, spendTodayCents: 500 }),
      row({ profileId: 'b', balanceCents: null, spendTodayCents: null, state: 'loading' }),
      row({ profileId: 'c', balanceCents: 2_500, spendTodayCents: 100 }),
      row({ profileId: 'demo', demo: true, balanceCents: 99_999, spendTodayCents: 9_999 }),
    ]);
    expect(overview.totals).toEqual({ balanceCents: 12_500, spendTodayCents: 600, counted: 2, real: 3 });
    expect(overview.accounts.map((account) => account.profileId)).toEqual(['a', 'b', 'c', 'demo']);
  });

  it('has no total at all, rather than a zero, when no real account has figures yet', () => {
    expect(accountsOverview([row({ demo: true, balanceCents: 5_000 })]).totals).toEqual({ balanceCents: null, spendTodayCents: null, counted: 0, real: 0 });
  });

  it('counts the accounts that need a look: a bad state or a warning not seen yet', () => {
    expect(needsAttention(row({ state: 'failing' }))).toBe(true);
    expect(needsAttention(row({ attention: 'critical' }))).toBe(true);
    expect(needsAttention(row({ attention: 'info' }))).toBe(false);
    expect(needsAttention(row({ state: 'paused' }))).toBe(false);
    expect(accountsOverview([row({ state: 'rejected' }), row({ attention: 'warning' }), row({})]).needAttention).toBe(2);
  });
});

describe('a notification of one of several accounts', () => {
  const record = {
    id: 'n1',
    at: SAMPLE_UPDATED_AT,
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
