import type { AccountFigures } from '../../../shared/accounts';
import type { AccountCapRule, AccountCapState } from '../../../shared/caps';
import type { Snapshot } from '../../../shared/snapshot';
import type { EventDraft } from '../alerts/alert-input';
import { JournalUnwritable } from '../journal/journal';
import type { Clock, Logger } from '../ports';
import { NOTHING_CHANGED, writeFailureOf, writeFailureSentence } from '../storage/write-failure';
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
  /** Said that the data folder refused what the cap had to write; said again only after a run that could act. */
  let toldUnwritten = false;

  /**
   * The stop or restore could not be written ahead (docs/architecture.md › Write ahead, then act):
   * nothing was sent, the decision is tried again after the next cycle, and the person hears it once.
   */
  function refused(kind: 'stop' | 'restore', message: string): void {
    deps.logger.warn('account cap: the data folder refused its write; tries again after the next update', { kind });
    if (toldUnwritten) return;
    toldUnwritten = true;
    const title = `Account cap: could not ${kind === 'stop' ? 'stop spend' : 'restore'}`;
    deps.announce({ rule: 'accountCap', key: `accountCap:${kind}:unwritten:${deps.clock.now()}`, severity: 'critical', title, body: `${message} Zonewatch tries again after each update until it can.`, target: { view: 'zones' } });
  }

  function act(kind: 'stop' | 'restore', text: string, key: string, before: AccountCapState): Promise<void> {
    const run = kind === 'stop' ? deps.spendStop.stop(false) : deps.spendStop.restore();
    return run.then(
      (report) => {
        toldUnwritten = false;
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
        if (err instanceof JournalUnwritable) {
          // Its state said it acted: put back the one from before, so the next cycle decides again.
          try {
            deps.doc.set(before);
          } catch (again) {
            deps.logger.error('account cap: could not put back its state after a refused run', { kind, error: again });
          }
          return refused(kind, reason);
        }
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
      const before = deps.doc.get();
      if (state !== before) {
        try {
          deps.doc.set(state);
        } catch (err) {
          const failure = writeFailureOf(err);
          if (failure === null || decision === null) throw err;
          return refused(decision.kind, writeFailureSentence(failure, NOTHING_CHANGED));
        }
      }
      if (decision === null) return;
      const key = `accountCap:${decision.kind}:${state.last?.at ?? ''}`;
      acting = act(decision.kind, decision.text, key, before).finally(() => {
        acting = null;
        deps.onChange();
      });
    },
    /** Resolves when a stop or restore it started has ended (tests, quitting). */
    settled: (): Promise<void> => acting ?? Promise.resolve(),
  };
}

export type AccountCapGuard = ReturnType<typeof createAccountCapGuard>;
