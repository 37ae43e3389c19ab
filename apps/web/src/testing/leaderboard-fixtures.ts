import type { Leaderboard, LeaderboardEntry, ShareCard } from '@yanzhi/contract';
import { ok, type CallTo, type OkEnvelope, type SentBody } from './mock-api';

/** Boards and share cards as the server answers them, for the leaderboard and profile tests. */

const PLACEHOLDER =
  'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v3AgAA=';

export const PAGE_SIZE = 20;

/** The entry at a rank: photo id 1000 + rank, scores falling by 0.1 per place from 9.5. */
export function boardEntry(rank: number, extra: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  const id = extra.id ?? 1000 + rank;
  return {
    rank,
    id,
    image: {
      url: `/media/photos/${id}-display.webp`,
      medium_url: `/media/photos/${id}-medium.webp`,
      thumb_url: `/media/photos/${id}-thumb.webp`,
      width: 600,
      height: 800,
      placeholder: PLACEHOLDER,
    },
    current_score: Math.max(100, 950 - rank * 10),
    comparisons: 40 + rank,
    owner_name: `选手${rank}`,
    rank_change: 0,
    is_mine: false,
    provisional: false,
    placement: null,
    ...extra,
  };
}

export interface BoardOptions {
  page?: number;
  totalItems?: number;
  items?: LeaderboardEntry[];
  myEntry?: LeaderboardEntry | null;
  myPage?: number | null;
  periodType?: Leaderboard['period_type'];
  categoryId?: number;
  periodStart?: string | null;
  periodEnd?: string | null;
  frozen?: boolean;
  /** The first day a `period_date` may name (the server's first photo's period). */
  earliestDate?: string;
  /** The day rank changes compare with (default the day before); null: none to compare with. */
  changesSince?: string | null;
  asOf?: string;
}

/** One page of a board of `totalItems` entries ranked 1..n (unless `items` is given). */
export function boardPage(options: BoardOptions = {}): Leaderboard {
  const page = options.page ?? 1;
  const totalItems = options.totalItems ?? options.items?.length ?? 0;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(totalItems, page * PAGE_SIZE);
  const items =
    options.items ??
    Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => boardEntry(first + index));
  const periodType = options.periodType ?? 'day';
  const periodStart = options.periodStart === undefined ? '2026-07-08' : options.periodStart;
  const periodEnd = options.periodEnd === undefined ? periodStart : options.periodEnd;
  const frozen = options.frozen ?? false;
  return {
    category_id: options.categoryId ?? 1,
    period_type: periodType,
    period_start: periodType === 'all' ? null : periodStart,
    period_end: periodType === 'all' ? null : periodEnd,
    starts_at:
      periodType === 'all' || periodStart === null ? null : `${periodStart}T00:00:00+08:00`,
    ends_at: null,
    frozen,
    frozen_at: frozen ? '2026-07-09T00:00:05.000Z' : null,
    time_zone: 'Asia/Shanghai',
    earliest_date: options.earliestDate ?? '2026-01-01',
    latest_date: '2026-07-09',
    items,
    current_page: page,
    page_size: PAGE_SIZE,
    total_items: totalItems,
    total_pages: Math.ceil(totalItems / PAGE_SIZE),
    my_entry: options.myEntry ?? null,
    my_page: options.myPage ?? null,
    as_of: options.asOf ?? '2026-07-08T04:00:00.000Z',
    changes_since: options.changesSince === undefined ? '2026-07-07' : options.changesSince,
  };
}

type BoardRequest = SentBody<'get_leaderboard'>;

/** A server answering every page of a board built from the request and these options. */
export function boardServer(
  options: Omit<BoardOptions, 'page' | 'items'> | ((request: BoardRequest) => BoardOptions) = {},
) {
  const serve = ({ body: request }: CallTo<'get_leaderboard'>): OkEnvelope<Leaderboard> => {
    const chosen = typeof options === 'function' ? options(request) : options;
    return ok(
      boardPage({
        periodType: request.period_type,
        categoryId: request.category_id,
        page: request.page,
        ...chosen,
      }),
    );
  };
  return serve;
}

export function shareCard(extra: Partial<ShareCard> = {}): ShareCard {
  return {
    url: '/media/cards/3f2a9c.png',
    width: 750,
    height: 1200,
    photo_id: 55,
    category_id: 1,
    period_type: 'day',
    rank: 3,
    current_score: 812,
    share_url: '/p/55',
    ...extra,
  };
}
