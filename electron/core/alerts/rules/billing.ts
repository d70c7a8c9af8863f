import { formatBilled } from '../../../../shared/money';
import { type BillingEntry, billingDocumentUrl } from '../../../../shared/api/billing';
import type { EventDraft } from '../alert-input';
import { MAX_SEEN_BILLING_KEYS, type AlertMemory } from '../alert-memory';
import { formatUtc } from '../time/duration-text';
import type { OnceEvent, RuleContext } from '../rule-context';

/** docs/architecture.md › Billing history: entries are the same when type, time, total and document URL are. */
export function billingEntryKey(entry: BillingEntry): string {
  return `${entry.type}|${entry.created_on}|${entry.total_cents}|${billingDocumentUrl(entry)}`;
}

function entryEvent(entry: BillingEntry, key: string): EventDraft | null {
  if (entry.type === 'invoice') {
    return {
      rule: 'billing',
      key: `billing:invoice:${key}`,
      severity: 'info',
      title: `New invoice: ${formatBilled(entry.total_cents)}`,
      body: `Invoice${entry.name === undefined ? '' : ` "${entry.name}"`} for ${formatBilled(entry.total_cents)} was issued on ${formatUtc(Date.parse(entry.created_on))}.`,
      target: { view: 'billing' },
    };
  }
  if (entry.status === 'failed') {
    return {
      rule: 'billing',
      key: `billing:failedPayment:${key}`,
      severity: 'critical',
      title: `A payment of ${formatBilled(entry.total_cents)} failed`,
      body: `The ${formatBilled(entry.total_cents)} top-up on ${formatUtc(Date.parse(entry.created_on))} failed. Zones may be deprovisioned if the balance runs out.`,
      target: { view: 'billing' },
    };
  }
  return null;
}

/**
 * Only entries dated within this window can be news: an older one that was not seen before is
 * history the cache just filled in (a long account's back pages), not a new invoice.
 */
export const BILLING_NEWS_WINDOW_MS = 31 * 24 * 3_600_000;

function createdOnOfKey(key: string): number {
  return Date.parse(key.split('|')[1] ?? '');
}

export interface BillingOutcome {
  events: EventDraft[];
  billing: AlertMemory['billing'];
}

/**
 * New invoices and failed payments since the last look. The first history ever seen is the
 * baseline, and entries older than `BILLING_NEWS_WINDOW_MS` are never news.
 */
export function billingHistoryChanges(ctx: RuleContext): BillingOutcome {
  const entries = ctx.input.billing;
  const memory = ctx.memory.billing;
  if (entries === null) return { events: [], billing: memory };
  const since = ctx.now - BILLING_NEWS_WINDOW_MS;
  const seen = new Set(memory.seenKeys);
  const events: EventDraft[] = [];
  const added: string[] = [];
  for (const entry of entries) {
    const key = billingEntryKey(entry);
    if (seen.has(key) || Date.parse(entry.created_on) < since) continue;
    seen.add(key);
    added.push(key);
    const event = memory.baselined && ctx.settings.billing.enabled ? entryEvent(entry, key) : null;
    if (event !== null) events.push(event);
  }
  return {
    events,
    billing: {
      baselined: true,
      // Keys of entries too old to be news again can go.
      seenKeys: [...memory.seenKeys, ...added].filter((key) => !(createdOnOfKey(key) < since)).slice(-MAX_SEEN_BILLING_KEYS),
    },
  };
}

/** A pending plan downgrade or account closure (docs/api.md › Plans, trial and billing status), once per pending date. */
export function pendingBillingEvents(ctx: RuleContext): OnceEvent[] {
  const billing = ctx.input.snapshot.account.data?.billing;
  if (billing === undefined) return [];
  if (billing.status === 'pending_downgrade_plan') {
    const date = billing.pending_downgrade_plan_date ?? null;
    const plan = billing.pending_downgrade_plan_id ?? null;
    return [
      {
        draft: {
          rule: 'billing',
          key: `billing:pendingDowngrade:${plan ?? ''}:${date ?? ''}`,
          severity: 'warning',
          title: 'Plan downgrade pending',
          body:
            `Your plan is set to change${plan === null ? '' : ` to "${plan}"`}` +
            `${date === null ? ' at the end of the month' : ` on ${formatUtc(Date.parse(date))}`}.`,
          target: { view: 'plans' },
        },
      },
    ];
  }
  if (billing.status === 'pending_account_closure') {
    const date = billing.pending_account_closure_date ?? null;
    return [
      {
        draft: {
          rule: 'billing',
          key: `billing:pendingClosure:${date ?? ''}`,
          severity: 'critical',
          title: 'Account closure pending',
          body: `This account is set to close${date === null ? ' soon' : ` on ${formatUtc(Date.parse(date))}`}. Its zones stop working then.`,
          target: { view: 'account' },
        },
      },
    ];
  }
  return [];
}
