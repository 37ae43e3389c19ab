import type { RevealedScore } from '@yanzhi/contract';
import { photoAchievementKeys, voterAchievementKeys } from '../achievements.js';
import { dayKey, nextStreak } from '../day.js';
import { fuelEarnedOn, fuelForVote } from '../fuel.js';
import {
  goldOutcome,
  isProvisional,
  placementWith,
  recordVote,
  updateOnline,
  type RatingParams,
  type RatingState,
  type VoterActivity,
} from '../rating/index.js';
import { onboardingOf } from './onboarding.js';
import type {
  RatedPhoto,
  VoteDecision,
  VoteFacts,
  VoteRules,
  VoterCounters,
} from './vote-facts.js';
import { onlineWeight, voteReliability } from './vote-weight.js';

/** The outcome of one accepted vote (DESIGN §5, §6). Pure: the same facts, the same decision. */
export function decideVote<P extends RatedPhoto>(
  facts: VoteFacts<P>,
  rules: VoteRules,
): VoteDecision<P> {
  const { pair, voter } = facts;
  const { params } = rules;
  const side = facts.winner.id === pair.left_photo_id ? 'left' : 'right';
  const dwellMs = facts.now - pair.served_at;
  const gold =
    pair.kind === 'gold' && pair.gold_expected_winner_id !== null
      ? goldOutcome(String(pair.gold_expected_winner_id), String(facts.winner.id))
      : null;
  const activity = recordVote(activityOf(voter), { side, dwellMs, gold }, params);
  const reliability = voteReliability(
    { activity, dwellMs, refitWeight: voter.refit_weight, traffic: facts.traffic },
    params,
  );
  const weight = onlineWeight(reliability, facts.traffic, params);
  const today = dayKey(facts.now, rules.timeZone);
  const fuelEarned = fuelForVote(reliability, rules.fuel, fuelEarnedOn(voter, today));

  const updated = updateOnline(facts.winner, facts.loser, weight, params);
  const settled = settledBoost(facts);
  const photoAfter = (photo: P, state: RatingState, won: boolean) =>
    ratedAfter(photo, state, won, facts.scoreOf(state.mu), photo.id === settled, params);
  const winner = photoAfter(facts.winner, updated.winner, true);
  const loser = photoAfter(facts.loser, updated.loser, false);

  const totalVotes = voter.total_votes + 1;
  const streakDays = nextStreak(voter.day, voter.streak_days, today);
  return {
    vote: {
      side,
      dwell_ms: dwellMs,
      gold,
      weight,
      fuel_earned: fuelEarned,
      winner_score_before: facts.winner.current_score,
      winner_score_after: winner.current_score,
      loser_score_before: facts.loser.current_score,
      loser_score_after: loser.current_score,
    },
    winner,
    loser,
    revealed: {
      winner: revealed(facts.winner, winner, updated.winner, facts.scoreOf, params),
      loser: revealed(facts.loser, loser, updated.loser, facts.scoreOf, params),
    },
    voter: {
      total_votes: totalVotes,
      left_votes: activity.leftVotes,
      right_votes: activity.rightVotes,
      fast_votes: activity.fastVotes,
      gold_passed: activity.goldPassed,
      gold_failed: activity.goldFailed,
      day: today,
      day_votes: (voter.day === today ? voter.day_votes : 0) + 1,
      day_fuel: fuelEarnedOn(voter, today) + fuelEarned,
      streak_days: streakDays,
    },
    achievements: {
      voter: voterAchievementKeys({ totalVotes, streakDays }),
      owner: photoAchievementKeys({
        winStreak: winner.win_streak,
        currentScore: winner.current_score,
      }),
    },
    onboarding: onboardingOf(voter.total_votes, totalVotes),
  };
}

function activityOf(voter: VoterCounters): VoterActivity {
  return {
    votes: voter.total_votes,
    leftVotes: voter.left_votes,
    rightVotes: voter.right_votes,
    fastVotes: voter.fast_votes,
    goldPassed: voter.gold_passed,
    goldFailed: voter.gold_failed,
  };
}

/**
 * The photo whose boosted exposure this vote uses up, if any: the pair's boosted photo, named by
 * the vote, with exposures left to settle (DESIGN §6). Null: nothing is settled.
 */
function settledBoost(facts: VoteFacts<RatedPhoto>): number | null {
  const boosted = facts.pair.boosted_photo_id;
  if (boosted === null || facts.namedBoost !== boosted) return null;
  const photo = [facts.winner, facts.loser].find((candidate) => candidate.id === boosted);
  return photo !== undefined && photo.boost_remaining > 0 ? boosted : null;
}

function ratedAfter<P extends RatedPhoto>(
  photo: P,
  state: RatingState,
  won: boolean,
  score: number,
  boostSettled: boolean,
  params: RatingParams,
): P {
  return {
    ...photo,
    mu: state.mu,
    sigma2: state.sigma2,
    comparisons: photo.comparisons + 1,
    wins: photo.wins + (won ? 1 : 0),
    win_streak: won ? photo.win_streak + 1 : 0,
    current_score: score,
    provisional: isProvisional(state.sigma2, params) ? 1 : 0,
    boost_remaining: boostSettled ? photo.boost_remaining - 1 : photo.boost_remaining,
    boost_served: boostSettled ? photo.boost_served + 1 : photo.boost_served,
  };
}

/** A photo's score as the vote reveals it, with its range while it is still being placed. */
function revealed(
  before: RatedPhoto,
  after: RatedPhoto,
  state: RatingState,
  scoreOf: (mu: number) => number,
  params: RatingParams,
): RevealedScore {
  const placement =
    after.provisional === 1 ? placementWith(state.mu, state.sigma2, scoreOf, params) : null;
  return {
    id: before.id,
    current_score: after.current_score,
    previous_score: before.current_score,
    provisional: after.provisional === 1,
    placement:
      placement === null
        ? null
        : {
            matches_to_place: placement.matchesToPlace,
            score_low: placement.scoreLow,
            score_high: placement.scoreHigh,
          },
  };
}
