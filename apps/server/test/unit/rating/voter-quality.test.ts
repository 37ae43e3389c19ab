import { describe, expect, it } from 'vitest';
import {
  EMPTY_VOTER_ACTIVITY,
  assessVoter,
  goldOutcome,
  isTooFast,
  onlineVoteWeight,
  ratingParams,
  recordVote,
  type ObservedVote,
  type VoterActivity,
} from '../../../src/domain/rating/index.js';

const replay = (votes: ObservedVote[]): VoterActivity =>
  votes.reduce((activity, vote) => recordVote(activity, vote), EMPTY_VOTER_ACTIVITY);
const many = (count: number, vote: (k: number) => ObservedVote) =>
  Array.from({ length: count }, (_, k) => vote(k));

describe('voter quality heuristics', () => {
  it('flags inhuman speed only with enough fast votes', () => {
    expect(isTooFast(100)).toBe(true);
    expect(isTooFast(400)).toBe(false);
    expect(isTooFast(Number.NaN)).toBe(true);
    const fast = replay(
      many(10, (k) => ({ side: k % 2 ? 'left' : 'right', dwellMs: k < 5 ? 150 : 2000 })),
    );
    expect(assessVoter(fast).reasons).toEqual(['too_fast']);
    const fewFast = replay(
      many(10, (k) => ({ side: k % 2 ? 'left' : 'right', dwellMs: k < 4 ? 150 : 2000 })),
    );
    expect(assessVoter(fewFast).suspicious).toBe(false);
    const short = replay(many(9, (k) => ({ side: k % 2 ? 'left' : 'right', dwellMs: 100 })));
    expect(assessVoter(short).suspicious).toBe(false);
  });

  it('flags always the same side over enough votes', () => {
    const left = replay(many(20, (k) => ({ side: k < 18 ? 'left' : 'right', dwellMs: 2000 })));
    expect(assessVoter(left).reasons).toEqual(['same_side']);
    const balanced = replay(many(20, (k) => ({ side: k < 17 ? 'left' : 'right', dwellMs: 2000 })));
    expect(assessVoter(balanced).suspicious).toBe(false);
    const early = replay(many(19, () => ({ side: 'right', dwellMs: 2000 })));
    expect(assessVoter(early).suspicious).toBe(false);
  });

  it('flags failing gold pairs over enough of them', () => {
    expect(goldOutcome('a', 'a')).toBe('passed');
    expect(goldOutcome('a', 'b')).toBe('failed');
    const failing = replay(
      many(30, (k) => ({
        side: k % 2 ? 'left' : 'right',
        dwellMs: 2000,
        gold: k < 6 ? (k < 3 ? 'failed' : 'passed') : null,
      })),
    );
    expect(failing.goldFailed).toBe(3);
    expect(assessVoter(failing).reasons).toEqual(['gold_failures']);
    const fine = replay(
      many(30, (k) => ({
        side: k % 2 ? 'left' : 'right',
        dwellMs: 2000,
        gold: k < 6 ? (k < 2 ? 'failed' : 'passed') : null,
      })),
    );
    expect(assessVoter(fine).suspicious).toBe(false);
  });

  it("uses the thresholds from the parameters and zeroes a suspicious voter's weight", () => {
    const lenient = ratingParams({ sameSideShare: 1.01 });
    const left = replay(many(40, () => ({ side: 'left', dwellMs: 2000 })));
    expect(assessVoter(left, lenient).suspicious).toBe(false);
    expect(onlineVoteWeight(left, 0.9)).toBe(0);
    expect(onlineVoteWeight(left, 0.9, lenient)).toBe(0.9);
    expect(onlineVoteWeight(EMPTY_VOTER_ACTIVITY, 1.7)).toBe(1);
  });
});
