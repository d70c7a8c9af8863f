import { z } from 'zod';
import { Notice } from '../../../shared/notices';
import type { NavigateTarget } from '../../../shared/notification';
import { type Clock, type Logger, type Notifier, systemNewId } from '../ports';
import type { PersistentDocument } from '../storage/persistence';

/**
 * What one event asks the user to know. `key` names the event itself (put its time or file name in
 * it): a key already shown, or shown and dismissed, is not raised again, so a restart or a second
 * reading of the same damage says nothing new, while a new damage has a new key and shows.
 */
export type NoticeInput = { key: string; profileId: string | null; title: string; body: string; notify: boolean };

export type AppNotices = {
  /** Shows the notice (persisted, and pushed to the window), and a notification when `notify`; returns whether it is new. */
  raise(input: NoticeInput): boolean;
  /** The notices showing, oldest first. */
  list(): Notice[];
  /** Takes one notice away for good; an unknown id changes nothing. Returns the notices still showing. */
  dismiss(id: string): Notice[];
};

/** Bounds, so a fault that repeats cannot grow the file without end: the oldest go first. */
export const MAX_NOTICES = 50;
export const MAX_DISMISSED_KEYS = 500;

/** The notices file: those showing, and the keys already dismissed (newest last). */
export const NoticesFile = z.object({
  showing: z.array(Notice),
  dismissed: z.array(z.string()),
});
export type NoticesFile = z.infer<typeof NoticesFile>;

export const emptyNoticesFile = (): NoticesFile => ({ showing: [], dismissed: [] });

/** Where a click on a notice's notification leads: its account's overview, or the list of accounts. */
export function noticeTarget(profileId: string | null): NavigateTarget {
  return profileId === null ? { view: 'accounts' } : { view: 'overview', profileId };
}

/** Adds the notice unless its key is showing or was dismissed; null when nothing changes. Pure. */
export function withNotice(file: NoticesFile, notice: Notice): NoticesFile | null {
  if (file.showing.some((shown) => shown.key === notice.key) || file.dismissed.includes(notice.key)) return null;
  return { ...file, showing: [...file.showing, notice].slice(-MAX_NOTICES) };
}

/** Takes the notice away and remembers its key; null when no notice has that id. Pure. */
export function withoutNotice(file: NoticesFile, id: string): NoticesFile | null {
  const notice = file.showing.find((shown) => shown.id === id);
  if (!notice) return null;
  return { showing: file.showing.filter((shown) => shown !== notice), dismissed: [...file.dismissed.filter((key) => key !== notice.key), notice.key].slice(-MAX_DISMISSED_KEYS) };
}

export type AppNoticesDeps = {
  doc: PersistentDocument<NoticesFile>;
  notifier: Notifier;
  clock: Pick<Clock, 'now'>;
  logger: Logger;
  /** The list changed: the window is told (the `notices` event). */
  publish: (notices: Notice[]) => void;
  newId?: () => string;
};

/**
 * The app-wide notices (docs/architecture.md › Notices): one place every part of the core says
 * "this happened, and this is what I did", kept in a file so a notice raised before any window
 * exists (settings are read first) or before a restart is still there until the user dismisses it.
 */
export function createAppNotices(deps: AppNoticesDeps): AppNotices {
  const { doc, logger } = deps;
  const newId = deps.newId ?? systemNewId;
  const publish = () => {
    try {
      deps.publish(doc.get().showing);
    } catch (err) {
      logger.warn('notices: publishing the list failed', { error: err });
    }
  };
  return {
    raise(input) {
      const notice = Notice.parse({ id: newId(), key: input.key, profileId: input.profileId, title: input.title, body: input.body, at: new Date(deps.clock.now()).toISOString() });
      const next = withNotice(doc.get(), notice);
      if (!next) return false;
      doc.set(next);
      logger.info('notices: raised', { key: input.key });
      publish();
      if (input.notify) {
        try {
          deps.notifier.show({ id: `notice-${notice.id}`, title: notice.title, body: notice.body, severity: 'warning', target: noticeTarget(notice.profileId), action: null });
        } catch (err) {
          logger.warn('notices: the notification could not be shown', { error: err });
        }
      }
      return true;
    },
    list: () => doc.get().showing,
    dismiss(id) {
      const next = withoutNotice(doc.get(), id);
      if (next) {
        doc.set(next);
        publish();
      }
      return doc.get().showing;
    },
  };
}
