import { formatBalance } from '../../../../shared/money';
import type { AccountInfo } from '../../../../shared/api/account';
import { formatHours, formatUtc } from '../time/duration-text';
import { HOUR_MS } from '../../../../shared/burn-rate';
import type { Condition } from '../latch';
import type { OnceEvent, RuleContext } from '../rule-context';

/** A balance re-arms the low-balance alert only 10 % (at least $1) above the threshold, so a balance hovering at it says so once. */
export function lowBalanceRearmCents(thresholdCents: number): number {
  return thresholdCents + Math.max(thresholdCents * 0.1, 100);
}

/** Runway re-arms at 125 % of the hours, since the burn rate it divides by wobbles from cycle to cycle. */
const RUNWAY_REARM_RATIO = 1.25;

function trialNote(account: AccountInfo): string {
  const trial = account.billing.balance.trial_amount_cents;
  return trial !== null && trial > 0 ? ` (${formatBalance(trial)} of it trial credit)` : '';
}

export function lowBalanceCondition(ctx: RuleContext): Condition | null {
  const account = ctx.input.snapshot.account.data;
  if (account === null) return null;
  const threshold = ctx.settings.lowBalance.thresholdCents;
  const balance = account.billing.balance.amount_total_cents;
  return {
    id: `lowBalance:${threshold}`,
    rule: 'lowBalance',
    sustain: 1,
    rearmAfter: 1,
    state: balance < threshold ? 'on' : balance >= lowBalanceRearmCents(threshold) ? 'off' : 'between',
    fire: (key) => ({
      rule: 'lowBalance',
      key,
      severity: balance <= 0 ? 'critical' : 'warning',
      title: balance <= 0 ? `Balance is used up: ${formatBalance(balance)}` : `Balance is low: ${formatBalance(balance)}`,
      body:
        `Your balance is ${formatBalance(balance)}${trialNote(account)}, below your ${formatBalance(threshold)} alert.` +
        ' Top up to keep zones running.',
      target: { view: 'account' },
    }),
  };
}

export function runwayCondition(ctx: RuleContext): Condition | null {
  const { snapshot, figures } = ctx.input;
  if (snapshot.account.data === null) return null;
  // The read model's forecast; with a burn rate but no runway nothing is being spent, so the balance lasts.
  const rate = figures.burnCentsPerHour;
  if (rate === null) return null;
  const runway = figures.runwayHours ?? Number.POSITIVE_INFINITY;
  const hours = ctx.settings.runway.hours;
  return {
    id: `runway:${hours}`,
    rule: 'runway',
    sustain: 1,
    rearmAfter: 1,
    state: runway < hours ? 'on' : runway >= hours * RUNWAY_REARM_RATIO ? 'off' : 'between',
    fire: (key) => ({
      rule: 'runway',
      key,
      severity: runway < Math.min(hours, 6) ? 'critical' : 'warning',
      title: runway <= 0 ? 'Balance has run out' : `Balance lasts ${formatHours(runway)}`,
      body:
        `At the current ${formatBalance(rate)} per hour, your ${formatBalance(figures.balanceCents ?? 0)} balance ` +
        (runway <= 0 ? 'is already used up.' : `runs out in ${formatHours(runway)}, around ${formatUtc(ctx.now + runway * HOUR_MS)}.`),
      target: { view: 'account' },
    }),
  };
}

export function trialExpiryEvents(ctx: RuleContext): OnceEvent[] {
  const balance = ctx.input.snapshot.account.data?.billing.balance;
  const trial = balance?.trial_amount_cents ?? null;
  const expiresOn = balance?.trial_expires_on ?? null;
  if (trial === null || trial <= 0 || expiresOn === null) return [];
  const expiresAt = Date.parse(expiresOn);
  const left = (expiresAt - ctx.now) / HOUR_MS;
  if (left <= 0 || left > ctx.settings.trialExpiry.hoursBefore) return [];
  return [
    {
      draft: {
        rule: 'trialExpiry',
        key: `trialExpiry:${expiresOn}`,
        severity: 'info',
        title: `Trial credit expires in ${formatHours(left)}`,
        body: `${formatBalance(trial)} of trial credit expires on ${formatUtc(expiresAt)}. Top up to keep zones running after that.`,
        target: { view: 'account' },
      },
    },
  ];
}
