import {
  ErrorCode,
  type CallInput,
  type Pair,
  type PhotoCard,
  type SubmitRatingResponse,
} from '@yanzhi/contract';
import type { ArenaSettings } from '../config.js';
import type { ServedPairRow } from '../db/schema.js';
import type { Clock } from '../domain/clock.js';
import { currentDay, startOfDay } from '../domain/leaderboard/index.js';
import {
  pickPair,
  pickPairWith,
  type ChosenPair,
  type PickResult,
  type RatingParams,
  type Rng,
} from '../domain/rating/index.js';
import type { VoteTraffic } from '../domain/vote/index.js';
import { AppError } from '../errors.js';
import type { ArenaIndexes } from '../indexes/arena-indexes.js';
import { yieldToEventLoop } from '../lib/event-loop.js';
import type { Metrics } from '../lib/metrics.js';
import type { Repositories } from '../repositories/index.js';
import type { CardRow } from '../repositories/rating.repository.js';
import type { Store } from '../repositories/store.js';
import { imageOf } from '../views/image-view.js';
import type { IdentityService } from './identity.service.js';
import type { VoteService } from './vote.service.js';
import { randomToken } from '../lib/random-token.js';

/** Pairs served to and votes cast from the caller's address and neighbourhood this hour. */
export type CallerTraffic = VoteTraffic;

export interface Caller {
  userId: number | null;
  anonymousId: string;
  /** The network address the call came from (its neighbourhood is stored with a vote). */
  address?: string;
  traffic?: CallerTraffic;
}

const RECENT_PAIRS = 5;
/** Draws whose pair turned out judged before a pick reads the voter's whole list of them. */
const JUDGED_DRAWS = 12;
/** How long a pair that expired unanswered is kept (a vote on it is refused as expired). */
const EXPIRED_PAIRS_KEPT_MS = 24 * 60 * 60 * 1000;
/** Expired pairs forgotten per statement. */
const FORGET_CHUNK = 2000;

/** Who a pair is served to, when, and which photo they asked for ("来比一比"), if any. */
interface ServeContext {
  voterId: number;
  categoryId: number;
  caller: Caller;
  now: number;
  invitedPhotoId: number | null;
}

export function toCard(row: CardRow, boosted: boolean): PhotoCard {
  return {
    id: row.id,
    image: imageOf(row),
    is_boosted: boosted,
  };
}

/** The voting loop (DESIGN §5, §6): serve a pair, take the vote, move the scores, pay fuel. */
export class ArenaService {
  constructor(
    private readonly store: Store<'categories' | 'ratings' | 'servedPairs'>,
    private readonly identity: IdentityService,
    private readonly votes: VoteService,
    private readonly indexes: ArenaIndexes,
    private readonly clock: Clock,
    private readonly rng: Rng,
    private readonly params: RatingParams,
    private readonly settings: ArenaSettings & { timeZone: string },
    private readonly metrics: Metrics,
  ) {}

