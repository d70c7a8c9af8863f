import { Settings } from '../../../shared/settings';
import type { SetAsideTeller } from '../notices/set-aside-notice';
import { RecentChoicesDoc } from '../palette/recent-choices';
import type { Logger } from '../ports';
import { type DocumentStoreFactory, openDocument } from '../storage/persistence';
import { APP_STORES } from '../storage/store-folder';
import { SnoozeDoc } from './app-conditions';

/**
 * The app-wide documents, each saying in a notice what was lost when its file had to be set aside
 * (docs/architecture.md › Notices); the settings are durable, like the money records
 * (docs/architecture.md › Offline).
 */
export function openAppDocuments(deps: { storeFactory: DocumentStoreFactory; logger: Logger; now: () => number; tell: SetAsideTeller }) {
  const { storeFactory, logger, now, tell } = deps;
  return {
    settings: openDocument(storeFactory, APP_STORES.settings, Settings, () => Settings.parse({}), logger, {
      now,
      onSetAside: tell({ what: 'The settings', consequence: 'Zonewatch started from its default settings and without your accounts: add them again, with their keys.', money: false }),
      durable: true,
    }),
    snooze: openDocument(storeFactory, APP_STORES.snooze, SnoozeDoc, () => ({ until: null }), logger, {
      now,
      onSetAside: tell({ what: 'The snooze of notifications', consequence: 'Notifications are no longer snoozed.', money: false }),
    }),
    paletteRecent: openDocument(storeFactory, APP_STORES.paletteRecent, RecentChoicesDoc, () => ({ choices: [] }), logger, {
      now,
      onSetAside: tell({ what: "The command palette's recent choices", consequence: 'The palette starts without them.', money: false }),
    }),
    /** A channel's outbox, the channels or the delivery log (outbox/alert-channels.ts). */
    channelsTell: tell({ what: 'A file of the alert channels', consequence: 'Alerts waiting in it for a channel, or its channels or delivery log, were lost; check Settings › Channels.', money: false }),
    /** What the digests of past periods were: one sent twice is no worse than a lost file's, so it says so plainly. */
    digestTell: tell({ what: 'The list of digests already sent', consequence: 'A digest of the latest day or week may come once more.', money: false }),
  };
}
