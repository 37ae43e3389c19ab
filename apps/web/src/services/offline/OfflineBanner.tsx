import { Icon } from '../../components/Icon';
import { useT } from '../../lib/i18n';
import { useOnline } from '../../lib/online-status';
import { useOutboxSnapshot } from './use-vote-outbox';
import './offline.css';

/**
 * The shell's offline state, on every page: what still works while the connection is gone, and
 * the votes still waiting to be sent (online too, until the last one is answered).
 */
export function OfflineBanner() {
  const t = useT();
  const online = useOnline();
  const { pending } = useOutboxSnapshot();
  if (online && pending === 0) return null;
  let message: string;
  if (!online) {
    message = pending > 0 ? t('offline.bannerQueued', { count: pending }) : t('offline.bannerText');
  } else {
    message = t('offline.sending', { count: pending });
  }
  return (
    <div
      className={`offline-banner ${online ? 'offline-banner--sending' : ''}`}
      role="status"
      data-testid="offline-banner"
      data-online={online ? 'true' : 'false'}
      data-pending={pending}
    >
      <Icon name={online ? 'clock' : 'offline'} size={18} />
      <p className="offline-banner__text">
        {online ? null : <strong>{t('offline.bannerTitle')}</strong>} {message}
      </p>
    </div>
  );
}
