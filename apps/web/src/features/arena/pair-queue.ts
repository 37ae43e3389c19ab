import type { ErrorCode, Pair } from '@yanzhi/contract';
import { ApiError } from '../../lib/api-client';

/**
 * The pairs of the arena, fetched ahead so that a vote never waits for the network: per
 * category (and voter) one pair is on screen and a few more wait with their images already
 * decoded. Pairs are single-use: a pair id is never shown twice, whatever the server answers.
 */

export type FeedStatus = 'loading' | 'ready' | 'empty' | 'error';

export interface FeedSnapshot {
  /** The pair on screen; null while the first one (or one after a drained queue) arrives. */
  current: Pair | null;
  /** Pairs fetched and decoded, waiting their turn. */
  queued: number;
  status: FeedStatus;
  /** Why the feed has nothing to show (status 'error'). */
  error: unknown;
}

export interface PairSource {
  categoryId: number;
  userId: number | null;
  /**
   * A photo the first pair should include ("来比一比" from its photo page): sent with the line's
   * first request only, and a line of its own, so the pairs fetched ahead without it are not
   * shown before it.
   */
  withPhotoId?: number;
}

export interface PairQueueOptions {
  fetchPair: (source: PairSource, signal: AbortSignal) => Promise<Pair>;
  /**
   * Resolves once the pair's images are decoded; a failure only costs a late image. `urgent`:
   * the pair is on screen already, its photos go before anything else.
   */
  preload: (pair: Pair, urgent?: boolean) => Promise<unknown>;
  /** Pairs kept waiting behind the one on screen. */
  size?: number;
  now?: () => number;
  /** A pair that expires sooner than this is dropped rather than shown. */
  expiryMarginMs?: number;
}

export const DEFAULT_QUEUE_SIZE = 3;
const DEFAULT_EXPIRY_MARGIN_MS = 15_000;
/** The server answering the same photos again and again: stop asking until the next vote. */
const MAX_DUPLICATES_IN_A_ROW = 3;
/** How long the voted pair may stay while the next one's images decode again. */
export const REDECODE_WAIT_MS = 1_500;

export const LOADING_SNAPSHOT: FeedSnapshot = Object.freeze({
  current: null,
  queued: 0,
  status: 'loading',
  error: null,
});

interface Line {
  source: PairSource;
  current: Pair | null;
  ready: Pair[];
  filling: boolean;
  /** A consume is waiting for the next pair's images (see redecode). */
  switching: boolean;
  /** The server has no further pair for this voter here (40405). */
  exhausted: boolean;
  /** The next request is the line's first and carries its lead photo. */
  leadPending: boolean;
  error: unknown;
  snapshot: FeedSnapshot;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function sourceKey(source: PairSource): string {
  const lead = source.withPhotoId === undefined ? '' : `:with-${source.withPhotoId}`;
  return `${source.categoryId}:${source.userId ?? 'anonymous'}${lead}`;
}

/** The source without its lead photo: what every request after the first asks for. */
function withoutLead({ categoryId, userId }: PairSource): PairSource {
  return { categoryId, userId };
}

function photosKey(pair: Pair): string {
  return pair.photos
    .map((photo) => photo.id)
    .sort((a, b) => a - b)
    .join('-');
}

/** ErrorCode.NO_PAIR_AVAILABLE, written out like NOT_AVAILABLE_YET in lib/error-text.ts. */
const NO_PAIR_AVAILABLE: typeof ErrorCode.NO_PAIR_AVAILABLE = 40405;

export function isNoPairAvailable(error: unknown): boolean {
  return error instanceof ApiError && error.code === NO_PAIR_AVAILABLE;
}

function statusOf(line: Line): FeedStatus {
  if (line.current !== null) return 'ready';
  if (line.exhausted) return 'empty';
  if (line.error !== null) return 'error';
  return 'loading';
}

export class PairQueue {
  private readonly lines = new Map<string, Line>();
  private readonly listeners = new Set<() => void>();
  /** Every pair id ever received: a pair is shown once at most. */
  private readonly seen = new Set<string>();
  /** Waiting pairs whose images are being decoded again, by pair id. */
  private readonly redecoding = new Map<string, Promise<unknown>>();
  /** Counts redecode() calls: a decode begun before the latest one must be done again. */
  private epoch = 0;
  private readonly controller = new AbortController();
  private readonly size: number;
  private readonly now: () => number;
  private readonly expiryMarginMs: number;

