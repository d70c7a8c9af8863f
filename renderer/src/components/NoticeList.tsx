import { useState } from 'react';
import type { AppError } from '../../../shared/app-error';
import { errorText } from '../model/error-text';
import { useAccountsStore } from '../stores/accounts-store';
import { useNoticesStore } from '../stores/notices-store';

/**
 * The app-wide notices near the top of every view (docs/desktop.md › Notices): what the app did on
 * the user's behalf (a damaged file set aside, an operation interrupted), each until its Dismiss.
 */
export function NoticeList() {
  const notices = useNoticesStore((s) => s.notices);
  const accounts = useAccountsStore((s) => s.overview?.accounts);
  const [failure, setFailure] = useState<AppError | null>(null);
  if (notices.length === 0) return null;
  const labelOf = (profileId: string | null) => (profileId === null ? null : (accounts?.find((account) => account.profileId === profileId)?.label ?? null));
  return (
    <section className="notices" aria-label="Notices">
      {notices.map((notice) => {
        const label = labelOf(notice.profileId);
        const titleId = `notice-${notice.id}`;
        return (
          <div key={notice.id} className="notice notice-app" role="status" aria-labelledby={titleId}>
            <p id={titleId}>
              <strong>{label ? `${label}: ${notice.title}` : notice.title}</strong>
            </p>
            {notice.body && <p>{notice.body}</p>}
            <button
              type="button"
              aria-label={`Dismiss: ${notice.title}`}
              onClick={() =>
                void useNoticesStore
                  .getState()
                  .dismiss(notice.id)
                  .then((error) => setFailure(error))
              }
            >
              Dismiss
            </button>
          </div>
        );
      })}
      {failure && (
        <p className="field-error" role="alert">
          Could not dismiss the notice: {errorText(failure)}
        </p>
      )}
    </section>
  );
}
