import { APP_STORES } from '../storage/store-folder';
import type { WriteWatch } from '../storage/watched-writes';
import { errorCode, writeFailureCause } from '../storage/write-failure';
import type { AppNotices, NoticeInput } from './app-notices';

/** The notice of a data folder that refused a write: what is refused meanwhile and what brings it back. Pure. */
export function writeFailureNotice(code: string | null, at: string): NoticeInput {
  return {
    key: `write-failed:${at}`,
    profileId: null,
    title: 'Zonewatch cannot save to its data folder',
    body:
      `Zonewatch could not write to its data folder — ${writeFailureCause({ code })}. Until it can, Stop all spend, Restore and caps changes ` +
      'are refused before they change anything, and settings you change are not saved. Changes already written stay on disk. ' +
      'Once the folder can be written again, the next action works without a restart.',
    notify: true,
  };
}

/**
 * Says once, as an app-wide notice, that the data folder refuses writes (docs/architecture.md ›
 * Notices): a failure while no store is failing opens an episode and raises its notice; the episode
 * ends once every store that failed in it has written again, so a later failure is news again.
 */
export function writeFailureTeller(notices: Pick<AppNotices, 'raise'>, now: () => number): WriteWatch {
  const failing = new Set<string>();
  return {
    failed(store, error) {
      // The notice's own file fails on the same disk as it is raised: it neither raises nor holds the episode open.
      if (store === APP_STORES.notices) return;
      const opens = failing.size === 0;
      failing.add(store);
      if (opens) notices.raise(writeFailureNotice(errorCode(error), new Date(now()).toISOString()));
    },
    written(store) {
      failing.delete(store);
    },
  };
}
