import { type DocumentStoreFactory, openDocument, type SetAsideEvent } from '../storage/persistence';
import { APP_STORES } from '../storage/store-folder';
import { type AppNotices, type AppNoticesDeps, createAppNotices, emptyNoticesFile, type NoticeInput, NoticesFile } from './app-notices';

/**
 * What a store holds and what its loss means, in plain words: `what` names it as the subject of a
 * sentence ("The settings"), `consequence` says what the app did and what the user should know, as
 * a sentence. `money`: a record money depends on (what Stop all spend or the caps changed), whose
 * loss is also sent as a notification.
 */
export type StoreMeaning = { what: string; consequence: string; money: boolean };

/** The notice for a file set aside (docs/architecture.md › Notices); keyed by the set-aside file, so one damage is said once. Pure. */
export function setAsideNotice(event: SetAsideEvent, profileId: string | null, meaning: StoreMeaning): NoticeInput {
  const kept = event.setAside ? `The file was set aside as ${event.setAside} and kept for a bug report (Copy diagnostics lists it).` : 'The file could not be kept.';
  return {
    key: `set-aside:${event.setAside ?? `${event.file}@${event.at}`}`,
    profileId,
    title: `${meaning.what} could not be read`,
    body: `${kept} ${meaning.consequence}`,
    notify: meaning.money,
  };
}

/** Gives each store of one account (or of the app, `profileId` null) the `onSetAside` that says it through the notices. */
export type SetAsideTeller = (meaning: StoreMeaning) => (event: SetAsideEvent) => void;

export function setAsideTeller(notices: Pick<AppNotices, 'raise'>, profileId: string | null): SetAsideTeller {
  return (meaning) => (event) => void notices.raise(setAsideNotice(event, profileId, meaning));
}

/**
 * Opens the app's notices on their own file, first of all stores so that every one opened after
 * (the settings included) can say it was set aside; the notices file's own damage is said once the
 * notices exist. Returns them and the app-wide teller.
 */
export function openAppNotices(deps: Omit<AppNoticesDeps, 'doc'> & { storeFactory: DocumentStoreFactory }): { notices: AppNotices; tell: SetAsideTeller } {
  let lost: SetAsideEvent | null = null;
  const now = () => deps.clock.now();
  const doc = openDocument(deps.storeFactory, APP_STORES.notices, NoticesFile, emptyNoticesFile, deps.logger, { now, onSetAside: (event) => (lost = event) });
  const notices = createAppNotices({ ...deps, doc });
  const tell = setAsideTeller(notices, null);
  if (lost) tell({ what: 'The list of notices', consequence: 'Notices you had not dismissed yet are gone.', money: false })(lost);
  return { notices, tell };
}
