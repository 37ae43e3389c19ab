import {
  ErrorCode,
  type Achievement,
  type CallInput,
  type SubmitRatingResponse,
} from '@yanzhi/contract';
import type { ArenaSettings } from '../config.js';
import type { ServedPairRow } from '../db/schema.js';
import { walletOf, type FuelWallet } from '../domain/fuel.js';
import { neighbourhoodHash } from '../domain/network.js';
import { scoreOf, type RatingParams } from '../domain/rating/index.js';
import {
  decideVote,
  isServedTo,
  onboardingOf,
  replayOf,
  votedPhotos,
  type VoteDecision,
} from '../domain/vote/index.js';
import { AppError } from '../errors.js';
import type { ArenaIndexes } from '../indexes/arena-indexes.js';
import type { Repositories } from '../repositories/index.js';
import type { RatedPhotoRow, VotedRating } from '../repositories/rating.repository.js';
import type { Store } from '../repositories/store.js';
import type { VoteValues } from '../repositories/vote.repository.js';
import { userVoterKey, type VoterRepository } from '../repositories/voter.repository.js';
import { achievementsByKey } from '../views/achievement-view.js';
import type { Caller } from './arena.service.js';

/** A vote on its way into the transaction, its served pair found and its voter known. */
export interface PendingVote {
  pairId: string;
  winnerId: number;
  lo: number;
  hi: number;
  voterId: number;
  caller: Caller;
  input: CallInput<'submit_photo_rating'>;
  now: number;
}

/** The repositories a vote reads and writes through, all bound to its transaction. */
type VoteRepositories = Pick<Repositories, 'fuel' | 'ratings' | 'servedPairs' | 'voters' | 'votes'>;

export interface VoteOutcome {
  response: SubmitRatingResponse;
  categoryId: number;
  /** The photos' new rating state, for the in-memory index; null: nothing was counted. */
  applied: RatedPhotoRow[] | null;
}

/**
 * Records a vote inside its transaction (DESIGN §5, §6): reads the facts (its served pair, both
 * photos, the voter), lets domain/vote decide, writes the decision, answers a repeat as the first
 * time and announces achievements.
 */
export class VoteService {
  constructor(
    private readonly store: Store<'fuel' | 'ratings' | 'servedPairs' | 'voters' | 'votes'>,
    private readonly indexes: ArenaIndexes,
    private readonly params: RatingParams,
    private readonly settings: ArenaSettings & { timeZone: string },
  ) {}

  /** Records a vote on its served pair in one transaction. */
  record(vote: PendingVote): Promise<VoteOutcome> {
    return this.store.transaction((repos) => this.recordIn(repos, vote));
  }

  private async recordIn(repos: VoteRepositories, vote: PendingVote): Promise<VoteOutcome> {
    const { servedPairs, ratings, voters, fuel } = repos;
    const { now } = vote;
    const pair = await servedPairs.lockServedPair(vote.pairId);
    const claim = { voterId: vote.voterId, userId: vote.caller.userId, lo: vote.lo, hi: vote.hi };
    if (!isServedTo(pair, claim)) throw new AppError(ErrorCode.PAIR_NOT_SERVED);
    const wallet = walletOf(vote.caller.userId, vote.voterId);
    if (pair.vote_id !== null) {
      return replayVote(repos, pair.vote_id, pair.category_id, vote, wallet);
    }
    if (pair.expires_at <= now) throw new AppError(ErrorCode.PAIR_EXPIRED);
    // The same two photos served again while the voter still held them (more than the pending
    // pairs a pick avoids) and judged through the other serving: that vote answers this one too.
    const earlier = await servedPairs.voteOnPair(vote.voterId, vote.lo, vote.hi);
    if (earlier !== undefined) {
      return replayVote(repos, earlier.id, pair.category_id, vote, wallet);
    }
    const photos = votedPhotos(await ratings.lockPhotos([vote.lo, vote.hi]), vote.winnerId);
    if (!photos) throw new AppError(ErrorCode.PHOTO_NOT_FOUND);
    const voter = await voters.lock(vote.voterId);
    const { referenceMus } = await this.indexes.get(pair.category_id);
    const decision = decideVote(
      {
        pair,
        winner: photos.winner,
        loser: photos.loser,
        voter,
        now,
        namedBoost: vote.input.boosted_photo_id,
        traffic: vote.caller.traffic,
        scoreOf: (mu) => scoreOf(mu, referenceMus, this.params),
      },
      { params: this.params, fuel: this.settings, timeZone: this.settings.timeZone },
    );
    const balance = await saveVote(repos, { pair, vote, decision, wallet, before: photos });
    const ownerId = photos.winner.user_id;
    const achievements = await announce(voters, vote, ownerId, decision.achievements);
    return {
      categoryId: pair.category_id,
      applied: [decision.winner, decision.loser],
      response: {
        already_recorded: false,
        ...decision.revealed,
        fuel_earned: decision.vote.fuel_earned,
        fuel: balance ?? (await fuel.balance(wallet)),
        achievements,
        onboarding: decision.onboarding,
      },
    };
  }
}

