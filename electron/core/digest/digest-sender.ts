import { z } from 'zod';
import type { Period } from '../../../shared/digest';
import type { DigestSettings, QuietHours } from '../../../shared/settings';
import { inQuietHours } from '../alerts/time/quiet-hours';
import type { Logger, Notifier } from '../ports';
import { type DocumentStoreFactory, openDocument, type SetAsideEvent } from '../storage/persistence';
import { APP_STORES } from '../storage/store-folder';
import { digestKey, dueDigests } from './digest-schedule';
import { type AccountPeriodInput, periodSummary, summaryLines } from './period-summary';

// Sends the daily and weekly digests (docs/architecture.md › Digest): one notification for all
// accounts with a line per account, each period once; the periods sent are kept in a file of their
// own, so a restart sends none twice.

/** The periods sent, newest last; enough for two months of daily and weekly digests. */
const SentDoc = z.object({ sent: z.array(z.string().max(40)).max(200) });
const KEEP = 120;

export type DigestSenderDeps = {
  factory: DocumentStoreFactory;
  /** Says that the file of digests sent was damaged and set aside (docs/architecture.md › Notices). */
  onSetAside: (event: SetAsideEvent) => void;
  logger: Logger;
  notifier: Notifier;
  now: () => number;
  settings: () => { digest: DigestSettings; quietHours: QuietHours };
  /** Every watched account's figures the summary of a period reads, in the list's order (the ledger answers asynchronously: docs/architecture.md › The daily ledger › Queries). */
  accounts: (period: Period) => Promise<AccountPeriodInput[]>;
  timeZone?: string;
  /** Sends a digest to the channels its route names; returns whether the desktop shows it (outbox/alert-channels.ts). */
  route?: (note: { id: string; route: 'digestDaily' | 'digestWeekly'; title: string; body: string }) => boolean;
};

/** Minutes a time zone is ahead of UTC at a moment; the machine's own without one. */
function offsetMinutes(ms: number, timeZone: string | undefined): number {
  if (timeZone === undefined) return -new Date(ms).getTimezoneOffset();
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).formatToParts(ms).map((p) => [p.type, p.value]));
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  return Math.round((local - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

export function createDigestSender(deps: DigestSenderDeps): { tick(): Promise<void> } {
  const doc = openDocument(deps.factory, APP_STORES.digestSent, SentDoc, () => ({ sent: [] }), deps.logger, { now: deps.now, onSetAside: deps.onSetAside });
  async function send(): Promise<void> {
    const { digest, quietHours } = deps.settings();
    if (!digest.daily && !digest.weekly) return;
    const now = deps.now();
    const sent = doc.get().sent;
    const due = dueDigests(digest, { now, offsetMinutes: (ms) => offsetMinutes(ms, deps.timeZone), quiet: (ms) => inQuietHours(quietHours, ms, deps.timeZone) }, new Set(sent));
    for (const period of due) {
      let accounts: AccountPeriodInput[];
      try {
        accounts = await deps.accounts(period);
      } catch (err) {
        // Not kept as sent: the next check tries it again.
        deps.logger.warn('digest: the daily history did not answer; the digest waits for the next check', { error: err });
        return;
      }
      if (accounts.length === 0) return;
      const summary = periodSummary(period, accounts);
      const name = period.kind === 'day' ? 'Daily' : 'Weekly';
      const span = period.from === period.to ? period.from : `${period.from} to ${period.to}`;
      const note = { id: digestKey(period), route: period.kind === 'day' ? ('digestDaily' as const) : ('digestWeekly' as const), title: `${name} summary, ${span} (UTC)`, body: summaryLines(summary).join('\n') };
      try {
        if (deps.route?.(note) ?? true) deps.notifier.show({ id: note.id, title: note.title, body: note.body, severity: 'info', target: { view: 'history', period: { kind: period.kind, from: period.from } }, action: null });
      } catch (err) {
        deps.logger.warn('digest: the notification could not be shown', { error: err });
      }
      // Kept whether or not the OS showed it: a digest is never repeated.
      doc.set({ sent: [...doc.get().sent, digestKey(period)].slice(-KEEP) });
    }
  }
  // One check at a time: a check asked for while one awaits the history joins it, so none sends a period twice.
  let running: Promise<void> | null = null;
  return {
    tick() {
      running ??= send().finally(() => (running = null));
      return running;
    },
  };
}
