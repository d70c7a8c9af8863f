import type { DataGap, DataGapKind } from '../../../shared/status';
import type { DroppedItem, ItemGap } from '../../../shared/api/list-validation';
import type { ListRead, ListSource } from '../api/client';
import type { Logger } from '../ports';

/** One thing the client could not read, with what identifies its item. */
export type GapEntry = { kind: DataGapKind; id?: string; path: string; message: string };

const NOUNS: Record<DataGapKind, [singular: string, plural: string, verb: string]> = {
  zone: ['zone', 'zones', 'could not be read (what identifies it is unusable)'],
  zone_member: ['zone detail', 'zone details', 'unknown'],
  user: ['user', 'users', 'could not be read'],
  user_member: ['user detail', 'user details', 'unknown'],
  user_zone_id: ['zone id in the users list', 'zone ids in the users list', 'could not be read and skipped'],
  plan: ['plan', 'plans', 'could not be read'],
  billing_entry: ['billing entry', 'billing entries', 'could not be read'],
  billing_member: ['billing detail', 'billing details', 'unknown'],
};

const KIND_ORDER: readonly DataGapKind[] = ['zone', 'zone_member', 'user', 'user_member', 'user_zone_id', 'plan', 'billing_entry', 'billing_member'];

/**
 * "zones[0] of u2 is not a zone id" where the reason reads on from the member; otherwise the
 * schema's or the client's words in brackets: "total_cents of 2023-11-07T05:31:56Z (invalid input:
 * expected number, received string)".
 */
function where(entry: GapEntry): string {
  const item = entry.id === undefined ? '' : ` of ${entry.id}`;
  const member = `${entry.path || 'the item'}${item}`;
  const reason = entry.message.replace(/\.$/, '');
  if (/^(is|are|was|has) /.test(reason)) return `${member} ${reason}`;
  return `${member} (${reason.replace(/^(\p{Lu})(?!\p{Lu})/u, (letter) => letter.toLowerCase())})`;
}

/**
 * Counts per kind in plain words, e.g. "1 billing entry could not be read: created_on of …
 * (invalid input)". Pure: the same entries give the same summary, in a fixed kind order.
 */
export function summarizeGaps(entries: readonly GapEntry[]): DataGap[] {
  return KIND_ORDER.flatMap((kind) => {
    const ofKind = entries.filter((entry) => entry.kind === kind);
    if (ofKind.length === 0) return [];
    const [singular, plural, verb] = NOUNS[kind];
    const count = ofKind.length;
    const first = ofKind[0]!;
    const more = count > 1 ? ` (and ${count - 1} more)` : '';
    const isAre = kind === 'zone_member' || kind === 'user_member' || kind === 'billing_member' ? (count === 1 ? 'is ' : 'are ') : '';
    return [{ kind, count, message: `${count} ${count === 1 ? singular : plural} ${isAre}${verb}: ${where(first)}${more}.` }];
  });
}

const keyOf = (entry: GapEntry) => `${entry.kind}|${entry.id ?? ''}|${entry.path}|${entry.message}`;

/** A dropped item and the member gaps of kept items as entries of `source`'s kinds. */
export function gapEntries(source: ListSource, dropped: readonly DroppedItem[], gaps: readonly ItemGap[]): GapEntry[] {
  const droppedKind: Record<ListSource, DataGapKind> = { zones: 'zone', users: 'user', plans: 'plan', billing: 'billing_entry' };
  const memberKind: Partial<Record<ListSource, DataGapKind>> = { zones: 'zone_member', users: 'user_zone_id', billing: 'billing_member' };
  const out: GapEntry[] = dropped.map((item) => ({
    kind: droppedKind[source],
    ...(item.id === undefined ? { id: `#${item.index + 1}` } : { id: item.id }),
    path: item.path,
    message: item.message,
  }));
  const kind = memberKind[source];
  for (const gap of gaps) {
    // A user's gap is either an unknown member or one skipped id of its `zones`.
    const gapKind = source === 'users' && !gap.path.startsWith('zones[') ? 'user_member' : kind;
    if (gapKind) out.push({ kind: gapKind, id: gap.id ?? `#${gap.index + 1}`, path: gap.path, message: gap.message });
  }
  return out;
}

export interface DataGaps {
  /** Takes in one list answer: its clean items clear what was recorded for them. */
  record(read: ListRead): void;
  entries(): GapEntry[];
  clear(): void;
}

/**
 * The unreadable zones, users and plans of the latest answers, and the unknown members of kept
 * items, per item: an item that comes back clean clears its entries, so the counts say what is
 * wrong now. Unreadable billing entries live in the billing cache instead (they are counted
 * offline too). Each cause is logged once, not per poll.
 */
export function createDataGaps(logger: Pick<Logger, 'warn'>): DataGaps {
  const byItem = new Map<string, GapEntry[]>();
  const logged = new Set<string>();
  const itemKey = (source: ListSource, id: string) => `${source}:${id}`;
  return {
    record(read) {
      for (const id of read.cleanIds) byItem.delete(itemKey(read.source, id));
      const fresh = new Map<string, GapEntry[]>();
      for (const entry of gapEntries(read.source, read.dropped, read.gaps)) {
        // Unreadable billing entries are kept in the billing cache (counted offline too): they are
        // logged here but not recorded twice.
        if (entry.kind !== 'billing_entry') {
          const key = itemKey(read.source, entry.id ?? '');
          fresh.set(key, [...(fresh.get(key) ?? []), entry]);
        }
        if (!logged.has(keyOf(entry))) {
          logged.add(keyOf(entry));
          logger.warn('api: part of an answer could not be read', { kind: entry.kind, id: entry.id ?? null, path: entry.path, problem: entry.message });
        }
      }
      for (const [key, entries] of fresh) byItem.set(key, entries);
    },
    entries: () => [...byItem.values()].flat(),
    clear: () => {
      byItem.clear();
      logged.clear();
    },
  };
}
