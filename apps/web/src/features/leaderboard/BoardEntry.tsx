import type { Image, LeaderboardEntry } from '@yanzhi/contract';
import { PODIUM_SIZES, formatScore, photoSrcSet } from '@yanzhi/contract';
import { PageIcon } from '../../components/PageIcon';
import { placeholderStyle } from '../../lib/placeholder';
import { useLeaderboardText } from './texts';

/**
 * The pieces of a leaderboard entry shared by the podium and the rows. Test ids:
 * `podium-place` (data-place 1-3 by position, data-rank), `leaderboard-row` (data-rank,
 * data-photo-id, data-mine), `rank-change` (data-change up / down / new / same).
 */

/** The element of an entry, to scroll to and focus after a jump. */
export function entryElementId(photoId: number): string {
  return `leaderboard-entry-${photoId}`;
}

interface ThumbProps {
  image: Image;
  alt: string;
  /** Display size in CSS pixels (3:4); given to the <img> so nothing shifts while it loads. */
  width: number;
  height: number;
  className?: string;
  /**
   * How wide the podium draws it (`sizes`): a podium photo is drawn large enough for a dense
   * screen to want the medium variant, and it is on screen at once (not lazy). Rows without
   * it show the thumbnail, lazily.
   */
  sizes?: string;
}

export function Thumb({ image, alt, width, height, className, sizes }: ThumbProps) {
  return (
    <span className={`board-thumb ${className ?? ''}`}>
      <span className="board-thumb__placeholder" style={placeholderStyle(image.placeholder)} />
      <img
        className="board-thumb__img"
        src={image.thumb_url}
        srcSet={sizes === undefined ? undefined : photoSrcSet(image, 'thumb')}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt}
        loading={sizes === undefined ? 'lazy' : undefined}
        decoding="async"
      />
    </span>
  );
}

/**
 * ▲3 / ▼2 / 新 / – with the words for screen readers. Nothing at all on a board with no earlier
 * day to compare with (`changes_since` null: a day board, a period's first day): there every
 * photo would read 新, which says nothing.
 */
export function RankChange({ change, tracked }: { change: number | null; tracked: boolean }) {
  const t = useLeaderboardText();
  if (!tracked) return null;
  let kind: 'up' | 'down' | 'new' | 'same';
  let visible: string;
  let spoken: string;
  if (change === null) {
    kind = 'new';
    visible = t('leaderboard.change.new');
    spoken = t('leaderboard.change.newLabel');
  } else if (change > 0) {
    kind = 'up';
    visible = `▲${change}`;
    spoken = t('leaderboard.change.up', { count: change });
  } else if (change < 0) {
    kind = 'down';
    visible = `▼${-change}`;
    spoken = t('leaderboard.change.down', { count: -change });
  } else {
    kind = 'same';
    visible = '–';
    spoken = t('leaderboard.change.same');
  }
  return (
    <span
      className={`rank-change rank-change--${kind}`}
      data-testid="rank-change"
      data-change={kind}
    >
      <span aria-hidden="true">{visible}</span>
      <span className="visually-hidden">{spoken}</span>
    </span>
  );
}

function MineBadge() {
  const t = useLeaderboardText();
  return <span className="mine-badge">{t('leaderboard.mine')}</span>;
}

interface EntryProps {
  entry: LeaderboardEntry;
  /** Just jumped to: highlighted for a moment. */
  flashing: boolean;
  /** The board compares with an earlier day (rank changes are shown). */
  tracked: boolean;
}

/**
 * The score, or for a photo still being placed its probable range ("4.8–6.9") under a 定级中
 * mark: one decimal of a provisional score would pretend a precision it does not have.
 */
