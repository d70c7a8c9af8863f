import type { AccountSummary } from '../../../shared/accounts';

/** What the tray adds up across the real accounts; the demo's made-up money never joins a total. */
export interface TrayTotals {
  /** Sum over the real accounts whose balance is known; null when none is. */
  balanceCents: number | null;
  /** Sum over the real accounts whose spend today is known; null when none is. */
  spendTodayCents: number | null;
  /** Real accounts whose figures are in the totals (their balance is known). */
  counted: number;
  /** Real accounts watched. */
  real: number;
  /** Whether the demo is watched beside them (and so left out). */
  demoApart: boolean;
  /** Accounts, the demo included, that ask for a look (`needsAttention`). */
  needAttention: number;
}

/** States in which an account's numbers cannot be trusted as they stand, or its key must be replaced. */
const TROUBLED_STATES: ReadonlySet<AccountSummary['state']> = new Set(['rejected', 'failing', 'offline', 'stale']);

/** An account asks for a look when its key was refused, its data is failing or old, or a warning or alert is unseen. */
export function needsAttention(summary: Pick<AccountSummary, 'state' | 'attention'>): boolean {
  return TROUBLED_STATES.has(summary.state) || summary.attention === 'warning' || summary.attention === 'critical';
}

export function trayTotals(summaries: readonly AccountSummary[]): TrayTotals {
  const real = summaries.filter((summary) => !summary.demo);
  const sum = (values: (number | null)[]) => values.reduce<number | null>((total, value) => (value === null ? total : (total ?? 0) + value), null);
  return {
    balanceCents: sum(real.map((summary) => summary.balanceCents)),
    spendTodayCents: sum(real.map((summary) => summary.spendTodayCents)),
    counted: real.filter((summary) => summary.balanceCents !== null).length,
    real: real.length,
    demoApart: real.length > 0 && real.length < summaries.length,
    needAttention: summaries.filter(needsAttention).length,
  };
}
