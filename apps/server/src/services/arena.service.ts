import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  ONBOARDING_VOTES_TO_UNLOCK,
  type CallInput,
  type Pair,
  type PhotoCard,
  type SubmitRatingResponse,
} from '@yanzhi/contract';
import type { ArenaSettings } from '../config.js';
import type { ServedPairRow } from '../db/schema.js';
import { fuelForVote, photoAchievementKeys, voterAchievementKeys } from '../domain/achievements.js';
import type { Clock } from '../domain/clock.js';
import { dayKey, nextStreak } from '../domain/day.js';
import { neighbourhoodHash } from '../domain/network.js';
import {
  assessVoter,
  goldOutcome,
  isProvisional,
  isFishing,
  isTooFast,
  onlineCrowdFactor,
  pickPair,
  priorVoterWeight,
  type ChosenPair,
  recordVote,
  scoreOf,
  updateOnline,
  type RatingParams,
  type Rng,
} from '../domain/rating/index.js';
import { AppError } from '../errors.js';
import type { Metrics } from '../lib/metrics.js';
import type { ArenaRepository, CardRow, RatedPhotoRow } from '../repositories/arena.repository.js';
import type { FuelWallet } from '../repositories/fuel.repository.js';
import type { Repositories } from '../repositories/index.js';
import type { Store } from '../repositories/store.js';
import { userVoterKey } from '../repositories/voter.repository.js';
import { achievementsByKey } from '../views/achievement-view.js';
import type { IdentityService } from './identity.service.js';
import type { ArenaIndexes } from '../indexes/arena-indexes.js';
import { imageOf } from '../views/image-view.js';

/** Pairs served to and votes cast from the caller's address and neighbourhood this hour. */
export interface CallerTraffic {
  address: { served: number; voted: number };
  neighbourhood: { served: number; voted: number };
  /** Votes from the neighbourhood on each photo of the vote this hour, this one included. */
  photoVotes: { winner: number; loser: number };
}

export interface Caller {
  userId: number | null;
  anonymousId: string;
  /** The network address the call came from (its neighbourhood is stored with a vote). */
  address?: string;
  traffic?: CallerTraffic;
}

