import type { LeaderboardEntry } from '@yanzhi/contract';
import { formatScore } from '@yanzhi/contract';
import { useLayoutEffect, useRef } from 'react';
import { Link } from '../../lib/router';
import { PageIcon } from '../../components/PageIcon';
import { useLeaderboardText } from './texts';

/** The bar's height on the root (leaderboard.css): focus and scrolling stop short of it. */
const BAR_HEIGHT_PROPERTY = '--my-rank-bar-height';

/**
 * Publishes an element's height as a custom property of the root while it is shown: the bar
 * is taller when its text wraps (English, narrow phones) than the 56 px the styles assume.
 */
function useReservedHeight<T extends HTMLElement>(property: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(property, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [property]);
  return ref;
}

/** The score, or a provisional photo's range: the bar tells no more than the row does. */
function shownScore(entry: LeaderboardEntry): string {
  const range = entry.provisional ? entry.placement : null;
  if (range === null) return formatScore(entry.current_score);
  return `${formatScore(range.score_low)}–${formatScore(range.score_high)}`;
}

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
  const t = useLeaderboardText();
  const bar = useReservedHeight<HTMLDivElement>(BAR_HEIGHT_PROPERTY);
  return (
    <div ref={bar} className="my-rank-bar" data-testid="my-rank-bar">
      {entry !== null ? (
        <button type="button" className="my-rank-bar__jump" onClick={onJump}>
          <span className="my-rank-bar__text tabular">
            {t('leaderboard.myRank', { rank: entry.rank, score: shownScore(entry) })}
          </span>
          <span className="my-rank-bar__hint">{t('leaderboard.myRankHint')}</span>
        </button>
      ) : (
        <p className="my-rank-bar__invite">
          <span className="my-rank-bar__text">
            {canShare ? t('leaderboard.notRanked') : t('leaderboard.invite')}
          </span>
          <Link to="/upload" className="my-rank-bar__link">
            {t('leaderboard.uploadShort')}
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
