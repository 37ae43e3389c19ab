/**
 * The steps of recording one vote inside its transaction (ArenaService.recordVote): writing what
 * the decision (domain/vote) settled, answering a repeat, announcing achievements. Every step
 * works through the repositories it is handed, all bound to the vote's transaction.
 */
import {
  ErrorCode,
  type Achievement,
  type CallInput,
  type SubmitRatingResponse,
} from '@yanzhi/contract';
import type { NewVote, ServedPairRow } from '../db/schema.js';
import type { FuelWallet } from '../domain/fuel.js';
import { neighbourhoodHash } from '../domain/network.js';
import { onboardingOf, replayOf, type VoteDecision } from '../domain/vote/index.js';
import { AppError } from '../errors.js';
import type { ArenaRepository, RatedPhotoRow } from '../repositories/arena.repository.js';
import type { FuelRepository } from '../repositories/fuel.repository.js';
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

/** The repositories a vote writes through, all bound to its transaction. */
export interface VoteRepositories {
  arena: ArenaRepository;
  voters: VoterRepository;
  fuel: FuelRepository;
}

export interface VoteOutcome {
  response: SubmitRatingResponse;
  categoryId: number;
  /** The photos' new rating state, for the in-memory index; null: nothing was counted. */
  applied: RatedPhotoRow[] | null;
}

/** Writes what a vote decided: the vote, its pair judged, both photos, the voter, the fuel. */
export async function saveVote(
  repositories: VoteRepositories,
  {
    pair,
    vote,
    decision,
    wallet,
  }: {
    pair: ServedPairRow;
    vote: PendingVote;
    decision: VoteDecision<RatedPhotoRow>;
    wallet: FuelWallet;
  },
): Promise<void> {
  const { arena, voters, fuel } = repositories;
  const voteId = await arena.insertVote(voteRow(pair, vote, decision));
  await arena.markJudged(pair.id, voteId);
  for (const photo of [decision.winner, decision.loser]) {
    await arena.updatePhoto(photo.id, ratingOf(photo), vote.now);
  }
  await voters.update(vote.voterId, decision.voter, vote.now);
  const earned = decision.vote.fuel_earned;
  if (earned > 0) await fuel.change(wallet, earned, 'vote', `vote:${voteId}`, vote.now);
}

/** The same vote submitted again: answered as the first time, counted once. */
export async function replayVote(
  repositories: VoteRepositories,
  voteId: number,
  categoryId: number,
  vote: PendingVote,
  wallet: FuelWallet,
): Promise<VoteOutcome> {
  const replay = replayOf(await repositories.arena.findVote(voteId), vote.winnerId);
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
): NewVote {
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

/** The rating columns a vote writes back to a photo. */
function ratingOf(photo: RatedPhotoRow) {
  const { mu, sigma2, comparisons, wins, win_streak, current_score, provisional } = photo;
  const { boost_remaining } = photo;
  return { mu, sigma2, comparisons, wins, win_streak, current_score, provisional, boost_remaining };
}

/**
 * Stores the achievements a vote earned (the voter's announced now, the winner's owner's at their
 * next vote) and returns what the voter is to be shown: the new ones and any left unannounced.
 */
export async function announce(
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
  // Most votes announce nothing: then there is nothing to look up.
  const rows = announced.length > 0 ? await voters.achievements(vote.voterId) : [];
  return achievementsByKey(announced, rows);
}
