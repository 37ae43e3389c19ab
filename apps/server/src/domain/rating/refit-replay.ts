/**
 * Votes cast while a refit ran (ADR 0017, issue 18). The fit runs on a snapshot, the votes up to
 * the last one it read, while the server goes on taking votes, each moving its two photos online
 * (online.ts). Writing the fit's μ and σ² as they are would erase those moves until the next
 * refit. Instead each photo is written with the fit's belief and, on top of it, the online
 * updates of the newer votes on it, replayed in the order they were cast with the weight they had:
 * the refit's correction and every vote's effect are both kept.
 */
import { updateOnline, priorState, type RatingState } from './online.js';
import { DEFAULT_RATING_PARAMS, type RatingParams } from './params.js';

/** A vote newer than the fit's snapshot, as stored. */
export interface NewerVote {
  readonly winner: number;
  readonly loser: number;
  /** The weight its online update had (0: it moved nothing). */
  readonly weight: number;
}

/**
 * The beliefs of the photos `votes` name after those votes (oldest first) are applied to the
 * fit's beliefs, each vote to the states its photos have reached in the replay. `fitted` answers
 * a photo's belief in the fit, or undefined for a photo the fit did not see (uploaded after its
 * snapshot), which starts from the prior as it did online. Pure.
 */
export function replayNewerVotes(
  fitted: (photoId: number) => RatingState | undefined,
  votes: readonly NewerVote[],
  params: RatingParams = DEFAULT_RATING_PARAMS,
): Map<number, RatingState> {
  const states = new Map<number, RatingState>();
  const stateOf = (id: number) => states.get(id) ?? fitted(id) ?? priorState(params);
  for (const vote of votes) {
    if (vote.winner === vote.loser) continue;
    const updated = updateOnline(stateOf(vote.winner), stateOf(vote.loser), vote.weight, params);
    states.set(vote.winner, updated.winner);
    states.set(vote.loser, updated.loser);
  }
  return states;
}
