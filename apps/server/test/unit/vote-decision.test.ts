import { describe, expect, it } from 'vitest';
import { DEFAULT_RATING_PARAMS, priorVoterWeight } from '../../src/domain/rating/index.js';
import {
  decideVote,
  isServedTo,
  replayOf,
  votedPhotos,
  type RatedPhoto,
  type VoteFacts,
  type VoteRules,
} from '../../src/domain/vote/index.js';

// Noon in Shanghai on 2026-11-25.
const NOW = Date.UTC(2026, 10, 25, 4, 0, 0);
const TODAY = '2026-11-25';
const YESTERDAY = '2026-11-24';
const rules: VoteRules = {
  params: DEFAULT_RATING_PARAMS,
  fuel: { fuelPerVote: 2, reliabilityCutoff: 0.25, fuelDailyCap: 100 },
  timeZone: 'Asia/Shanghai',
};
const PRIOR_WEIGHT = priorVoterWeight(DEFAULT_RATING_PARAMS);

const photo = (id: number, over: Partial<RatedPhoto> = {}): RatedPhoto => ({
  id,
  mu: 0,
  sigma2: 1,
  comparisons: 0,
  wins: 0,
  win_streak: 0,
  current_score: 550,
  provisional: 1,
  boost_remaining: 0,
  boost_served: 0,
  ...over,
});

type Overrides = {
  pair?: Partial<VoteFacts<RatedPhoto>['pair']>;
  winner?: Partial<RatedPhoto>;
  loser?: Partial<RatedPhoto>;
  voter?: Partial<VoteFacts<RatedPhoto>['voter']>;
} & Partial<Pick<VoteFacts<RatedPhoto>, 'namedBoost' | 'traffic' | 'now'>>;

/** A first vote for the left photo (1) over the right (2), two seconds after the pair came. */
function facts(over: Overrides = {}): VoteFacts<RatedPhoto> {
  return {
    pair: {
      left_photo_id: 1,
      kind: 'info',
      boosted_photo_id: null,
      gold_expected_winner_id: null,
      served_at: NOW - 2000,
      ...over.pair,
    },
    winner: photo(1, over.winner),
    loser: photo(2, over.loser),
    voter: {
      total_votes: 0,
      left_votes: 0,
      right_votes: 0,
      fast_votes: 0,
      gold_passed: 0,
      gold_failed: 0,
      refit_weight: null,
      day: null,
      day_votes: 0,
      day_fuel: 0,
      streak_days: 0,
      ...over.voter,
    },
    namedBoost: over.namedBoost ?? null,
    traffic: over.traffic,
    now: over.now ?? NOW,
    // A display scale that shows every move of μ: 5.50 at the prior mean, 1.00 a unit.
    scoreOf: (mu) => Math.round(550 + 100 * mu),
  };
}

const quietTraffic = {
  address: { served: 10, voted: 10 },
  neighbourhood: { served: 10, voted: 10 },
  photoVotes: { winner: 1, loser: 1 },
};

