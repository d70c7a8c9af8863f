// The reads a restart must not change beyond the spend-stop, caps and anomalies views
// (docs/development.md › The simulator): the ledger's days (the calendar and each of its last days
// opened), the month comparison, the forecast, the notices and the tray model. Read once the app
// has read each account, before the crash and after the reopen.
import type { AccountsOverview } from '../../shared/accounts';
import type { LedgerCalendar } from '../../shared/ledger';
import { lifeOf, type LifeReal } from './sim-life';

/** How many of the ledger's newest days are opened (`history:day`) as the History view opens them. */
const DAYS_OPENED = 3;

/**
 * What a readout says that changes with each cycle rather than with the account's data: when it
 * was read and when it is read next, whether a read is running (a restart re-reads, so these
 * move); and the unseen attention, which the app holds in memory only: a notification shown while
 * the window was closed colours the tray until the window opens or the app restarts
 * (docs/development.md › The simulator says so under what it found).
 */
const CYCLE_FIELDS = new Set(['lastSuccessAt', 'nextPollAt', 'refreshing', 'lastReadingAt', 'attention', 'needsAttention', 'needAttention']);
function withoutCycleFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCycleFields);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !CYCLE_FIELDS.has(key)).map(([key, inner]) => [key, withoutCycleFields(inner)]));
}

async function read(real: LifeReal, channel: string, input: unknown): Promise<unknown> {
  const result = await real.world.core().invoke(channel, input);
  return result.ok ? result.value : `error ${result.error.kind}`;
}

/** The ledger, the month comparison, the forecast, notices and the tray model, as plain values to compare. */
export async function lifeReads(real: LifeReal): Promise<Record<string, unknown>> {
  const reads: Record<string, unknown> = {};
  // Notices carry their own ids and times: a restart must keep them as they are.
  reads['notices:list'] = await read(real, 'notices:list', undefined);
  for (const [index, profileId] of real.profileIds.entries()) {
    const calendar = await read(real, 'history:calendar', { profileId });
    reads[`history:calendar account ${index}`] = withoutCycleFields(calendar);
    const days = typeof calendar === 'object' ? (calendar as LedgerCalendar).days.slice(-DAYS_OPENED) : [];
    for (const { day } of days) reads[`history:day ${day} account ${index}`] = await read(real, 'history:day', { profileId, day });
    reads[`history:compare account ${index}`] = await read(real, 'history:compare', { profileId });
  }
  const overview = (await read(real, 'accounts:list', undefined)) as AccountsOverview;
  reads['forecast'] = { accounts: overview.accounts.map((account) => account.figures.monthEnd), total: overview.totals.monthEnd };
  const tray = lifeOf(real).tray.model();
  reads['tray'] = withoutCycleFields({ accounts: tray.accounts, totals: tray.totals, app: tray.app });
  return reads;
}