  /**
   * A pair for the voter; `withPhotoId` ("来比一比" from a photo's page) puts that active photo of
   * the category on one side, once per photo per voter per day, so a group cannot farm a
   * photo's exposure with links. Anything else about it (another category, not active, the
   * voter's own, already honoured today) is ignored silently: a normal pair.
   */
  async getPair(categoryId: number, caller: Caller, withPhotoId?: number | null): Promise<Pair> {
    const now = this.clock.now();
    if (!(await this.store.repos.categories.findActive(categoryId))) {
      throw new AppError(ErrorCode.CATEGORY_NOT_FOUND);
    }
    const { servedPairs, ratings } = this.store.repos;
    const voter = await this.identity.resolveVoter(caller.anonymousId, caller.userId, now);
    // A "来比一比" photo uploaded a moment ago may not be in this process's index yet (another
    // instance took the upload): it is read in, if it is an active photo of the category.
    if (withPhotoId !== null && withPhotoId !== undefined) {
      await this.indexes.include(categoryId, withPhotoId);
    }
    const { index } = await this.indexes.current(categoryId);
    // Pairs this voter may not see: those they hold unanswered (a prefetched queue; skipped pairs
    // older than that may come back), and those they judged, which are learnt as the pick draws
    // them rather than read whole (see `unjudged`).
    const pending = await servedPairs.pendingPairs(
      voter.id,
      categoryId,
      now,
      this.settings.pairTtlMs,
    );
    const judged = new Set<string>();
    const recent = await servedPairs.recentServed(voter.id, RECENT_PAIRS);
    const recentOwners = recent
      .flatMap((pair) => [pair.left_photo_id, pair.right_photo_id])
      .map((id) => index.get(String(id))?.ownerId)
      .filter((owner): owner is string => owner !== undefined);

    const voterView = {
      userId: caller.userId === null ? null : String(caller.userId),
      hasJudged: (a: string, b: string) => {
        const key = Number(a) < Number(b) ? `${a}:${b}` : `${b}:${a}`;
        return pending.has(key) || judged.has(key);
      },
      recentOwners,
      // At most one boosted pair in a voter's last few (a per-voter cap on paid exposure).
      allowBoost: !recent.some((pair) => pair.kind === 'boost'),
      // Boosted photos are offered at their delivery pace (boost-delivery.ts).
      now,
    };
    const unjudged = <T>(pick: () => T, pairOf: (picked: T) => ChosenPair | null) =>
      this.unjudged(voter.id, categoryId, judged, pick, pairOf);
    // A photo removed by another process (admin CLI, another instance) may linger in this
    // index until the next refit: drop it when its row is gone and pick again.
    let invited = await this.invitedPair(withPhotoId, categoryId, voter.id, now, (photoId) =>
      unjudged(
        () => pickPairWith(index, photoId, voterView, this.rng, this.params),
        (pair) => pair,
      ),
    );
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const result =
        invited ??
        (await unjudged(
          () => pickPair(index, voterView, this.rng, this.params),
          (picked) => picked.pair,
        ));
      // Recorded with the pair: the invitation is spent for this photo only, not its opponent.
      const invitedPhotoId = invited === null ? null : (withPhotoId ?? null);
      invited = null;
      if (!result.pair) throw new AppError(ErrorCode.NO_PAIR_AVAILABLE);
      const ids: [number, number] = [Number(result.pair.left.id), Number(result.pair.right.id)];
      const cards = await ratings.cards(ids);
      if (cards.length === 2) {
        const context = { voterId: voter.id, categoryId, caller, now, invitedPhotoId };
        return this.serve(servedPairs, result.pair, cards, context);
      }
      for (const id of ids) if (!cards.some((card) => card.id === id)) index.remove(String(id));
    }
    throw new AppError(ErrorCode.NO_PAIR_AVAILABLE);
  }

  /**
   * A pick whose pair the voter has not judged. Reading every pair a voter ever judged before
   * each pick made an engaged voter's pair fetch cost more with each vote (issue 19); instead the
   * pick's pair is looked up (one index look-up), and a judged one is remembered and the pick
   * drawn again. A voter who has judged most of the pairs near their draws gets their whole list
   * after JUDGED_DRAWS misses, once for this request, as before.
   */
  private async unjudged<T>(
    voterId: number,
    categoryId: number,
    judged: Set<string>,
    pick: () => T,
    pairOf: (picked: T) => ChosenPair | null,
  ): Promise<T> {
    const { servedPairs } = this.store.repos;
    for (let draw = 0; draw < JUDGED_DRAWS; draw += 1) {
      const picked = pick();
      const pair = pairOf(picked);
      if (pair === null) return picked;
      const [left, right] = [Number(pair.left.id), Number(pair.right.id)];
      const [lo, hi] = left < right ? [left, right] : [right, left];
      if (!(await servedPairs.hasJudged(voterId, lo, hi))) return picked;
      judged.add(`${lo}:${hi}`);
    }
    for (const key of await servedPairs.judgedPairs(voterId, categoryId)) judged.add(key);
    return pick();
  }

  /**
   * Forgets the pairs that expired unanswered more than a day ago, a chunk per statement with
   * the event loop free between them (ADR 0032); answers how many. A vote on one is then refused
   * as a pair never served, which the client takes as it takes an expired one: it moves on.
   */
  async forgetExpiredPairs(): Promise<number> {
    const before = this.clock.now() - EXPIRED_PAIRS_KEPT_MS;
    let forgotten = 0;
    for (;;) {
      const removed = await this.store.repos.servedPairs.deleteExpiredPairs(before, FORGET_CHUNK);
      forgotten += removed;
      if (removed < FORGET_CHUNK) return forgotten;
      await yieldToEventLoop();
    }
  }

  /** The invited pair when the invitation is honoured now, else null (a normal pair). */
  private async invitedPair(
    photoId: number | null | undefined,
    categoryId: number,
    voterId: number,
    now: number,
    pick: (photoId: string) => Promise<ChosenPair | null>,
  ): Promise<PickResult | null> {
    if (photoId === null || photoId === undefined) return null;
    const { servedPairs } = this.store.repos;
    const today = startOfDay(currentDay(now, this.settings.timeZone), this.settings.timeZone);
    if (await servedPairs.invitedSince(voterId, categoryId, photoId, today)) return null;
    // The index holds the category's active photos only: any other photo finds no pair here.
    const pair = await pick(String(photoId));
    return pair === null ? null : { pair, reason: null };
  }

  private async serve(
    servedPairs: Repositories['servedPairs'],
    pair: ChosenPair,
    cardRows: CardRow[],
    context: ServeContext,
  ): Promise<Pair> {
    const { voterId, categoryId, caller, now } = context;
    const left = Number(pair.left.id);
    const right = Number(pair.right.id);
    const served: ServedPairRow = {
      id: randomToken(16),
      voter_id: voterId,
      anonymous_id: caller.anonymousId,
      user_id: caller.userId,
      category_id: categoryId,
      left_photo_id: left,
      right_photo_id: right,
      photo_lo: Math.min(left, right),
      photo_hi: Math.max(left, right),
      kind: pair.kind,
      boosted_photo_id: pair.boostedPhotoId === null ? null : Number(pair.boostedPhotoId),
      gold_expected_winner_id:
        pair.goldExpectedWinnerId === null ? null : Number(pair.goldExpectedWinnerId),
      invited_photo_id: context.invitedPhotoId,
      served_at: now,
      expires_at: now + this.settings.pairTtlMs,
      vote_id: null,
    };
    await servedPairs.insertServedPair(served);
    const cards = new Map(cardRows.map((row) => [row.id, row]));
    const card = (id: number) => {
      const row = cards.get(id);
      if (!row) throw new AppError(ErrorCode.NO_PAIR_AVAILABLE);
      return toCard(row, served.boosted_photo_id === id);
    };
    return {
      pair_id: served.id,
      category_id: categoryId,
      photos: [card(left), card(right)],
      expires_at: new Date(served.expires_at).toISOString(),
    };
  }

  async submitVote(
    input: CallInput<'submit_photo_rating'>,
    caller: Caller,
  ): Promise<SubmitRatingResponse> {
    const now = this.clock.now();
    const winnerId = input.winner_photo_id;
    const loserId = input.loser_photo_id;
    if (winnerId === loserId) {
      throw new AppError(
        ErrorCode.VALIDATION_FAILED,
        {
          zh: '参数无效：loser_photo_id（不能与 winner_photo_id 相同）',
          en: 'Invalid parameter loser_photo_id: must differ from winner_photo_id',
        },
        {
          field: 'loser_photo_id',
          issues: [{ field: 'loser_photo_id', problem: 'must differ from winner_photo_id' }],
        },
      );
    }
    const lo = Math.min(winnerId, loserId);
    const hi = Math.max(winnerId, loserId);
    const voter = await this.identity.resolveVoter(caller.anonymousId, caller.userId, now);
    const pairId =
      input.pair_id ?? (await this.store.repos.servedPairs.latestServedPairId(voter.id, lo, hi));
    if (pairId === undefined) throw new AppError(ErrorCode.PAIR_NOT_SERVED);
    // The category's index must be in memory before the transaction: loading it reads through
    // the root connection, which SQLite's single connection would never hand over mid-transaction
    // (a vote can reach a process that never served a pair of that category: after a restart, or
    // through another instance).
    const categoryId = await this.store.repos.servedPairs.servedPairCategory(pairId);
    if (categoryId !== undefined) await this.indexes.current(categoryId);

    const outcome = await this.votes.record({
      pairId,
      winnerId,
      lo,
      hi,
      voterId: voter.id,
      caller,
      input,
      now,
    });
    if (outcome.applied) {
      this.metrics.voteAccepted();
      const state = await this.indexes.get(outcome.categoryId);
      for (const photo of outcome.applied) {
        state.index.update(String(photo.id), {
          mu: photo.mu,
          sigma2: photo.sigma2,
          comparisons: photo.comparisons,
          boostRemaining: photo.boost_remaining,
          boostServed: photo.boost_served,
        });
      }
    }
    return outcome.response;
  }
}
