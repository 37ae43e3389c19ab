import type { RevealedScore } from '@yanzhi/contract';

/** What a vote claims about the pair it judges: who was served it and which two photos. */
export interface VoteClaim {
  voterId: number;
  userId: number | null;
  lo: number;
  hi: number;
}

/** The served pair's record of who it was served to. */
export interface ServedTo {
  voter_id: number;
  user_id: number | null;
  photo_lo: number;
  photo_hi: number;
}

/**
 * A vote counts only on a pair the server served to this voter, signed in as they are now, with
 * these two photos (DESIGN §5): anything else is a pair never served to them.
 */
export function isServedTo<T extends ServedTo>(pair: T | undefined, claim: VoteClaim): pair is T {
  return (
    pair !== undefined &&
    pair.voter_id === claim.voterId &&
    pair.photo_lo === claim.lo &&
    pair.photo_hi === claim.hi &&
    pair.user_id === claim.userId
  );
}

/** The two photos of a vote, when both are still in play; null: one is gone (or not active). */
export function votedPhotos<P extends { id: number; state: string }>(
  photos: readonly P[],
  winnerId: number,
): { winner: P; loser: P } | null {
  const winner = photos.find((photo) => photo.id === winnerId);
  const loser = photos.find((photo) => photo.id !== winnerId);
  if (!winner || !loser || winner.state !== 'active' || loser.state !== 'active') return null;
  return { winner, loser };
}

/** A vote as recorded: the scores it revealed, kept so a repeat gets the same answer. */
export interface RecordedVote {
  winner_photo_id: number;
  loser_photo_id: number;
  winner_score_before: number;
  winner_score_after: number;
  loser_score_before: number;
  loser_score_after: number;
  fuel_earned: number;
}

/**
 * A second submission on a judged pair: the same vote again is answered with what the first one
 * revealed (counted once); a different winner is a change of mind, which is refused (null).
 */
export function replayOf(
  recorded: RecordedVote | undefined,
  winnerId: number,
): { winner: RevealedScore; loser: RevealedScore; fuel_earned: number } | null {
  if (!recorded || recorded.winner_photo_id !== winnerId) return null;
  return {
    winner: {
      id: recorded.winner_photo_id,
      current_score: recorded.winner_score_after,
      previous_score: recorded.winner_score_before,
      provisional: true,
      // Not kept with the vote: a repeat shows the scores without a range.
      placement: null,
    },
    loser: {
      id: recorded.loser_photo_id,
      current_score: recorded.loser_score_after,
      previous_score: recorded.loser_score_before,
      provisional: true,
      // Not kept with the vote: a repeat shows the scores without a range.
      placement: null,
    },
    fuel_earned: recorded.fuel_earned,
  };
}
