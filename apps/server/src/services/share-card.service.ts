import { createHash } from 'node:crypto';
import { ErrorCode, type MessageLanguage, type PeriodType, type ShareCard } from '@yanzhi/contract';
import type { Clock } from '../domain/clock.js';
import { AppError } from '../errors.js';
import type { PhotoRenderer } from '../repositories/image-processes.js';
import { CARDS_DIR, cardFolderOf, type MediaRepository } from '../repositories/media.repository.js';
import type { ShareCardRenderer } from '../repositories/share-card.renderer.js';
import type { SharePhotoRow } from '../repositories/share-card.repository.js';
import type { Store } from '../repositories/store.js';
import { CARD_HEIGHT, CARD_WIDTH, TEMPLATE_VERSION } from '../repositories/share-card.template.js';
import type { AuthService, AuthState } from './auth.service.js';
import { cardText } from '../views/share-card-view.js';
import { renderUploadedImage } from '../checks/upload-checks.js';
import type { UploadedFile } from '../lib/uploaded-file.js';

const HOUR_MS = 3_600_000;
/** A card nobody asked for during this long is deleted; asking again draws it again. */
export const CARD_UNUSED_TTL_MS = 24 * HOUR_MS;

/** The photo's place on a board, as the leaderboards know it. */
export interface ShareStandings {
  standingOf(
    photo: {
      id: number;
      category_id: number;
      current_score: number;
      provisional: number;
      state: string;
      published_at: number;
    },
    periodType: PeriodType,
    periodDate: string | null,
  ): Promise<{
    rank: number | null;
    periodStart: string | null;
    periodEnd: string | null;
    frozen: boolean;
  }>;
}

export interface ShareCardRequest {
  auth: AuthState;
  /** The body's `token`; the access-token header wins (like get_user_info). */
  bodyToken: string | null | undefined;
  photoId: number | null | undefined;
  periodType: PeriodType | null | undefined;
  /** A day inside a past period (its frozen board); null: the running period. */
  periodDate: string | null;
  lang: MessageLanguage;
  /** The origin the request came to (scheme, host, port), checked against PUBLIC_HOSTS. */
  requestOrigin: string;
  /**
   * Called once the caller is known and before a card that is not stored yet is drawn, so the
   * route can count new cards per user (it throws to refuse).
   */
  beforeDraw?: (userId: number) => Promise<void>;
  /** An uploaded image to feature instead of the photo (multipart `file`). */
  file: UploadedFile | null;
}

export interface ShareCardOptions {
  /** PUBLIC_URL without a trailing slash; null: see publicHosts. */
  publicUrl: string | null;
  /** PUBLIC_HOSTS: URL hosts (`name[:port]`, lower case) a request's Host may be; [] none. */
  publicHosts: readonly string[];
  /** Stored cards per photo at most; the least recently asked for go first. */
  maxCardsPerPhoto?: number;
}

/** Languages × periods of the running boards, and a few past ones. */
export const DEFAULT_MAX_CARDS_PER_PHOTO = 12;

/**
 * Where a card's link points. `printed` null: nothing is configured, so the card keeps the host
 * of the request that first drew it, and the Host header never makes a new card.
 */
interface LinkBases {
  printed: string | null;
  answered: string;
}

/**
 * `gen_share_image` (DESIGN §8): the rank card of the caller's best (or chosen) photo. Cards are
 * content-addressed: the file name is a hash of everything drawn, so an unchanged card is
 * answered from disk and any change (score, rank, level, language, link…) gets a new file.
 */
