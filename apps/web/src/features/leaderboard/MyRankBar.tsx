import type { LeaderboardEntry } from '@yanzhi/contract';
import { formatScore } from '@yanzhi/contract';
import { Link } from '../../lib/router';
import { PageIcon } from '../../components/PageIcon';
import { useT } from '../../lib/i18n';

interface MyRankBarProps {
  entry: LeaderboardEntry | null;
  /** Someone signed in may share a card even before a photo of theirs is on this board. */
  canShare: boolean;
  onJump: () => void;
  onShare: () => void;
}

/**
 * Sticky above the bottom navigation: "我的排名 #37 · 7.2" (a tap jumps to the row) and a share
 * button, or an invitation to upload. Test id: `my-rank-bar`.
 */
export function MyRankBar({ entry, canShare, onJump, onShare }: MyRankBarProps) {
  const t = useT();
  return (
    <div className="my-rank-bar" data-testid="my-rank-bar">
      {entry !== null ? (
        <button type="button" className="my-rank-bar__jump" onClick={onJump}>
          <span className="my-rank-bar__text tabular">
            {t('leaderboard.myRank', { rank: entry.rank, score: formatScore(entry.current_score) })}
          </span>
          <span className="my-rank-bar__hint">{t('leaderboard.myRankHint')}</span>
        </button>
      ) : (
        <p className="my-rank-bar__invite">
          <span className="my-rank-bar__text">
            {canShare ? t('leaderboard.notRanked') : t('leaderboard.invite')}
          </span>
          <Link to="/upload" className="my-rank-bar__link">
            {t('leaderboard.upload')}
          </Link>
        </p>
      )}
      {entry !== null || canShare ? (
        <button
          type="button"
          className="my-rank-bar__share"
          aria-label={t('leaderboard.shareLabel')}
          onClick={onShare}
        >
          <PageIcon name="share" size={20} />
          <span aria-hidden="true">{t('leaderboard.share')}</span>
        </button>
      ) : null}
    </div>
  );
}