/** Writes what a vote decided: the vote, its pair judged, both photos, the voter, the fuel. */
async function saveVote(
  repositories: VoteRepositories,
  {
    pair,
    vote,
    decision,
    wallet,
    before,
  }: {
    pair: ServedPairRow;
    vote: PendingVote;
    decision: VoteDecision<RatedPhotoRow>;
    wallet: FuelWallet;
    before: { winner: RatedPhotoRow; loser: RatedPhotoRow };
  },
): Promise<number | undefined> {
  const { votes, servedPairs, ratings, voters, fuel } = repositories;
  const voteId = await votes.insertVote(voteRow(pair, vote, decision));
  await servedPairs.markJudged(pair.id, voteId);
  for (const [was, photo] of [
    [before.winner, decision.winner],
    [before.loser, decision.loser],
  ] as const) {
    await ratings.applyVote(photo.id, ratingOf(was, photo, vote.now), vote.now);
  }
  await voters.update(vote.voterId, decision.voter, vote.now);
  const earned = decision.vote.fuel_earned;
  // The wallet's balance after the credit, when the vote earned fuel; else read by the caller.
  if (earned > 0) {
    return fuel.credit({
      wallet,
      amount: earned,
      reason: 'vote',
      ref: `vote:${voteId}`,
      at: vote.now,
    });
  }
  return undefined;
}

/** The same vote submitted again: answered as the first time, counted once. */
async function replayVote(
  repositories: VoteRepositories,
  voteId: number,
  categoryId: number,
  vote: PendingVote,
  wallet: FuelWallet,
): Promise<VoteOutcome> {
  const replay = replayOf(await repositories.votes.findVote(voteId), vote.winnerId);
  if (!replay) throw new AppError(ErrorCode.PAIR_ALREADY_JUDGED);
  const voter = await repositories.voters.lock(vote.voterId);
  return {
    categoryId,
    applied: null,
    response: {
      already_recorded: true,
      ...replay,
      fuel: await repositories.fuel.balance(wallet),
      achievements: [],
      onboarding: onboardingOf(voter.total_votes, voter.total_votes),
    },
  };
}

function voteRow(
  pair: ServedPairRow,
  vote: PendingVote,
  decision: VoteDecision<RatedPhotoRow>,
): VoteValues {
  return {
    pair_id: pair.id,
    category_id: pair.category_id,
    voter_id: vote.voterId,
    user_id: vote.caller.userId,
    winner_photo_id: decision.winner.id,
    loser_photo_id: decision.loser.id,
    photo_lo: vote.lo,
    photo_hi: vote.hi,
    kind: pair.kind,
    ...decision.vote,
    net: vote.caller.address === undefined ? null : neighbourhoodHash(vote.caller.address),
    created_at: vote.now,
  };
}

/**
 * The rating columns a vote writes back to a photo, with the moments its owner's news reports
 * (placement finished, bought exposures used up) when this vote is the one that caused them
 * (null: not this vote, and the stored moment stays).
 */
function ratingOf(was: RatedPhotoRow, photo: RatedPhotoRow, now: number): VotedRating {
  const { mu, sigma2, comparisons, wins, win_streak, current_score, provisional } = photo;
  const { boost_remaining, boost_served } = photo;
  return {
    mu,
    sigma2,
    comparisons,
    wins,
    win_streak,
    current_score,
    provisional,
    boost_remaining,
    boost_served,
    placed_at: was.provisional === 1 && provisional === 0 ? now : null,
    boost_finished_at: was.boost_remaining > 0 && boost_remaining === 0 ? now : null,
  };
}

/**
 * Stores the achievements a vote earned (the voter's announced now, the winner's owner's at their
 * next vote) and returns what the voter is to be shown: the new ones and any left unannounced.
 */
async function announce(
  voters: VoterRepository,
  vote: PendingVote,
  ownerId: number,
  earned: { voter: string[]; owner: string[] },
): Promise<Achievement[]> {
  const unlocked = await voters.unlock(vote.voterId, earned.voter, vote.now, true);
  if (earned.owner.length > 0) {
    const owner = await voters.findOrCreate(userVoterKey(ownerId), ownerId, vote.now);
    await voters.unlock(owner.id, earned.owner, vote.now, false);
  }
  const announced = [...unlocked, ...(await voters.takeUnannounced(vote.voterId, vote.now))];
  // Most votes announce nothing: then there is nothing to look up or build.
  if (announced.length === 0) return [];
  return achievementsByKey(announced, await voters.achievements(vote.voterId));
}
