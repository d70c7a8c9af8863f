// Tray, summary and window show the same figures (docs/desktop.md › The tray with several accounts:
// "the tray, each account's row of All accounts and the window always say the same of an
// account"). The tray is main's, built from the core's events (sim-life.ts); the summary is what
// "All accounts" reads (`accounts:list`); the window's own figures are its zone table's, the
// snapshot it reads (`snapshot:get`). The reference sums are plain arithmetic written here.
import { expect } from 'vitest';
import type { AccountsOverview } from '../../shared/accounts';
import type { Snapshot } from '../../shared/snapshot';
import { expectNoWriteAfterRevoke, lifeOf, type LifeReal } from './sim-life';

/** What the window's zone table adds up to: today's spend over the zones that say it, and the balance. */
function windowFigures(snapshot: Snapshot): { balanceCents: number | null; spendTodayCents: number | null } {
  const spends = Object.values(snapshot.zones).flatMap((entry) => (entry.zone.spend_today_cents === undefined ? [] : [entry.zone.spend_today_cents]));
  return {
    balanceCents: snapshot.account.data?.billing.balance.amount_total_cents ?? null,
    spendTodayCents: spends.length === 0 ? null : spends.reduce((a, b) => a + b, 0),
  };
}

const sumOrNull = (values: readonly (number | null)[]) => {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
};

export async function expectSameFigures(real: LifeReal): Promise<void> {
  const core = real.world.core();
  const listed = await core.invoke('accounts:list', undefined);
  if (!listed.ok) throw new Error(`accounts:list failed: ${listed.error.message}`);
  const summary = listed.value as AccountsOverview;
  const tray = lifeOf(real).tray.model();
  expect({ accounts: tray.accounts, totals: tray.totals }, 'the tray shows what All accounts shows').toEqual(summary);

  const windows: { balanceCents: number | null; spendTodayCents: number | null }[] = [];
  for (const readout of summary.accounts) {
    const read = await core.invoke('snapshot:get', { profileId: readout.profileId });
    if (!read.ok) throw new Error(`snapshot:get failed: ${read.error.message}`);
    const figures = windowFigures((read.value as { snapshot: Snapshot }).snapshot);
    if (!readout.demo) windows.push(figures);
    expect({ balanceCents: readout.figures.balanceCents, spendTodayCents: readout.figures.spendTodayCents }, `account ${readout.label}: the summary row shows the window's figures`).toEqual(figures);
  }
  expect(
    { balanceCents: summary.totals.balanceCents, spendTodayCents: summary.totals.spendTodayCents },
    'the totals add up the accounts the window shows',
  ).toEqual({ balanceCents: sumOrNull(windows.map((w) => w.balanceCents)), spendTodayCents: sumOrNull(windows.map((w) => w.spendTodayCents)) });
}

/** After any life command: the invariants that hold whatever anyone did. */
export async function expectLifeInvariants(real: LifeReal): Promise<void> {
  expectNoWriteAfterRevoke(real.world);
  await expectSameFigures(real);
}
