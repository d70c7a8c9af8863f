import type { AccountFigures } from '../../../shared/accounts';
import type { AccountCapRule, AccountCapState } from '../../../shared/caps';
import type { Snapshot } from '../../../shared/snapshot';
import type { EventDraft } from '../alerts/alert-input';
import type { Clock, Logger } from '../ports';
import type { SpendStop } from '../spend-stop/spend-stop';
import { accountCapDecision, withRule } from './account-cap';

export type AccountCapGuardDeps = {
  doc: { get(): AccountCapState; set(state: AccountCapState): void };
  spendStop: Pick<SpendStop, 'stop' | 'restore' | 'record'>;
  /** Tells the person at once, outside the cycle's grouping (alerts/alert-center.ts › announce). */
  announce: (event: EventDraft) => void;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
  onChange: () => void;
};

/**
 * The account cap Zonewatch enforces (docs/desktop.md › Caps › Account cap): after each poll cycle,
 * stops all spend once per period when the figures fetched in it pass the cap, and restores when
 * the next period begins if the person chose so. One stop or restore at a time.
 */
export function createAccountCapGuard(deps: AccountCapGuardDeps) {
  const runStartedAt = deps.clock.now();
  let acting: Promise<void> | null = null;

  function act(kind: 'stop' | 'restore', text: string, key: string): Promise<void> {
    const run = kind === 'stop' ? deps.spendStop.stop(false) : deps.spendStop.restore();
    return run.then(
      (report) => {
        deps.logger.info('account cap: acted', { kind, results: report.outcomes.map((o) => o.result) });
        deps.announce({
          rule: 'accountCap',
          key,
          severity: kind === 'stop' ? 'critical' : 'info',
          title: kind === 'stop' ? 'Account cap reached: spend stopped' : 'Account cap: zones restored',
          body: `${text} ${report.summary}`,
          target: { view: 'zones' },
        });
      },
      (err: unknown) => {
        const reason = err instanceof Error ? err.message : String(err);
        deps.logger.warn('account cap: could not act', { kind, reason });
        deps.announce({ rule: 'accountCap', key: `${key}:failed`, severity: 'critical', title: `Account cap: could not ${kind === 'stop' ? 'stop spend' : 'restore'}`, body: `${text} ${reason}`, target: { view: 'zones' } });
      },
    );
  }

  return {
    state: (): AccountCapState => deps.doc.get(),
    setRule(rule: AccountCapRule | null): AccountCapState {
      const next = withRule(deps.doc.get(), rule);
      deps.doc.set(next);
      deps.onChange();
      return next;
    },
    /** After a poll cycle, with the account's snapshot and its figures as its read model has them. */
    afterCycle(snapshot: Snapshot, figures: AccountFigures): void {
      if (acting) return;
      const parse = (at: string | null) => (at === null ? null : Date.parse(at));
      const { decision, state } = accountCapDecision({
        state: deps.doc.get(),
        spendTodayCents: figures.spendTodayCents,
        spendMonthCents: figures.spendMonthCents,
        zonesFetchedAt: parse(snapshot.zonesFetch.fetchedAt),
        accountFetchedAt: parse(snapshot.account.fetchedAt),
        runStartedAt,
        stopHeld: deps.spendStop.record() !== null,
        now: deps.clock.now(),
      });
      if (state !== deps.doc.get()) deps.doc.set(state);
      if (decision === null) return;
      const key = `accountCap:${decision.kind}:${state.last?.at ?? ''}`;
      acting = act(decision.kind, decision.text, key).finally(() => {
        acting = null;
        deps.onChange();
      });
    },
    /** Resolves when a stop or restore it started has ended (tests, quitting). */
    settled: (): Promise<void> => acting ?? Promise.resolve(),
  };
}

export type AccountCapGuard = ReturnType<typeof createAccountCapGuard>;
