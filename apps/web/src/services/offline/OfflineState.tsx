import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { useT } from '../../lib/i18n';
import { useOutboxSnapshot } from './use-vote-outbox';
import './offline.css';

interface OfflineStateProps {
  /** What this page needs the network for. */
  message: string;
  action?: ReactNode;
}

/** A page's content that cannot load offline: say so, with the votes kept for later. */
export function OfflineState({ message, action }: OfflineStateProps) {
  const t = useT();
  const { pending } = useOutboxSnapshot();
  return (
    <div className="state offline-state" role="status" data-testid="offline-state">
      <span className="state__icon">
        <Icon name="offline" size={28} />
      </span>
      <p className="state__title">{t('offline.title')}</p>
      <p className="state__message">{message}</p>
      {pending > 0 ? (
        <p className="state__message" data-testid="offline-queued">
          {t('offline.queued', { count: pending })}
        </p>
      ) : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}
