import type { AppError } from '../../../shared/app-error';
import { errorText } from '../model/error-text';

type Props = { error: AppError; what?: string; onRetry?: () => void };

export function ErrorNotice({ error, what, onRetry }: Props) {
  return (
    <div className="notice notice-error" role="alert">
      <p>
        {what ? `${what}: ` : ''}
        {errorText(error)}
      </p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