  constructor(private readonly options: PairQueueOptions) {
    this.size = options.size ?? DEFAULT_QUEUE_SIZE;
    this.now = options.now ?? Date.now;
    this.expiryMarginMs = options.expiryMarginMs ?? DEFAULT_EXPIRY_MARGIN_MS;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  snapshot(source: PairSource): FeedSnapshot {
    return this.lines.get(sourceKey(source))?.snapshot ?? LOADING_SNAPSHOT;
  }

  /** Starts (or resumes) the feed of a category; an exhausted one is asked again. */
  open(source: PairSource): void {
    const line = this.lineOf(source);
    if (line.current === null && line.ready.length === 0) {
      line.exhausted = false;
      line.error = null;
      this.publish(line);
    }
    void this.fill(line);
  }

  /**
   * The pair on screen is done with (voted on or skipped): the next waiting pair takes its
   * place and the queue refills behind it. Ignored unless `pairId` is still the current pair.
   * If the next pair's images are being decoded again, the done pair stays a moment longer:
   * better than a half-painted photo.
   */
  consume(source: PairSource, pairId: string): void {
    const line = this.lines.get(sourceKey(source));
    if (line?.current?.pair_id !== pairId || line.switching) return;
    const next = line.ready[0];
    const pending = next === undefined ? undefined : this.redecoding.get(next.pair_id);
    if (pending === undefined) {
      this.advance(line);
      return;
    }
    line.switching = true;
    void Promise.race([pending, delay(REDECODE_WAIT_MS)]).then(() => {
      line.switching = false;
      if (line.current?.pair_id === pairId) this.advance(line);
    });
  }

  /**
   * Decodes the waiting pairs' images again: after a service worker takes control of the page
   * the browser does not reuse images fetched before, so they would load again when shown.
   */
  redecode(): void {
    this.epoch += 1;
    for (const line of this.lines.values()) {
      for (const pair of line.ready) {
        if (this.redecoding.has(pair.pair_id)) continue;
        const decoding = this.options
          .preload(pair)
          .catch(() => undefined)
          .finally(() => {
            this.redecoding.delete(pair.pair_id);
          });
        this.redecoding.set(pair.pair_id, decoding);
      }
    }
  }

  /** After an error or an empty answer: ask the server again. */
  retry(source: PairSource): void {
    const line = this.lineOf(source);
    line.exhausted = false;
    line.error = null;
    this.publish(line);
    void this.fill(line);
  }

  /** Stops every request in flight; the queue is not used afterwards. */
  dispose(): void {
    this.controller.abort();
    this.listeners.clear();
  }

  private advance(line: Line): void {
    line.current = null;
    line.error = null;
    this.promote(line);
    this.publish(line);
    void this.fill(line);
  }

  private lineOf(source: PairSource): Line {
    const key = sourceKey(source);
    let line = this.lines.get(key);
    if (line === undefined) {
      line = {
        source,
        current: null,
        ready: [],
        filling: false,
        switching: false,
        exhausted: false,
        leadPending: source.withPhotoId !== undefined,
        error: null,
        snapshot: LOADING_SNAPSHOT,
      };
      this.lines.set(key, line);
    }
    return line;
  }

  private isFresh(pair: Pair): boolean {
    const expiresAt = Date.parse(pair.expires_at);
    return Number.isNaN(expiresAt) || expiresAt - this.now() > this.expiryMarginMs;
  }

  /** Moves the next waiting pair that has not expired onto the screen. */
  private promote(line: Line): void {
    while (line.current === null && line.ready.length > 0) {
      const next = line.ready.shift();
      if (next !== undefined && this.isFresh(next)) line.current = next;
    }
  }

  private isDuplicate(line: Line, pair: Pair): boolean {
    if (this.seen.has(pair.pair_id)) return true;
    const photos = photosKey(pair);
    const onScreen = line.current === null ? [] : [line.current];
    return [...onScreen, ...line.ready].some((other) => photosKey(other) === photos);
  }

  /** One request at a time, so the server's pairing sees each served pair before the next. */
  private async fill(line: Line): Promise<void> {
    if (line.filling) return;
    line.filling = true;
    let duplicates = 0;
    try {
      while (
        !line.exhausted &&
        line.error === null &&
        line.ready.length < this.size &&
        duplicates < MAX_DUPLICATES_IN_A_ROW &&
        !this.controller.signal.aborted
      ) {
        const pair = await this.fetchNext(line);
        if (pair === null) continue;
        if (this.isDuplicate(line, pair)) {
          duplicates += 1;
          this.seen.add(pair.pair_id);
          continue;
        }
        duplicates = 0;
        this.seen.add(pair.pair_id);
        if (line.current === null && line.ready.length === 0 && this.isFresh(pair)) {
          // Nothing to show at all: the placeholder now beats a skeleton until decoded.
          line.current = pair;
          this.publish(line);
          // The pairs behind it wait for its photos: on a slow network their requests and
          // images would share the bandwidth with the photos on screen (the page's LCP).
          await this.options.preload(pair, true).catch(() => undefined);
          continue;
        }
        const epoch = this.epoch;
        await this.options.preload(pair).catch(() => undefined);
        if (epoch !== this.epoch) await this.options.preload(pair).catch(() => undefined);
        line.ready.push(pair);
        this.promote(line);
        this.publish(line);
      }
    } catch (error) {
      if (this.controller.signal.aborted) return;
      if (isNoPairAvailable(error)) line.exhausted = true;
      else line.error = error;
      this.publish(line);
    } finally {
      line.filling = false;
    }
  }

  /**
   * The line's next pair. The lead photo is asked for once; if the server cannot pair it (gone,
   * hidden, another category), the arena goes on with ordinary pairs (null: ask again).
   */
  private async fetchNext(line: Line): Promise<Pair | null> {
    if (!line.leadPending) {
      return this.options.fetchPair(withoutLead(line.source), this.controller.signal);
    }
    line.leadPending = false;
    try {
      return await this.options.fetchPair(line.source, this.controller.signal);
    } catch (error) {
      if (this.controller.signal.aborted || !(error instanceof ApiError)) throw error;
      return null;
    }
  }

  private publish(line: Line): void {
    const status = statusOf(line);
    const previous = line.snapshot;
    const error = status === 'error' ? line.error : null;
    if (
      previous.current === line.current &&
      previous.queued === line.ready.length &&
      previous.status === status &&
      previous.error === error
    ) {
      return;
    }
    line.snapshot = { current: line.current, queued: line.ready.length, status, error };
    for (const listener of this.listeners) listener();
  }
}