describe('the vote as a decision (domain/vote)', () => {
  it('decides a first vote: prior weight, one fuel, first achievement, scores apart', () => {
    const decision = decideVote(facts(), rules);
    expect(decision.vote).toMatchObject({
      side: 'left',
      dwell_ms: 2000,
      gold: null,
      weight: PRIOR_WEIGHT,
      fuel_earned: 1,
      winner_score_before: 550,
      loser_score_before: 550,
    });
    expect(decision.winner.mu).toBeGreaterThan(0);
    expect(decision.loser.mu).toBeLessThan(0);
    expect(decision.vote.winner_score_after).toBe(decision.winner.current_score);
    expect(decision.vote.winner_score_after).toBeGreaterThan(550);
    expect(decision.vote.loser_score_after).toBeLessThan(550);
    expect(decision.winner).toMatchObject({ comparisons: 1, wins: 1, win_streak: 1 });
    expect(decision.loser).toMatchObject({ comparisons: 1, wins: 0, win_streak: 0 });
    expect(decision.revealed.winner).toEqual({
      id: 1,
      current_score: decision.winner.current_score,
      previous_score: 550,
      provisional: true,
      // A first comparison leaves the photo far from placed: a wide range around its score.
      placement: {
        matches_to_place: expect.any(Number) as number,
        score_low: expect.any(Number) as number,
        score_high: expect.any(Number) as number,
      },
    });
    const range = decision.revealed.winner.placement;
    expect(range?.matches_to_place).toBeGreaterThan(20);
    expect(range?.score_low).toBeLessThan(decision.winner.current_score);
    expect(range?.score_high).toBeGreaterThan(decision.winner.current_score);
    expect(decision.voter).toEqual({
      total_votes: 1,
      left_votes: 1,
      right_votes: 0,
      fast_votes: 0,
      gold_passed: 0,
      gold_failed: 0,
      day: TODAY,
      day_votes: 1,
      day_fuel: 1,
      streak_days: 1,
    });
    expect(decision.achievements).toEqual({ voter: ['first_vote'], owner: [] });
    expect(decision.onboarding).toEqual({
      votes: 1,
      required: 10,
      unlocked: false,
      just_unlocked: false,
    });
  });

  it.each([
    { before: 8, votes: 9, unlocked: false, justUnlocked: false },
    { before: 9, votes: 10, unlocked: true, justUnlocked: true },
    { before: 10, votes: 10, unlocked: true, justUnlocked: false },
  ])('unlocks the newcomer score at the tenth vote (vote $before + 1)', (row) => {
    const decision = decideVote(facts({ voter: { total_votes: row.before } }), rules);
    expect(decision.onboarding).toEqual({
      votes: row.votes,
      required: 10,
      unlocked: row.unlocked,
      just_unlocked: row.justUnlocked,
    });
    expect(decision.achievements.voter.includes('votes_10')).toBe(row.before + 1 >= 10);
  });

  it.each([
    { case: 'passed', expected: 1, gold: 'passed', passed: 1, failed: 0 },
    { case: 'failed', expected: 2, gold: 'failed', passed: 0, failed: 1 },
    { case: 'without an expectation', expected: null, gold: null, passed: 0, failed: 0 },
  ] as const)('scores a gold pair: $case', (row) => {
    const pair = { kind: 'gold', gold_expected_winner_id: row.expected };
    const decision = decideVote(facts({ pair }), rules);
    expect(decision.vote.gold).toBe(row.gold);
    expect(decision.voter).toMatchObject({ gold_passed: row.passed, gold_failed: row.failed });
  });

  it('ignores a gold expectation on a pair that is not gold', () => {
    const decision = decideVote(facts({ pair: { gold_expected_winner_id: 2 } }), rules);
    expect(decision.vote.gold).toBeNull();
  });

  it.each([
    { case: 'too fast (399 ms)', over: { pair: { served_at: NOW - 399 } } },
    { case: 'always the same side', over: { voter: { total_votes: 19, left_votes: 19 } } },
    { case: 'failing gold pairs', over: { voter: { total_votes: 9, gold_failed: 5 } } },
    {
      case: 'fishing from one address',
      over: { traffic: { ...quietTraffic, address: { served: 100, voted: 19 } } },
    },
    {
      case: 'fishing from one neighbourhood',
      over: { traffic: { ...quietTraffic, neighbourhood: { served: 150, voted: 20 } } },
    },
  ])('keeps a vote that weighs and earns nothing: $case', ({ over }) => {
    const before = facts(over);
    const decision = decideVote(before, rules);
    expect(decision.vote.weight).toBe(0);
    expect(decision.vote.fuel_earned).toBe(0);
    expect(decision.voter.day_fuel).toBe(0);
    // Still a match: counted for both photos and the voter, moving neither strength.
    expect(decision.winner).toMatchObject({ mu: 0, comparisons: 1, wins: 1 });
    expect(decision.loser).toMatchObject({ mu: 0, comparisons: 1, wins: 0 });
    expect(decision.voter.total_votes).toBe(before.voter.total_votes + 1);
  });

  it('counts a too-fast vote among the fast ones', () => {
    const decision = decideVote(facts({ pair: { served_at: NOW - 100 } }), rules);
    expect(decision.voter.fast_votes).toBe(1);
    expect(decision.vote.dwell_ms).toBe(100);
  });

  it('votes at the dwell limit and below the fishing share count in full', () => {
    const traffic = { ...quietTraffic, address: { served: 100, voted: 20 } };
    const decision = decideVote(facts({ pair: { served_at: NOW - 400 }, traffic }), rules);
    expect(decision.vote.weight).toBe(PRIOR_WEIGHT);
  });

  it.each([
    { case: 'a trusted voter', refit: 1, weight: 1, fuel: 2 },
    { case: 'a half-trusted voter', refit: 0.5, weight: 0.5, fuel: 1 },
    { case: 'below the fuel cut-off: weighs, earns nothing', refit: 0.1, weight: 0.1, fuel: 0 },
    { case: 'a voter the refit gave nothing', refit: 0, weight: 0, fuel: 0 },
  ])('weighs by the refit weight: $case', (row) => {
    const decision = decideVote(facts({ voter: { refit_weight: row.refit } }), rules);
    expect(decision.vote.weight).toBe(row.weight);
    expect(decision.vote.fuel_earned).toBe(row.fuel);
  });

  it('damps a crowd from one neighbourhood online, but pays by reliability alone', () => {
    const traffic = { ...quietTraffic, photoVotes: { winner: 40, loser: 3 } };
    const decision = decideVote(facts({ voter: { refit_weight: 1 }, traffic }), rules);
    expect(decision.vote.weight).toBe(0.5);
    expect(decision.vote.fuel_earned).toBe(2);
  });

  it.each([
    { case: 'below the cap', day: TODAY, dayFuel: 40, fuel: 2, dayAfter: 42, votes: 6 },
    { case: 'one short of the cap', day: TODAY, dayFuel: 99, fuel: 1, dayAfter: 100, votes: 6 },
    { case: 'at the cap', day: TODAY, dayFuel: 100, fuel: 0, dayAfter: 100, votes: 6 },
    { case: 'a new day', day: YESTERDAY, dayFuel: 100, fuel: 2, dayAfter: 2, votes: 1 },
  ])('caps fuel per day: $case', (row) => {
    const voter = { refit_weight: 1, day: row.day, day_fuel: row.dayFuel, day_votes: 5 };
    const decision = decideVote(facts({ voter }), rules);
    expect(decision.vote.fuel_earned).toBe(row.fuel);
    expect(decision.voter).toMatchObject({ day: TODAY, day_fuel: row.dayAfter });
    expect(decision.voter.day_votes).toBe(row.votes);
  });

  it.each([
    { case: 'the same day', day: TODAY, streak: 2, after: 2, achieved: false },
    { case: 'the next day', day: YESTERDAY, streak: 2, after: 3, achieved: true },
    { case: 'after a gap', day: '2026-11-20', streak: 6, after: 1, achieved: false },
  ])('keeps the daily streak: $case', (row) => {
    const voter = { total_votes: 20, day: row.day, streak_days: row.streak };
    const decision = decideVote(facts({ voter }), rules);
    expect(decision.voter.streak_days).toBe(row.after);
    expect(decision.achievements.voter.includes('streak_3')).toBe(row.achieved);
  });

  it('counts a vote for the right-hand photo on the right', () => {
    const decision = decideVote(facts({ pair: { left_photo_id: 2 } }), rules);
    expect(decision.vote.side).toBe('right');
    expect(decision.voter).toMatchObject({ left_votes: 0, right_votes: 1 });
  });

  it.each([
    {
      case: 'named, with exposures left',
      boosted: 1,
      named: 1,
      left: 5,
      after: [4, 0],
      served: [1, 0],
    },
    {
      case: 'the loser boosted and named',
      boosted: 2,
      named: 2,
      left: 5,
      after: [0, 4],
      served: [0, 1],
    },
    {
      case: 'not named by the vote',
      boosted: 1,
      named: null,
      left: 5,
      after: [5, 0],
      served: [0, 0],
    },
    { case: 'another photo named', boosted: 1, named: 2, left: 5, after: [5, 0], served: [0, 0] },
    { case: 'no exposure left', boosted: 1, named: 1, left: 0, after: [0, 0], served: [0, 0] },
  ])('settles a boosted exposure: $case', (row) => {
    const boostedPhoto = { boost_remaining: row.left };
    const decision = decideVote(
      facts({
        pair: { kind: 'boost', boosted_photo_id: row.boosted },
        namedBoost: row.named,
        ...(row.boosted === 1 ? { winner: boostedPhoto } : { loser: boostedPhoto }),
      }),
      rules,
    );
    expect([decision.winner.boost_remaining, decision.loser.boost_remaining]).toEqual(row.after);
    // A settled exposure is one more boosted comparison, which organic pairing leaves out.
    expect([decision.winner.boost_served, decision.loser.boost_served]).toEqual(row.served);
  });

  it("earns the winner's owner a win streak and score milestones, and ends the loser's streak", () => {
    const decision = decideVote(
      facts({ winner: { win_streak: 4, mu: 2 }, loser: { win_streak: 7 } }),
      rules,
    );
    expect(decision.winner.win_streak).toBe(5);
    expect(decision.loser.win_streak).toBe(0);
    expect(decision.winner.current_score).toBeGreaterThanOrEqual(750);
    expect(decision.achievements.owner).toEqual(['photo_win_streak_5', 'score_7']);
  });

  it('marks a photo established once its uncertainty is small', () => {
    const decision = decideVote(
      facts({ winner: { sigma2: 0.01, provisional: 1 }, loser: { sigma2: 0.9 } }),
      rules,
    );
    expect(decision.winner.provisional).toBe(0);
    expect(decision.loser.provisional).toBe(1);
    expect(decision.revealed.winner.provisional).toBe(false);
    expect(decision.revealed.loser.provisional).toBe(true);
  });

  it('decides the same facts the same way', () => {
    expect(decideVote(facts(), rules)).toEqual(decideVote(facts(), rules));
  });
});