const RECENT_PAIRS = 5;

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
    private readonly store: Store<'arena' | 'categories' | 'fuel' | 'voters'>,
    private readonly identity: IdentityService,
    private readonly indexes: ArenaIndexes,
    private readonly clock: Clock,
    private readonly rng: Rng,
    private readonly params: RatingParams,
    private readonly settings: ArenaSettings & { timeZone: string },
    private readonly metrics: Metrics,
  ) {}

  async getPair(categoryId: number, caller: Caller): Promise<Pair> {
    const now = this.clock.now();
    if (!(await this.store.repos.categories.findActive(categoryId))) {
      throw new AppError(ErrorCode.CATEGORY_NOT_FOUND);
    }
    const arena = this.store.repos.arena;
    const voter = await this.identity.resolveVoter(caller.anonymousId, caller.userId, now);
    const { index } = await this.indexes.current(categoryId);
    const unavailable = await arena.unavailablePairs(voter.id, categoryId, now);
    const recent = await arena.recentServed(voter.id, RECENT_PAIRS);
    const recentOwners = recent
      .flatMap((pair) => [pair.left_photo_id, pair.right_photo_id])
      .map((id) => index.get(String(id))?.ownerId)
      .filter((owner): owner is string => owner !== undefined);

    const voterView = {
      userId: caller.userId === null ? null : String(caller.userId),
      hasJudged: (a: string, b: string) => {
        const [lo, hi] = Number(a) < Number(b) ? [a, b] : [b, a];
        return unavailable.has(`${lo}:${hi}`);
      },
      recentOwners,
      // At most one boosted pair in a voter's last few (a per-voter cap on paid exposure).
      allowBoost: !recent.some((pair) => pair.kind === 'boost'),
    };
    // A photo removed by another process (admin CLI, another instance) may linger in this
    // index until the next refit: drop it when its row is gone and pick again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const result = pickPair(index, voterView, this.rng, this.params);
      if (!result.pair) throw new AppError(ErrorCode.NO_PAIR_AVAILABLE);
      const ids: [number, number] = [Number(result.pair.left.id), Number(result.pair.right.id)];
      const cards = await arena.cards(ids);
      if (cards.length === 2)
        return this.serve(arena, result.pair, cards, voter.id, categoryId, caller, now);
      for (const id of ids) if (!cards.some((card) => card.id === id)) index.remove(String(id));
    }
    throw new AppError(ErrorCode.NO_PAIR_AVAILABLE);
  }

  private async serve(
    arena: ArenaRepository,
    pair: ChosenPair,
    cardRows: CardRow[],
    voterId: number,
    categoryId: number,
    caller: Caller,
    now: number,
  ): Promise<Pair> {
    const left = Number(pair.left.id);
    const right = Number(pair.right.id);
    const served: ServedPairRow = {
      id: randomBytes(16).toString('base64url'),
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
      served_at: now,
      expires_at: now + this.settings.pairTtlMs,
      vote_id: null,
    };
    await arena.insertServedPair(served);
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
      input.pair_id ?? (await this.store.repos.arena.latestServedPairId(voter.id, lo, hi));
    if (pairId === undefined) throw new AppError(ErrorCode.PAIR_NOT_SERVED);
    // The category's index must be in memory before the transaction: loading it reads through
    // the root connection, which SQLite's single connection would never hand over mid-transaction
    // (a vote can reach a process that never served a pair of that category: after a restart, or
    // through another instance).
    const categoryId = await this.store.repos.arena.servedPairCategory(pairId);
    if (categoryId !== undefined) await this.indexes.current(categoryId);

    const outcome = await this.store.transaction((repos) =>
      this.recordVote(repos, { pairId, winnerId, lo, hi, voterId: voter.id, caller, input, now }),
    );
    if (outcome.applied) {
      this.metrics.voteAccepted();
      const state = await this.indexes.get(outcome.categoryId);
      for (const photo of outcome.applied) {
        state.index.update(String(photo.id), {
          mu: photo.mu,
          sigma2: photo.sigma2,
          comparisons: photo.comparisons,
          boostRemaining: photo.boost_remaining,
        });
      }
    }
    return outcome.response;
  }

  private async recordVote(
    { arena, voters, fuel }: Pick<Repositories, 'arena' | 'voters' | 'fuel'>,
    vote: {
      pairId: string;
      winnerId: number;
      lo: number;
      hi: number;
      voterId: number;
      caller: Caller;
      input: CallInput<'submit_photo_rating'>;
      now: number;
    },
  ): Promise<{
    response: SubmitRatingResponse;
    categoryId: number;
    applied: RatedPhotoRow[] | null;
  }> {
    const { now } = vote;
    const pair = await arena.lockServedPair(vote.pairId);
    if (
      !pair ||
      pair.voter_id !== vote.voterId ||
      pair.photo_lo !== vote.lo ||
      pair.photo_hi !== vote.hi ||
      pair.user_id !== vote.caller.userId
    ) {
      throw new AppError(ErrorCode.PAIR_NOT_SERVED);
    }
    const wallet: FuelWallet =
      vote.caller.userId === null
        ? { kind: 'voter', id: vote.voterId }
        : { kind: 'user', id: vote.caller.userId };

    if (pair.vote_id !== null) {
      const recorded = await arena.findVote(pair.vote_id);
      if (!recorded || recorded.winner_photo_id !== vote.winnerId) {
        throw new AppError(ErrorCode.PAIR_ALREADY_JUDGED);
      }
      const voter = await voters.lock(vote.voterId);
      return {
        categoryId: pair.category_id,
        applied: null,
        response: {
          already_recorded: true,
          winner: {
            id: recorded.winner_photo_id,
            current_score: recorded.winner_score_after,
            previous_score: recorded.winner_score_before,
            provisional: true,
          },
          loser: {
            id: recorded.loser_photo_id,
            current_score: recorded.loser_score_after,
            previous_score: recorded.loser_score_before,
            provisional: true,
          },
          fuel_earned: recorded.fuel_earned,
          fuel: await fuel.balance(wallet),
          achievements: [],
          onboarding: onboardingOf(voter.total_votes, voter.total_votes),
        },
      };
    }
    if (pair.expires_at <= now) throw new AppError(ErrorCode.PAIR_EXPIRED);

    const photos = await arena.lockPhotos([vote.lo, vote.hi]);
    const winner = photos.find((photo) => photo.id === vote.winnerId);
    const loser = photos.find((photo) => photo.id !== vote.winnerId);
    if (!winner || !loser || winner.state !== 'active' || loser.state !== 'active') {
      throw new AppError(ErrorCode.PHOTO_NOT_FOUND);
    }

    const voter = await voters.lock(vote.voterId);
    const side = vote.winnerId === pair.left_photo_id ? 'left' : 'right';
    const dwellMs = now - pair.served_at;
    const gold =
      pair.kind === 'gold' && pair.gold_expected_winner_id !== null
        ? goldOutcome(String(pair.gold_expected_winner_id), String(vote.winnerId))
        : null;
    const params = this.params;
    const activity = recordVote(
      {
        votes: voter.total_votes,
        leftVotes: voter.left_votes,
        rightVotes: voter.right_votes,
        fastVotes: voter.fast_votes,
        goldPassed: voter.gold_passed,
        goldFailed: voter.gold_failed,
      },
      { side, dwellMs, gold },
      params,
    );
    const tooFast = isTooFast(dwellMs, params);
    const suspicious = assessVoter(activity, params).suspicious;
    const traffic = vote.caller.traffic;
    const fishing =
      traffic !== undefined &&
      (isFishing(traffic.address.served, traffic.address.voted, params) ||
        isFishing(traffic.neighbourhood.served, traffic.neighbourhood.voted, params));
    const reliability =
      tooFast || suspicious || fishing ? 0 : (voter.refit_weight ?? priorVoterWeight(params));
    // The online update is a preview until the next refit, which weighs trust and neighbourhoods
    // in full (ADR 0024); until then a crowd behind one neighbourhood moves a photo only so far.
    const weight =
      reliability *
      onlineCrowdFactor(traffic?.photoVotes.winner ?? 1, traffic?.photoVotes.loser ?? 1, params);

    const { referenceMus } = await this.indexes.get(pair.category_id);
    const updated = updateOnline(winner, loser, weight, params);
    const winnerScore = scoreOf(updated.winner.mu, referenceMus, params);
    const loserScore = scoreOf(updated.loser.mu, referenceMus, params);

    const today = dayKey(now, this.settings.timeZone);
    const fuelEarned = fuelForVote(
      reliability,
      this.settings,
      voter.day === today ? voter.day_fuel : 0,
    );
    const boostSettled =
      pair.boosted_photo_id !== null &&
      vote.input.boosted_photo_id === pair.boosted_photo_id &&
      photos.some((photo) => photo.id === pair.boosted_photo_id && photo.boost_remaining > 0);

    const voteId = await arena.insertVote({
      pair_id: pair.id,
      category_id: pair.category_id,
      voter_id: vote.voterId,
      user_id: vote.caller.userId,
      winner_photo_id: winner.id,
      loser_photo_id: loser.id,
      photo_lo: vote.lo,
      photo_hi: vote.hi,
      side,
      kind: pair.kind,
      dwell_ms: dwellMs,
      weight,
      gold,
      fuel_earned: fuelEarned,
      winner_score_before: winner.current_score,
      winner_score_after: winnerScore,
      loser_score_before: loser.current_score,
      loser_score_after: loserScore,
      net: vote.caller.address === undefined ? null : neighbourhoodHash(vote.caller.address),
      created_at: now,
    });
    await arena.markJudged(pair.id, voteId);

    const after = (
      photo: RatedPhotoRow,
      state: { mu: number; sigma2: number },
      won: boolean,
      score: number,
    ) => ({
      ...photo,
      mu: state.mu,
      sigma2: state.sigma2,
      comparisons: photo.comparisons + 1,
      wins: photo.wins + (won ? 1 : 0),
      win_streak: won ? photo.win_streak + 1 : 0,
      current_score: score,
      provisional: isProvisional(state.sigma2, params) ? 1 : 0,
      boost_remaining:
        boostSettled && photo.id === pair.boosted_photo_id
          ? photo.boost_remaining - 1
          : photo.boost_remaining,
    });
    const winnerAfter = after(winner, updated.winner, true, winnerScore);
    const loserAfter = after(loser, updated.loser, false, loserScore);
    for (const photo of [winnerAfter, loserAfter]) {
      const {
        id,
        mu,
        sigma2,
        comparisons,
        wins,
        win_streak,
        current_score,
        provisional,
        boost_remaining,
      } = photo;
      await arena.updatePhoto(
        id,
        { mu, sigma2, comparisons, wins, win_streak, current_score, provisional, boost_remaining },
        now,
      );
    }

    const totalVotes = voter.total_votes + 1;
    const streakDays = nextStreak(voter.day, voter.streak_days, today);
    await voters.update(
      vote.voterId,
      {
        total_votes: totalVotes,
        left_votes: activity.leftVotes,
        right_votes: activity.rightVotes,
        fast_votes: activity.fastVotes,
        gold_passed: activity.goldPassed,
        gold_failed: activity.goldFailed,
        day: today,
        day_votes: (voter.day === today ? voter.day_votes : 0) + 1,
        day_fuel: (voter.day === today ? voter.day_fuel : 0) + fuelEarned,
        streak_days: streakDays,
      },
      now,
    );
    if (fuelEarned > 0) await fuel.change(wallet, fuelEarned, 'vote', `vote:${voteId}`, now);

    const unlocked = await voters.unlock(
      vote.voterId,
      voterAchievementKeys({ totalVotes, streakDays }),
      now,
      true,
    );
    const ownerKeys = photoAchievementKeys({
      winStreak: winnerAfter.win_streak,
      currentScore: winnerAfter.current_score,
    });
    if (ownerKeys.length > 0) {
      const owner = await voters.findOrCreate(userVoterKey(winner.user_id), winner.user_id, now);
      await voters.unlock(owner.id, ownerKeys, now, false);
    }
    const announced = [...unlocked, ...(await voters.takeUnannounced(vote.voterId, now))];
    // Most votes announce nothing: then there is nothing to look up.
    const achievementRows = announced.length > 0 ? await voters.achievements(vote.voterId) : [];

    return {
      categoryId: pair.category_id,
      applied: [winnerAfter, loserAfter],
      response: {
        already_recorded: false,
        winner: {
          id: winner.id,
          current_score: winnerScore,
          previous_score: winner.current_score,
          provisional: winnerAfter.provisional === 1,
        },
        loser: {
          id: loser.id,
          current_score: loserScore,
          previous_score: loser.current_score,
          provisional: loserAfter.provisional === 1,
        },
        fuel_earned: fuelEarned,
        fuel: await fuel.balance(wallet),
        achievements: achievementsByKey(announced, achievementRows),
        onboarding: onboardingOf(voter.total_votes, totalVotes),
      },
    };
  }
}

function onboardingOf(before: number, after: number): SubmitRatingResponse['onboarding'] {
  return {
    votes: Math.min(after, ONBOARDING_VOTES_TO_UNLOCK),
    required: ONBOARDING_VOTES_TO_UNLOCK,
    unlocked: after >= ONBOARDING_VOTES_TO_UNLOCK,
    just_unlocked: before < ONBOARDING_VOTES_TO_UNLOCK && after >= ONBOARDING_VOTES_TO_UNLOCK,
  };
}
