import type { AppError } from '../../../shared/app-error';
import { errorText, type NextSteps } from '../model/error-text';

type Props = { error: AppError; what?: string; onRetry?: () => void; nextSteps?: NextSteps };

export function ErrorNotice({ error, what, onRetry, nextSteps }: Props) {
  return (
    <div className="notice notice-error" role="alert">
      <p>
        {what ? `${what}: ` : ''}
        {errorText(error, nextSteps)}
      </p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
