import type { SpendStopOutcome, SpendStopReport } from '../../../shared/spend-stop';

const zones = (n: number) => (n === 1 ? '1 zone' : `${n} zones`);

function stillRunningText(outcomes: readonly SpendStopOutcome[]): string {
  const running = outcomes.filter((o) => o.result === 'failed' || o.result === 'not_allowed' || o.result === 'not_tried');
  if (running.length === 0) return '';
  const names = running.slice(0, 3).map((o) => o.name);
  const more = running.length > 3 ? ` and ${running.length - 3} more` : '';
  return ` ${zones(running.length)} still running: ${names.join(', ')}${more}.`;
}

/** One sentence for the report: what was done, and what is still running or still off. */
export function spendStopSummary(action: SpendStopReport['action'], outcomes: readonly SpendStopOutcome[]): string {
  const count = (result: SpendStopOutcome['result']) => outcomes.filter((o) => o.result === result).length;
  if (action === 'restore') {
    const parts = [`Turned ${zones(count('enabled'))} back on.`];
    if (count('skipped') > 0) parts.push(`${zones(count('skipped'))} already back on, left as they are.`);
    if (count('gone') > 0) parts.push(`${zones(count('gone'))} no longer there.`);
    const failed = count('failed') + count('not_tried') + count('not_allowed');
    if (failed > 0) parts.push(`${zones(failed)} could not be turned back on and ${failed === 1 ? 'is' : 'are'} still off.`);
    return parts.join(' ');
  }
  if (outcomes.length === 0) return 'No zone was running, so nothing was stopped.';
  const parts = [`Disabled ${zones(count('disabled'))}.`];
  if (count('skipped') > 0) parts.push(`${zones(count('skipped'))} already off.`);
  if (count('gone') > 0) parts.push(`${zones(count('gone'))} no longer there.`);
  return parts.join(' ') + stillRunningText(outcomes);
}
