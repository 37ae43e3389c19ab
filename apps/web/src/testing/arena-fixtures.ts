import type {
  Achievement,
  Pair,
  PhotoCard,
  SubmitRatingResponse,
  VoteStats,
} from '@yanzhi/contract';
import { ok, type CallTo, type OkEnvelope } from './mock-api';

/** Pairs, votes and stats as the server answers them, for the arena and onboarding tests. */

const FAR_FUTURE = '2099-01-01T00:00:00.000Z';
const PLACEHOLDER =
  'data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v3AgAA=';

export function photoCard(id: number, isBoosted = false): PhotoCard {
  return {
    id,
    image: {
      url: `/media/photos/${id}-display.webp`,
      medium_url: `/media/photos/${id}-medium.webp`,
      thumb_url: `/media/photos/${id}-thumb.webp`,
      width: 600,
      height: 800,
      placeholder: PLACEHOLDER,
    },
    is_boosted: isBoosted,
  };
}

/** Pair n shows photos 2n-1 and 2n. */
export function makePair(n: number, options: { boostedSide?: 0 | 1; categoryId?: number } = {}) {
  const pair: Pair = {
    pair_id: `pair-${n}`,
    category_id: options.categoryId ?? 1,
    photos: [
      photoCard(2 * n - 1, options.boostedSide === 0),
      photoCard(2 * n, options.boostedSide === 1),
    ],
    expires_at: FAR_FUTURE,
  };
  return pair;
}

/** A pair server: pair 1, 2, 3… on each request. */
export function pairServer(options: { boostedSide?: 0 | 1 } = {}) {
  let served = 0;
  const serve = (): OkEnvelope<Pair> => {
    served += 1;
    return ok(makePair(served, options));
  };
  return serve;
}

export function achievement(key: string, overrides: Partial<Achievement> = {}): Achievement {
  return {
    key,
    icon: 'first-vote',
    title: '初来乍到',
    title_en: 'First pick',
    description: '投出你的第一票',
    description_en: 'Cast your first vote',
    unlocked_at: null,
    progress: null,
    ...overrides,
  };
}

export function voteStats(overrides: Partial<VoteStats> = {}): VoteStats {
  return {
    total_votes: 0,
    today_votes: 0,
    fuel: 50,
    fuel_earned_today: 0,
    fuel_daily_cap: 100,
    onboarding: { votes: 0, required: 10, unlocked: false },
    streak_days: 0,
    achievements: [],
    ...overrides,
  };
}

interface VoteServerOptions {
  /** Votes the voter had cast before (drives the onboarding progress). */
  votesBefore?: number;
  fuelBefore?: number;
  fuelPerVote?: number;
  achievementsOnVote?: Record<number, Achievement[]>;
}

/**
 * A vote server: the winner gains 0.1, the loser drops 0.1 (both from 5.5), fuel and onboarding
 * progress grow by one vote each time.
 */
export function voteServer(options: VoteServerOptions = {}) {
  let votes = options.votesBefore ?? 0;
  let fuel = options.fuelBefore ?? 50;
  const perVote = options.fuelPerVote ?? 1;
  const serve = ({ body }: CallTo<'submit_photo_rating'>): OkEnvelope<SubmitRatingResponse> => {
    votes += 1;
    fuel += perVote;
    const answer: SubmitRatingResponse = {
      already_recorded: false,
      winner: {
        id: body.winner_photo_id,
        current_score: 560,
        previous_score: 550,
        provisional: true,
        placement: { matches_to_place: 12, score_low: 480, score_high: 640 },
      },
      loser: {
        id: body.loser_photo_id,
        current_score: 540,
        previous_score: 550,
        provisional: false,
        placement: null,
      },
      fuel_earned: perVote,
      fuel,
      achievements: options.achievementsOnVote?.[votes] ?? [],
      onboarding: { votes, required: 10, unlocked: votes >= 10, just_unlocked: votes === 10 },
    };
    return ok(answer);
  };
  return serve;
}
