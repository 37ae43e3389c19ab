import type { RevealedScore, SubmitRatingResponse } from '@yanzhi/contract';
import type { FuelRules } from '../fuel.js';
import type { RatingParams } from '../rating/index.js';
import type { VoteTraffic } from './vote-weight.js';

/** What a vote is decided from (the facts the service read under locks) and what it decides. */
/** The served pair a vote judges, as it was stored when served. */
export interface JudgedPair {
  left_photo_id: number;
  kind: string;
  boosted_photo_id: number | null;
  gold_expected_winner_id: number | null;
  served_at: number;
}

/** A photo's rating state, as locked for the vote. */
export interface RatedPhoto {
  id: number;
  mu: number;
  sigma2: number;
  comparisons: number;
  wins: number;
  win_streak: number;
  current_score: number;
  provisional: number;
  boost_remaining: number;
  /** Boosted exposures ever settled (boost-delivery.ts). */
  boost_served: number;
}

/** The counters a vote moves on its voter. */
export interface VoterCounters {
  total_votes: number;
  left_votes: number;
  right_votes: number;
  fast_votes: number;
  gold_passed: number;
  gold_failed: number;
  day: string | null;
  day_votes: number;
  day_fuel: number;
  streak_days: number;
}

/** Everything the service has read (under locks) before a vote is decided. */
export interface VoteFacts<P extends RatedPhoto> {
  pair: JudgedPair;
  winner: P;
  loser: P;
  voter: VoterCounters & { refit_weight: number | null };
  /** The boosted photo the vote names: it settles that exposure when it is the pair's. */
  namedBoost: number | null | undefined;
  traffic: VoteTraffic | undefined;
  now: number;
  /** The category's display score of a strength (against its current reference set). */
  scoreOf: (mu: number) => number;
}

export interface VoteRules {
  params: RatingParams;
  fuel: FuelRules;
  timeZone: string;
}

/** The vote's own record: how it was cast, what it weighed, earned and revealed. */
export interface VoteRecordFields {
  side: 'left' | 'right';
  dwell_ms: number;
  gold: 'passed' | 'failed' | null;
  /** Weight in the online update: 0 keeps the vote as a match that moves and earns nothing. */
  weight: number;
  fuel_earned: number;
  winner_score_before: number;
  winner_score_after: number;
  loser_score_before: number;
  loser_score_after: number;
}

/** What a vote changes: the vote's own record, both photos, the voter and what it earned. */
export interface VoteDecision<P extends RatedPhoto> {
  vote: VoteRecordFields;
  /** The photos after the vote (the winner first). */
  winner: P;
  loser: P;
  /** The scores revealed to the voter. */
  revealed: { winner: RevealedScore; loser: RevealedScore };
  voter: VoterCounters;
  /** Achievements earned by the voter's own voting, and by the winner for its owner. */
  achievements: { voter: string[]; owner: string[] };
  onboarding: SubmitRatingResponse['onboarding'];
}