function EntryScore({ entry, className }: { entry: LeaderboardEntry; className: string }) {
  const t = useLeaderboardText();
  const range = entry.provisional ? entry.placement : null;
  if (range === null) {
    return (
      <span className={`${className} tabular`} data-testid="entry-score">
        <span className="visually-hidden">{t('leaderboard.score')} </span>
        {formatScore(entry.current_score)}
      </span>
    );
  }
  const low = formatScore(range.score_low);
  const high = formatScore(range.score_high);
  return (
    <span className="entry-range" data-testid="entry-score" data-provisional="true">
      <span className="entry-range__badge" data-testid="provisional-badge">
        {t('leaderboard.provisional')}
      </span>
      <span className={`${className} ${className}--range tabular`}>
        <span aria-hidden="true">{t('leaderboard.scoreRange', { low, high })}</span>
        <span className="visually-hidden">{t('leaderboard.rangeLabel', { low, high })}</span>
      </span>
    </span>
  );
}

/** One row below the podium: rank, photo, owner and comparisons, score, rank change. */
export function BoardRow({ entry, flashing, tracked }: EntryProps) {
  const t = useLeaderboardText();
  return (
    <li
      id={entryElementId(entry.id)}
      tabIndex={-1}
      className={`board-row ${entry.is_mine ? 'board-row--mine' : ''} ${flashing ? 'is-flashing' : ''}`}
      data-testid="leaderboard-row"
      data-rank={entry.rank}
      data-photo-id={entry.id}
      data-mine={entry.is_mine}
    >
      <span className="board-row__rank tabular">
        <span aria-hidden="true">{entry.rank}</span>
        <span className="visually-hidden">{t('leaderboard.rank', { rank: entry.rank })}</span>
      </span>
      <Thumb
        image={entry.image}
        alt={t('leaderboard.photoAlt', { name: entry.owner_name })}
        width={48}
        height={64}
      />
      <span className="board-row__who">
        <span className="board-row__name">
          {entry.owner_name}
          {entry.is_mine ? <MineBadge /> : null}
        </span>
        <span className="board-row__meta tabular">
          {t('photo.comparisons', { count: entry.comparisons })}
        </span>
      </span>
      <span className="board-row__figures">
        <EntryScore entry={entry} className="board-row__score" />
        <RankChange change={entry.rank_change} tracked={tracked} />
      </span>
    </li>
  );
}

/** A place on the podium; `place` is the position (1-3), `entry.rank` may be shared (ties). */
export function PodiumPlace({
  entry,
  place,
  flashing,
  tracked,
}: EntryProps & { place: 1 | 2 | 3 }) {
  const t = useLeaderboardText();
  return (
    <li
      id={entryElementId(entry.id)}
      tabIndex={-1}
      className={`podium__place podium__place--${place} ${entry.is_mine ? 'podium__place--mine' : ''} ${flashing ? 'is-flashing' : ''}`}
      data-testid="podium-place"
      data-place={place}
      data-rank={entry.rank}
      data-photo-id={entry.id}
      data-mine={entry.is_mine}
    >
      <span className="podium__photo">
        {entry.rank === 1 ? (
          <span className="podium__crown" data-testid="crown">
            <PageIcon name="crown" size={place === 1 ? 30 : 24} />
          </span>
        ) : null}
        <Thumb
          image={entry.image}
          alt={t('leaderboard.photoAlt', { name: entry.owner_name })}
          width={place === 1 ? 120 : 96}
          height={place === 1 ? 160 : 128}
          sizes={PODIUM_SIZES[place]}
        />
        <span className="podium__rank tabular">
          <span aria-hidden="true">{entry.rank}</span>
          <span className="visually-hidden">{t('leaderboard.rank', { rank: entry.rank })}</span>
        </span>
      </span>
      <span className="podium__name">
        {entry.owner_name}
        {entry.is_mine ? <MineBadge /> : null}
      </span>
      <EntryScore entry={entry} className="podium__score" />
      <span className="podium__meta">
        <span className="tabular">{t('photo.comparisons', { count: entry.comparisons })}</span>
        <RankChange change={entry.rank_change} tracked={tracked} />
      </span>
    </li>
  );
}
