import { type AccountReadout, updatedAgo } from '../../../shared/accounts';
import { formatBalance, formatBilled } from '../../../shared/money';
import { partialZonesText } from '../../../shared/zone-coverage';
import type { TrayModel } from './tray-model';

/** Windows cuts tray tooltips at 127 characters (NOTIFYICONDATA.szTip is 128 with the NUL). */
export const MAX_TOOLTIP_LENGTH = 127;

const accountsText = (n: number) => (n === 1 ? '1 account' : `${n} accounts`);

/** States a lone account's tooltip names after how fresh its numbers are. */
const NAMED_STATES: ReadonlySet<AccountReadout['state']> = new Set(['failing', 'offline', 'stale', 'paused']);

/**
 * Tray tooltip. One account: who, balance and spend today, and how fresh the numbers are — or,
 * without a usable key, what the user has to do. Several: the totals across the real accounts
 * (the demo is left out and said to be), how many of them the totals cover while some have no
 * figures yet, and how many accounts need a look. Nothing watched: how to start.
 */
export function trayTooltip(model: TrayModel, nowMs: number): string {
  const [only] = model.accounts;
  const lines =
    model.accounts.length === 0
      ? ['Zonewatch', 'No account yet. Open Zonewatch to add an API key or try the demo.']
      : model.accounts.length === 1 && only
        ? accountTooltipLines(only, nowMs)
        : totalsTooltipLines(model);
  const text = lines.join('\n');
  return text.length <= MAX_TOOLTIP_LENGTH ? text : `${text.slice(0, MAX_TOOLTIP_LENGTH - 1)}…`;
}

function accountTooltipLines(account: AccountReadout, nowMs: number): string[] {
  const lines = [`Zonewatch — ${account.label}${account.demo ? ' (DEMO)' : ''}`];
  if (account.state === 'no_key' || account.state === 'rejected') {
    lines.push(`${account.stateText}. Open Zonewatch to enter ${account.state === 'no_key' ? 'it' : 'a new one'}.`);
    return lines;
  }
  const { balanceCents, spendTodayCents, spendTodayCoverage } = account.figures;
  const balance = balanceCents === null ? 'Balance —' : `Balance ${formatBalance(balanceCents)}`;
  const partial = spendTodayCents === null ? null : partialZonesText(spendTodayCoverage);
  const spend = spendTodayCents === null ? 'today —' : `today ${formatBilled(spendTodayCents)}${partial ? ` ${partial}` : ''}`;
  lines.push(`${balance} · ${spend}`);
  // The stop's state goes before the freshness line, which is the first to be cut at 127 characters.
  if (account.spendStop) lines.push(account.spendStop.text);
  const fresh = updatedAgo(account.lastSuccessAt, nowMs);
  const state = NAMED_STATES.has(account.state) ? ` · ${account.stateWords}` : '';
  lines.push(`${fresh.charAt(0).toUpperCase()}${fresh.slice(1)}${state}`);
  return lines;
}

function totalsTooltipLines({ accounts, totals, app }: TrayModel): string[] {
  // The same totals as the window's "All accounts": the demo's made-up money is never added in.
  const demoApart = totals.real > 0 && totals.real < accounts.length;
  const lines = [`Zonewatch — ${accountsText(totals.real)}${demoApart ? ' + demo (not in totals)' : ''}`];
  const balance = totals.balanceCents === null ? 'Balance —' : `Balance ${formatBalance(totals.balanceCents)}`;
  const spend = totals.spendTodayCents === null ? 'today —' : `today ${formatBilled(totals.spendTodayCents)}`;
  const partial = totals.counted > 0 && totals.counted < totals.real ? ` across ${totals.counted} of ${totals.real} accounts` : '';
  lines.push(`${balance} · ${spend}${partial}`);
  const notes: string[] = [];
  if (totals.needAttention > 0) notes.push(`${totals.needAttention} ${totals.needAttention === 1 ? 'needs' : 'need'} attention`);
  // Pausing is app-wide, said once; the computer being offline is not a pause.
  if (app.paused) notes.push('polling paused');
  if (notes.length > 0) lines.push(`${notes[0]!.charAt(0).toUpperCase()}${notes.join(' · ').slice(1)}`);
  return lines;
}

/**
 * macOS shows a short title beside the icon: today's spend across the real accounts, the demo's
 * own figure while it is the only account, or nothing when there is none to show.
 */
export function trayTitle({ accounts, totals }: Pick<TrayModel, 'accounts' | 'totals'>): string {
  if (totals.real <= 1) {
    const one = accounts.find((account) => !account.demo) ?? accounts[0];
    if (!one || one.state === 'no_key' || one.state === 'rejected') return '';
    return one.figures.spendTodayCents === null ? '' : formatBilled(one.figures.spendTodayCents);
  }
  return totals.spendTodayCents === null ? '' : formatBilled(totals.spendTodayCents);
}
