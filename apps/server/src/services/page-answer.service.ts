import {
  LEADERBOARD_DEFAULT_PAGE,
  LEADERBOARD_DEFAULT_PAGE_SIZE,
  LEADERBOARD_DEFAULT_PERIOD,
  PERIOD_TYPES,
  PHOTO_PAGE_SIZES,
  PODIUM_SIZES,
  photoSrcSet,
  type FirstScreen,
  type PeriodType,
} from '@yanzhi/contract';
import { AppError } from '../errors.js';
import type { CategoryService } from './category.service.js';
import type { LeaderboardService } from './leaderboard.service.js';
import type { PhotoPageService } from './photo-page.service.js';
import type { StatsService } from './stats.service.js';

/** The podium's places, the first three of a board's first page (the web's Board). */
const PODIUM_PLACES = [1, 2, 3] as const;

/** The largest id the contract takes. */
const MAX_ID = Number.MAX_SAFE_INTEGER;

function idOf(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !/^\d{1,16}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

function isPeriodType(value: string | null): value is PeriodType {
  return PERIOD_TYPES.includes(value as PeriodType);
}

/**
 * The first screen of a page address as a signed-out visitor sees it, for the page's HTML
 * (plugins/page-html.ts, ADR 0018 amended): a shared photo's page (`/p/<id>`) and a board
 * (`/leaderboard?category=&period=`, the share links) would otherwise paint their largest photo
 * only after the app's code has run, asked the API and fetched it. The answer is exactly what
 * the public call gives a caller without a session; the client takes it only when it would have
 * asked exactly that and has no session of its own. Other addresses, a past period's board
 * (`date`), a photo that is not public and a category that is not active get nothing.
 *
 * The profile (`/profile`) of a device the server knows carries that device's own statistics,
 * the whole of a visitor's card: the page request presents the device's secret cookie
 * (ADR 0022), and the answer names the anonymous id the secret holds, which the app takes only
 * when it is its own.
 */
export class PageAnswerService {
  constructor(
    private readonly photoPages: Pick<PhotoPageService, 'photo'>,
    private readonly leaderboards: Pick<LeaderboardService, 'leaderboard'>,
    private readonly categories: Pick<CategoryService, 'list'>,
    private readonly stats: Pick<StatsService, 'deviceStats'>,
  ) {}

  /**
   * `visitor`: the anonymous id the page request's device secret holds (DeviceService.holderOf),
   * asked for only by the pages that show it.
   */
  async firstScreen(
    pathname: string,
    query: URLSearchParams,
    visitor: () => Promise<string | null>,
  ): Promise<FirstScreen | null> {
    try {
      const photoId = idOf(/^\/p\/(\d+)\/?$/i.exec(pathname)?.[1]);
      if (photoId !== null) return await this.photoPage(photoId);
      if (/^\/leaderboard\/?$/.test(pathname)) return await this.board(query);
      if (/^\/profile\/?$/.test(pathname)) return await this.visitorCard(await visitor());
      return null;
    } catch (error) {
      // Not found, not active: the page asks itself and says so.
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  private async photoPage(photoId: number): Promise<FirstScreen> {
    const photo = await this.photoPages.photo(photoId, null);
    return {
      answer: { call: 'get_photo', input: { photo_id: photoId }, data: photo },
      preloads: [{ srcset: photoSrcSet(photo.image), sizes: PHOTO_PAGE_SIZES }],
    };
  }

  /** A visitor's card: what get_user_vote_stats answers the holder of the device's id. */
  private async visitorCard(anonymousId: string | null): Promise<FirstScreen | null> {
    if (anonymousId === null) return null;
    const data = await this.stats.deviceStats(anonymousId);
    return {
      answer: {
        call: 'get_user_vote_stats',
        input: { user_id: null, anonymous_id: anonymousId },
        data,
      },
      preloads: [],
    };
  }

  private async board(query: URLSearchParams): Promise<FirstScreen | null> {
    // A past period is chosen by hand, not opened from a share: no guess is made for it.
    if (query.has('date')) return null;
    const period = query.get('period');
    const periodType = isPeriodType(period) ? period : LEADERBOARD_DEFAULT_PERIOD;
    const categoryId = idOf(query.get('category')) ?? (await this.categories.list())[0]?.id;
    if (categoryId === undefined) return null;
    const input = {
      category_id: categoryId,
      period_type: periodType,
      period_date: null,
      page: LEADERBOARD_DEFAULT_PAGE,
      page_size: LEADERBOARD_DEFAULT_PAGE_SIZE,
    };
    const board = await this.leaderboards.leaderboard(
      {
        categoryId,
        periodType,
        periodDate: null,
        page: input.page,
        pageSize: input.page_size,
      },
      null,
    );
    // The podium (the board's first three) is on the first frame; its first place is the
    // page's largest photo.
    const podium = PODIUM_PLACES.flatMap((place) => {
      const entry = board.items[place - 1];
      return entry
        ? [{ srcset: photoSrcSet(entry.image, 'thumb'), sizes: PODIUM_SIZES[place] }]
        : [];
    });
    return { answer: { call: 'get_leaderboard', input, data: board }, preloads: podium };
  }
}
