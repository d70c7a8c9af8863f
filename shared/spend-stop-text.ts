import { zonesText } from './units';
import { formatBilled } from './money';
import type { SpendStopOutcome, SpendStopPlan, SpendStopReport } from './spend-stop';


export type StopConfirmation =
  | { kind: 'confirm'; message: string; detail: string; confirmLabel: string }
  | { kind: 'refuse'; message: string; detail: string };

/** " on Client B": which account a stop acts on, when several are watched (docs/desktop.md › The tray with several accounts). */
const onAccount = (accountLabel: string | null) => (accountLabel ? ` on ${accountLabel}` : '');

/**
 * The one confirmation before a stop (docs/architecture.md › Stop all spend): which account, how many zones and what they spent
 * today, the biggest spenders by name, and what happens to the rest. A plan that cannot run says
 * why instead. `accountLabel` names the account ("Stop all spend on Client B: …"); null leaves it
 * out, for a caller that names the account itself.
 */
export function stopConfirmation(plan: SpendStopPlan, retry = false, accountLabel: string | null = null): StopConfirmation {
  const on = onAccount(accountLabel);
  if (plan.blockedReason) return { kind: 'refuse', message: `Zonewatch cannot stop spend${on} right now.`, detail: plan.blockedReason };
  const notAllowed = plan.notAllowed.length > 0 ? ` ${zonesText(plan.notAllowed.length)} this key's role may not change ${plan.notAllowed.length === 1 ? 'keeps' : 'keep'} running.` : '';
  if (plan.zones.length === 0) {
    return { kind: 'refuse', message: `There is nothing this key can stop${on}.`, detail: `No zone it may change is running.${notAllowed}` };
  }
  const top = plan.zones.slice(0, 3).map((zone) => `${zone.name} (${zone.spendTodayCents === null ? 'spend unknown' : formatBilled(zone.spendTodayCents)})`);
  // `plan.spendTodayCents` sums the known spends only; the zones whose spend is unknown are named.
  const unknown = plan.zones.filter((zone) => zone.spendTodayCents === null).length;
  const unknownText = unknown === 0 ? '' : ` (the spend of ${zonesText(unknown)} is unknown)`;
  const more = plan.zones.length > 3 ? `, and ${plan.zones.length - 3} more` : '';
  return {
    kind: 'confirm',
    message: retry
      ? `Try again to disable the ${zonesText(plan.zones.length)} still running${on}?`
      : `Stop all spend${on}: disable ${zonesText(plan.zones.length)} that spent ${formatBilled(plan.spendTodayCents)} today${unknownText}?`,
    detail:
      `Biggest first: ${top.join(', ')}${more}. Their traffic stops at once; standing charges (reserved IPs, connections) continue.` +
      `${notAllowed} Zonewatch remembers exactly which zones it turned off, so Restore turns back on only those.`,
    confirmLabel: `Disable ${zonesText(plan.zones.length)}`,
  };
}

const LABELS: Record<SpendStopOutcome['result'], string> = {
  disabled: 'disabled',
  enabled: 'turned back on',
  failed: 'failed',
  not_allowed: 'not allowed for this role',
  gone: 'no longer there',
  skipped: 'left as it was',
  not_tried: 'not tried',
};

/** One zone's line in a report: "Scraper EU — failed: <reason>". */
export function outcomeLine(outcome: SpendStopOutcome): string {
  const reason = outcome.reason && outcome.result !== 'disabled' && outcome.result !== 'enabled' ? `: ${outcome.reason}` : '';
  return `${outcome.name} — ${LABELS[outcome.result]}${reason}`;
}

export function outcomeLabel(result: SpendStopOutcome['result']): string {
  return LABELS[result];
}

/** The report as a dialog: the account and the summary, then one line per zone, problems first. */
export function reportDialog(report: SpendStopReport, accountLabel: string | null = null): { message: string; detail: string } {
  const rank = (o: SpendStopOutcome) => (o.result === 'failed' || o.result === 'not_allowed' || o.result === 'not_tried' ? 0 : 1);
  const lines = [...report.outcomes].sort((a, b) => rank(a) - rank(b)).map(outcomeLine);
  const shown = lines.slice(0, 15);
  if (lines.length > shown.length) shown.push(`and ${lines.length - shown.length} more — the Zonewatch window lists them all.`);
  return { message: accountLabel ? `${accountLabel}: ${report.summary}` : report.summary, detail: shown.join('\n') };
}
