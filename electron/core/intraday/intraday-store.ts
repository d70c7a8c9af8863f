import type { HistoryPoint } from '../../../shared/history';
import type { SetAsideTeller } from '../notices/set-aside-notice';
import type { Logger } from '../ports';
import { createMemoryStore, type DocumentStoreFactory, openDocument } from '../storage/persistence';
import { EMPTY_INTRADAY, encodeIntraday, IntradayFile, withZoneDetail } from './intraday-file';

export type IntradayStore = {
  /** The history read at start, with the zone samples of its last 48 hours put back. */
  restore(points: readonly HistoryPoint[]): HistoryPoint[];
  /** Writes the last 48 hours of zone samples (the caller keeps to the cache-save schedule). */
  save(points: readonly HistoryPoint[]): void;
};

export function intradayDocumentName(profileId: string): string {
  return `profile-${profileId}-intraday`;
}

/**
 * One account's per-zone intraday history on disk (docs/architecture.md › Per-zone intraday
 * history): so the per-zone spike rule and a zone's 48-hour chart work right after a restart. The
 * demo's lives in memory, as its other caches do.
 */
export function createIntradayStore(deps: { profileId: string; memory: boolean; factory: DocumentStoreFactory; now: () => number; logger: Logger; tell: SetAsideTeller }): IntradayStore {
  const factory: DocumentStoreFactory = deps.memory ? (name) => createMemoryStore(name) : deps.factory;
  const doc = openDocument(factory, intradayDocumentName(deps.profileId), IntradayFile, () => structuredClone(EMPTY_INTRADAY), deps.logger, {
    compact: true,
    now: deps.now,
    onSetAside: deps.tell({ what: 'The last 48 hours of per-zone history', consequence: 'Per-zone spike alerts need an hour of new updates.', money: false }),
  });
  return {
    restore: (points) => withZoneDetail(points, doc.get(), deps.now()),
    save(points) {
      try {
        doc.set(encodeIntraday(points, deps.now()));
      } catch (err) {
        deps.logger.error('intraday: could not save the per-zone history', { error: err });
      }
    },
  };
}
