import { describeError, isNotAvailableYet } from '../lib/error-text';
import { useT } from '../lib/i18n';
import { Button } from './Button';
import { Icon } from './Icon';

interface ErrorStateProps {
  error: unknown;
  /** Shown as a retry button, except for calls the server says are not available yet. */
  onRetry?: () => void;
  title?: string;
}

/**
 * What went wrong, in the server's words when it gave some, and a retry. A call that is not
 * available yet (50100) is shown honestly as "coming soon", without a pointless retry.
 */
export function ErrorState({ error, onRetry, title }: ErrorStateProps) {
  const t = useT();
  const notYet = isNotAvailableYet(error);
  return (
    <div
      className={`state ${notYet ? 'state--soon' : 'state--error'}`}
      role={notYet ? 'status' : 'alert'}
      data-testid={notYet ? 'not-available-state' : 'error-state'}
    >
      <span className="state__icon">
        <Icon name={notYet ? 'clock' : 'alert'} size={28} />
      </span>
      <p className="state__title">
        {title ?? (notYet ? t('error.notAvailableTitle') : t('error.title'))}
      </p>
      <p className="state__message">{describeError(error, t)}</p>
      {onRetry && !notYet ? (
        <div className="state__action">
          <Button variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
