import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useLanguage, useT } from '../../lib/i18n';
import { useLeaderboardText } from './texts';

/**
 * A board never loaded, while offline: said at once with a retry, instead of skeletons that
 * wait for a network that is not there (issue 17). Test id: `board-offline`.
 */
export function BoardOffline({ onRetry }: { onRetry: () => void }) {
  const t = useLeaderboardText();
  const common = useT();
  return (
    <div className="state" role="status" data-testid="board-offline">
      <span className="state__icon">
        <Icon name="alert" size={28} />
      </span>
      <p className="state__title">{t('leaderboard.offline.title')}</p>
      <p className="state__message">{t('leaderboard.offline.text')}</p>
      <div className="state__action">
        <Button variant="secondary" onClick={onRetry}>
          {common('common.retry')}
        </Button>
      </div>
    </div>
  );
}

/**
 * "Offline · board as of 14:05" over a board loaded earlier, in the board's time zone (the one
 * its periods are in). Test id: `board-cached`.
 */
export function CachedBoardNote({ asOf, timeZone }: { asOf: string; timeZone: string }) {
  const t = useLeaderboardText();
  const language = useLanguage();
  const at = new Date(asOf);
  const day = (date: Date) => date.toLocaleDateString('en-CA', { timeZone });
  const sameDay = day(at) === day(new Date());
  const time = at.toLocaleString(language, {
    timeZone,
    ...(sameDay ? {} : { month: 'numeric', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <p className="leaderboard__offline-note" role="status" data-testid="board-cached">
      <time dateTime={asOf}>{t('leaderboard.offline.cached', { time })}</time>
    </p>
  );
}
