import { formatBalance, formatBilled } from '../../../shared/money';
import { accountsOverview } from '../readout/account-readout';
import { stopProgress, stopProgressText } from '../../../shared/spend-stop-progress';
import { partialZonesText } from '../../../shared/zone-coverage';
import { hasNoKey, isKeyRejected } from './key-state';
import type { TrayAccount } from './tray-account';
import { trayFigures } from './tray-figures';
import { updatedAgo } from './updated-ago';

/** Windows cuts tray tooltips at 127 characters (NOTIFYICONDATA.szTip is 128 with the NUL). */
export const MAX_TOOLTIP_LENGTH = 127;

const accountsText = (n: number) => (n === 1 ? '1 account' : `${n} accounts`);

/**
 * Tray tooltip. One account: who, balance and spend today, and how fresh the numbers are — or,
 * without a usable key, what the user has to do. Several: the totals across the real accounts
 * (the demo is left out and said to be), how many of them the totals cover while some have no
 * figures yet, and how many accounts need a look. Nothing watched: how to start.
 */
export function trayTooltip(accounts: readonly TrayAccount[], nowMs: number): string {
  const [only] = accounts;
  const lines =
    accounts.length === 0 ? ['Zonewatch', 'No account yet. Open Zonewatch to add an API key or try the demo.'] : accounts.length === 1 && only ? accountTooltipLines(only, nowMs) : totalsTooltipLines(accounts);
  const text = lines.join('\n');
  return text.length <= MAX_TOOLTIP_LENGTH ? text : `${text.slice(0, MAX_TOOLTIP_LENGTH - 1)}…`;
}

function accountTooltipLines({ summary, status, snapshot, spendStop }: TrayAccount, nowMs: number): string[] {
  const lines = [`Zonewatch — ${summary.label}${summary.demo ? ' (DEMO)' : ''}`];
  if (hasNoKey(status)) {
    lines.push('No API key. Open Zonewatch to enter it again.');
  } else if (isKeyRejected(status)) {
    lines.push('The API key was rejected. Open Zonewatch to enter a new one.');
  } else {
    const { balanceCents, spendTodayCents, coverage } = trayFigures(snapshot);
    const balance = balanceCents === null ? 'Balance —' : `Balance ${formatBalance(balanceCents)}`;
    const partial = spendTodayCents === null ? null : partialZonesText(coverage);
    const spend = spendTodayCents === null ? 'today —' : `today ${formatBilled(spendTodayCents)}${partial ? ` ${partial}` : ''}`;
    lines.push(`${balance} · ${spend}`);
    // The stop's state goes before the freshness line, which is the first to be cut at 127 characters.
    if (spendStop) lines.push(stopProgressText(stopProgress(spendStop, snapshot)));
    const fresh = updatedAgo(status.lastSuccessAt, nowMs);
    const state = status.poll === 'paused' ? ' · paused' : status.offline ? ' · offline' : status.stale ? ' · stale' : '';
    lines.push(`${fresh.charAt(0).toUpperCase()}${fresh.slice(1)}${state}`);
  }
  return lines;
}

function totalsTooltipLines(accounts: readonly TrayAccount[]): string[] {
  // The same totals as the window's "All accounts": the demo's made-up money is never added in.
  const { totals, needAttention } = accountsOverview(accounts.map((account) => account.summary));
  const demoApart = totals.real > 0 && totals.real < accounts.length;
  const lines = [`Zonewatch — ${accountsText(totals.real)}${demoApart ? ' + demo (not in totals)' : ''}`];
  const balance = totals.balanceCents === null ? 'Balance —' : `Balance ${formatBalance(totals.balanceCents)}`;
  const spend = totals.spendTodayCents === null ? 'today —' : `today ${formatBilled(totals.spendTodayCents)}`;
  const partial = totals.counted > 0 && totals.counted < totals.real ? ` across ${totals.counted} of ${totals.real} accounts` : '';
  lines.push(`${balance} · ${spend}${partial}`);
  const notes: string[] = [];
  if (needAttention > 0) notes.push(`${needAttention} ${needAttention === 1 ? 'needs' : 'need'} attention`);
  // Pausing is app-wide: every poller stops together.
  if (accounts.some((account) => account.status.poll === 'paused')) notes.push('polling paused');
  if (notes.length > 0) lines.push(`${notes[0]!.charAt(0).toUpperCase()}${notes.join(' · ').slice(1)}`);
  return lines;
}

/**
 * macOS shows a short title beside the icon: today's spend across the real accounts, the demo's
 * own figure while it is the only account, or nothing when there is none to show.
 */
export function trayTitle(accounts: readonly TrayAccount[]): string {
  const real = accounts.filter((account) => !account.summary.demo);
  if (real.length <= 1) {
    const one = real[0] ?? accounts[0];
    return one ? accountTitle(one) : '';
  }
  const { spendTodayCents } = accountsOverview(real.map((account) => account.summary)).totals;
  return spendTodayCents === null ? '' : formatBilled(spendTodayCents);
}

function accountTitle({ status, snapshot }: TrayAccount): string {
  if (hasNoKey(status) || isKeyRejected(status)) return '';
  const { spendTodayCents } = trayFigures(snapshot);
  return spendTodayCents === null ? '' : formatBilled(spendTodayCents);
}