export class ShareCardService {
  private readonly rendering = new Map<string, Promise<void>>();
  private lastSweepAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: Store<'shareCards'>,
    private readonly media: MediaRepository,
    private readonly images: PhotoRenderer,
    private readonly renderer: ShareCardRenderer,
    private readonly standings: ShareStandings,
    private readonly auth: Pick<AuthService, 'signedInCaller'>,
    private readonly clock: Clock,
    private readonly options: ShareCardOptions,
  ) {}

  async generate(request: ShareCardRequest): Promise<ShareCard> {
    const user = await this.auth.signedInCaller(request.auth, request.bodyToken);
    const photo = await this.photoToShare(user.id, request.photoId);
    // Only now the upload, checked exactly like upload_photo checks it (ADR 0008).
    const featured = request.file ? await renderUploadedImage(this.images, request.file) : null;
    const periodType = request.periodType ?? 'all';
    const [standing, category] = await Promise.all([
      this.standings.standingOf(photo, periodType, request.periodDate),
      this.store.repos.shareCards.category(photo.category_id),
    ]);
    if (!category) throw new AppError(ErrorCode.CATEGORY_NOT_FOUND);

    const bases = this.linkBases(request.requestOrigin);
    // Every link (printed, QR, answered) lands on the photo's own page, where a friend finds
    // this photo whatever board the card shows, a provisional photo included.
    const linkTo = (base: string) => `${base}/p/${photo.id}`;
    const textWith = (link: string) =>
      cardText({
        lang: request.lang,
        currentScore: photo.current_score,
        provisional: photo.provisional === 1,
        rank: standing.rank,
        category,
        periodType,
        periodStart: standing.periodStart,
        periodEnd: standing.periodEnd,
        link,
      });
    const pictured = request.file ? `upload:${request.file.sha256}` : `photo:${photo.display_key}`;
    const name = createHash('sha256')
      .update(
        JSON.stringify({
          template: TEMPLATE_VERSION,
          pictured,
          // Without a configured link, the name leaves the link out: one card whatever the Host.
          text: textWith(bases.printed === null ? '' : linkTo(bases.printed)),
        }),
      )
      .digest('hex')
      .slice(0, 32);
    // Under the photo's folder, so deleting the photo deletes every card that shows it.
    const key = `${cardFolderOf(photo.id)}/${name}.png`;

    if (!(await this.media.touch(key, this.clock.now()))) {
      await this.once(key, async () => {
        await request.beforeDraw?.(user.id);
        const image = featured?.display ?? (await this.media.read(photo.display_key));
        const text = textWith(linkTo(bases.printed ?? request.requestOrigin));
        const card = await this.renderer.render(text, image);
        await this.media.writeFile(key, card.png, this.clock.now());
        await this.media.keepNewest(
          cardFolderOf(photo.id),
          this.options.maxCardsPerPhoto ?? DEFAULT_MAX_CARDS_PER_PHOTO,
          key,
        );
      });
      await this.sweepHourly();
    }

    return {
      url: `/media/${key}`,
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      photo_id: photo.id,
      category_id: photo.category_id,
      period_type: periodType,
      rank: standing.rank,
      current_score: photo.current_score,
      share_url: linkTo(bases.answered),
    };
  }

  /**
   * PUBLIC_URL when set; else the request's origin when its host is listed in PUBLIC_HOSTS;
   * else the first listed host; with nothing configured, the card keeps the host that first drew
   * it (a LAN address of `npm start` still prints a working link). The JSON answer may name the
   * request's own origin when it is listed, or when nothing is configured (it goes only to the
   * caller and draws nothing).
   */
  private linkBases(requestOrigin: string): LinkBases {
    const { publicUrl, publicHosts } = this.options;
    const origin = new URL(requestOrigin);
    const listed = publicHosts.includes(origin.host);
    if (publicUrl !== null)
      return { printed: publicUrl, answered: listed ? requestOrigin : publicUrl };
    if (listed) return { printed: requestOrigin, answered: requestOrigin };
    const [first] = publicHosts;
    if (first !== undefined) {
      const base = `${origin.protocol}//${first}`;
      return { printed: base, answered: base };
    }
    return { printed: null, answered: requestOrigin };
  }

  /** The chosen photo (the caller's own and active), or the caller's best one. */
  private async photoToShare(
    userId: number,
    photoId: number | null | undefined,
  ): Promise<SharePhotoRow> {
    if (photoId !== null && photoId !== undefined) {
      const own = await this.store.repos.shareCards.ownActivePhoto(userId, photoId);
      if (!own) throw new AppError(ErrorCode.PHOTO_NOT_FOUND);
      return own;
    }
    const best = await this.store.repos.shareCards.bestActivePhoto(userId);
    if (!best) throw new AppError(ErrorCode.NO_PHOTO_TO_SHARE);
    return best;
  }

  /** Two requests for the same card at once draw it once. */
  private async once(key: string, draw: () => Promise<void>): Promise<void> {
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = draw().finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    await pending;
  }

  /**
   * Deletes cards nobody asked for in a day, at most once an hour and only after drawing a new
   * one: the folder holds roughly a day's worth of active sharers.
   */
  private async sweepHourly(): Promise<void> {
    const now = this.clock.now();
    if (now - this.lastSweepAt < HOUR_MS) return;
    this.lastSweepAt = now;
    await this.media.deleteUnusedSince(CARDS_DIR, now - CARD_UNUSED_TTL_MS);
  }
}
