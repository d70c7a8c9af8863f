// The reads a restart must not change beyond the spend-stop, caps and anomalies views
// (docs/development.md › The simulator): the ledger's days (the calendar and each of its last days
// opened), the month comparison, the forecast, the notices and the tray model. Read once the app
// has read each account, before the crash and after the reopen.
import type { AccountsOverview } from '../../shared/accounts';
import type { LedgerCalendar } from '../../shared/ledger';
import type { Notice } from '../../shared/notices';
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
/**
 * Whether the service answered the last read, and what that allows: a service down before the
 * crash may answer after the reopen (the fault commands' hosts come back), so these say how the
 * connection is now, not what the app kept.
 */
const CONNECTION_FIELDS = ['state', 'stateText', 'stateWords', 'problem', 'offers', 'throughputBps'];
const CYCLE_FIELDS = new Set(['lastSuccessAt', 'nextPollAt', 'refreshing', 'lastReadingAt', 'attention', 'needsAttention', 'needAttention', ...CONNECTION_FIELDS]);
function withoutCycleFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCycleFields);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !CYCLE_FIELDS.has(key)).map(([key, inner]) => [key, withoutCycleFields(inner)]));
}

/** What moves with the live spend and balance (and, reopened while a service is down, is the cached figure's). */
const MOVING_FIGURES = new Set(['spentCents', 'expectedCents', 'highCents', 'lowCents', 'spread', 'balanceCents', 'spendMonthCents', 'spendTodayCents', 'burnCentsPerHour', 'runwayHours']);
function withoutMovingFigures(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMovingFigures);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !MOVING_FIGURES.has(key)).map(([key, inner]) => [key, withoutMovingFigures(inner)]));
}

async function read(real: LifeReal, channel: string, input: unknown): Promise<unknown> {
  const result = await real.world.core().invoke(channel, input);
  return result.ok ? result.value : `error ${result.error.kind}`;
}

/** The ledger, the month comparison, the forecast, notices and the tray model, as plain values to compare. */
export async function lifeReads(real: LifeReal): Promise<Record<string, unknown>> {
  const reads: Record<string, unknown> = {};
  // Notices carry their own ids and times: a restart must keep them as they are.
  // Two kinds are not the restart's to keep: an interrupted run's notice, which the reopened app
  // raises once (the money commands count it), and a failing disk's, which that disk cannot keep.
  const notices = await read(real, 'notices:list', undefined);
  reads['notices:list'] = Array.isArray(notices) ? (notices as Notice[]).filter((notice) => !/^(journal|write-failed):/.test(notice.key)) : notices;
  // Today's row moves with every reading (the clock runs while the accounts are read again); the
  // days before it are what the ledger keeps.
  const today = new Date(real.world.clock.now()).toISOString().slice(0, 10);
  for (const [index, profileId] of real.profileIds.entries()) {
    const calendar = await read(real, 'history:calendar', { profileId });
    const kept = typeof calendar === 'object' ? { ...(calendar as LedgerCalendar), days: (calendar as LedgerCalendar).days.filter(({ day }) => day < today) } : calendar;
    reads[`history:calendar account ${index}`] = withoutCycleFields(kept);
    const days = typeof kept === 'object' ? (kept as LedgerCalendar).days.slice(-DAYS_OPENED) : [];
    for (const { day } of days) reads[`history:day ${day} account ${index}`] = await read(real, 'history:day', { profileId, day });
    reads[`history:compare account ${index}`] = await read(real, 'history:compare', { profileId });
  }
  const overview = (await read(real, 'accounts:list', undefined)) as AccountsOverview;
  // Its amounts follow the month's live spend, which goes on moving (and, reopened while a service
  // is down, is the cached figure's): the restart must keep how it is worked out and what it says.
  reads['forecast'] = withoutMovingFigures({ accounts: overview.accounts.map((account) => account.figures.monthEnd), total: overview.totals.monthEnd });
  const tray = lifeOf(real).tray.model();
  reads['tray'] = withoutMovingFigures(withoutCycleFields({ accounts: tray.accounts, totals: tray.totals, app: tray.app }));
  return reads;
}