describe('whether a submission may count (domain/vote)', () => {
  const served = { voter_id: 3, user_id: null, photo_lo: 1, photo_hi: 2 };
  const claim = { voterId: 3, userId: null, lo: 1, hi: 2 };

  it.each([
    { case: 'the pair served to this voter', pair: served, claim, ok: true },
    { case: 'no such pair', pair: undefined, claim, ok: false },
    { case: "another voter's pair", pair: { ...served, voter_id: 4 }, claim, ok: false },
    { case: 'served before signing in', pair: served, claim: { ...claim, userId: 9 }, ok: false },
    { case: 'other photos', pair: served, claim: { ...claim, hi: 5 }, ok: false },
  ])('accepts only a pair served to the voter: $case', (row) => {
    expect(isServedTo(row.pair, row.claim)).toBe(row.ok);
  });

  it('takes the two photos only while both are active', () => {
    const active = (id: number) => ({ id, state: 'active' });
    expect(votedPhotos([active(2), active(1)], 1)).toEqual({ winner: active(1), loser: active(2) });
    expect(votedPhotos([active(1)], 1)).toBeNull();
    expect(votedPhotos([active(1), { id: 2, state: 'hidden' }], 1)).toBeNull();
  });

  it('answers a repeated vote as the first time and refuses a change of mind', () => {
    const recorded = {
      winner_photo_id: 1,
      loser_photo_id: 2,
      winner_score_before: 550,
      winner_score_after: 575,
      loser_score_before: 550,
      loser_score_after: 525,
      fuel_earned: 2,
    };
    expect(replayOf(recorded, 1)).toEqual({
      winner: {
        id: 1,
        current_score: 575,
        previous_score: 550,
        provisional: true,
        placement: null,
      },
      loser: { id: 2, current_score: 525, previous_score: 550, provisional: true, placement: null },
      fuel_earned: 2,
    });
    expect(replayOf(recorded, 2)).toBeNull();
    expect(replayOf(undefined, 1)).toBeNull();
  });
});
