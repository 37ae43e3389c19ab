import { ErrorCode, voteStatsSchema } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { addPhotos, categoryIds, counts, parseVote, servePair, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';

describe.each(dialects)('the voting loop on %s', (dialect) => {
  let app: TestApp;
  let female: number;
  let male: number;
  let voterSeq = 0;
  const nextVoter = () => `web-test-${dialect}-${(voterSeq += 1)}`;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '10000',
      RATE_LIMIT_PAIRS_PER_MINUTE: '10000',
    });
    await app.services.demo.seed(6);
    [female = 0, male = 0] = await categoryIds(app);
  });
  afterAll(() => app.close());

  it('serves two photos of the category, blind, with a pair id', async () => {
    const pair = await servePair(app, female, nextVoter());
    expect(pair.photos).toHaveLength(2);
    expect(pair.photos[0].id).not.toBe(pair.photos[1].id);
    expect(pair.photos[0].image.url).toMatch(/^\/media\/photos\/.+\.webp$/);
    expect(pair.photos[0].image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(JSON.stringify(pair)).not.toContain('score');
    const owners = await app.db
      .selectFrom('photos')
      .select(['id', 'category_id'])
      .where(
        'id',
        'in',
        pair.photos.map((p) => p.id),
      )
      .execute();
    expect(owners.every((row) => row.category_id === female)).toBe(true);
  });

  it('refuses an unknown category and a category without a pair', async () => {
    expect(
      (await app.call('get_random_photos_for_rating', { category_id: 999, anonymous_id: 'web-x' }))
        .code,
    ).toBe(ErrorCode.CATEGORY_NOT_FOUND);
    await app.services.categories.save({ slug: 'empty', name: '空', name_en: 'Empty' });
    const empty = (await categoryIds(app)).at(-1) ?? 0;
    expect(
      (
        await app.call('get_random_photos_for_rating', {
          category_id: empty,
          anonymous_id: 'web-x',
        })
      ).code,
    ).toBe(ErrorCode.NO_PAIR_AVAILABLE);
  });

  it('never serves their own photos to an owner', async () => {
    const session = await app.call('login_by_cookie', {
      cookie: app.hostToken(`owner-${dialect}`),
    });
    const { token, userInfo } = session.data as { token: string; userInfo: { id: number } };
    const mine = new Set(await addPhotos(app, userInfo.id, male, 4));
    const anonymousId = nextVoter();
    for (let round = 0; round < 30; round += 1) {
      const pair = await servePair(app, male, anonymousId, { 'access-token': token });
      for (const photo of pair.photos) expect(mine.has(photo.id)).toBe(false);
    }
  });

  it('never repeats a pair for a voter, and says so when none is left', async () => {
    const anonymousId = nextVoter();
    const seen = new Set<string>();
    // 6 photos make 15 pairs; each is served (and judged) once.
    for (let round = 0; round < 15; round += 1) {
      const pair = await servePair(app, female, anonymousId);
      const key = pair.photos
        .map((photo) => photo.id)
        .sort((a, b) => a - b)
        .join(':');
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      parseVote(await vote(app, pair, anonymousId));
    }
    const none = await app.call('get_random_photos_for_rating', {
      category_id: female,
      anonymous_id: anonymousId,
    });
    expect(none.code).toBe(ErrorCode.NO_PAIR_AVAILABLE);
  });

  it('moves the winner up and the loser down, and reveals both scores', async () => {
    const anonymousId = nextVoter();
    const pair = await servePair(app, male, anonymousId);
    const result = parseVote(await vote(app, pair, anonymousId));
    expect(result.already_recorded).toBe(false);
    expect(result.winner.id).toBe(pair.photos[0].id);
    expect(result.winner.current_score).toBeGreaterThan(result.winner.previous_score);
    expect(result.loser.current_score).toBeLessThan(result.loser.previous_score);
    const stored = await app.db
      .selectFrom('photos')
      .select(['id', 'current_score', 'comparisons', 'wins'])
      .where('id', '=', result.winner.id)
      .executeTakeFirstOrThrow();
    expect(stored.current_score).toBe(result.winner.current_score);
  });

  it('refuses votes for pairs never served, served to someone else, expired or already judged, changing nothing', async () => {
    const alice = nextVoter();
    const bob = nextVoter();
    const pair = await servePair(app, male, alice);
    const before = await counts(app);

    const [a, b] = pair.photos;
    const unserved = await app.call('submit_photo_rating', {
      winner_photo_id: a.id,
      loser_photo_id: b.id,
      anonymous_id: bob,
    });
    expect(unserved.code).toBe(ErrorCode.PAIR_NOT_SERVED);
    const crossVoter = await vote(app, pair, bob);
    expect(crossVoter.code).toBe(ErrorCode.PAIR_NOT_SERVED);
    const forged = await app.call('submit_photo_rating', {
      winner_photo_id: a.id,
      loser_photo_id: b.id,
      anonymous_id: alice,
      pair_id: 'no-such-pair',
    });
    expect(forged.code).toBe(ErrorCode.PAIR_NOT_SERVED);
    expect(await counts(app)).toEqual(before);

    parseVote(await vote(app, pair, alice, { pick: 0 }));
    const flipped = await vote(app, pair, alice, { pick: 1 });
    expect(flipped.code).toBe(ErrorCode.PAIR_ALREADY_JUDGED);

    const late = await servePair(app, male, alice);
    const afterOne = await counts(app);
    app.clock.advance(app.config.arena.pairTtlMs + 1);
    expect((await vote(app, late, alice)).code).toBe(ErrorCode.PAIR_EXPIRED);
    expect(await counts(app)).toEqual(afterOne);
  });

  it('forgets pairs a day after they expired unanswered, and keeps judged and live ones', async () => {
    const voter = nextVoter();
    const judged = await servePair(app, male, voter);
    parseVote(await vote(app, judged, voter));
    const skipped = await servePair(app, male, voter);
    const stored = () =>
      app.db
        .selectFrom('served_pairs')
        .select('id')
        .where('id', 'in', [judged.pair_id, skipped.pair_id])
        .execute();
    app.clock.advance(app.config.arena.pairTtlMs + 23 * 60 * 60 * 1000);
    await app.services.arena.forgetExpiredPairs();
    expect(await stored()).toHaveLength(2);
    expect((await vote(app, skipped, voter)).code).toBe(ErrorCode.PAIR_EXPIRED);

    app.clock.advance(60 * 60 * 1000 + 1);
    const live = await servePair(app, male, voter);
    expect(await app.services.arena.forgetExpiredPairs()).toBeGreaterThanOrEqual(1);
    expect((await stored()).map((row) => row.id)).toEqual([judged.pair_id]);
    // The client moves on from a pair that is not served as from an expired one.
    expect((await vote(app, skipped, voter)).code).toBe(ErrorCode.PAIR_NOT_SERVED);
    // The judged pair still answers a repeated vote, and the live one takes its vote.
    expect(parseVote(await vote(app, judged, voter)).already_recorded).toBe(true);
    expect(parseVote(await vote(app, live, voter)).already_recorded).toBe(false);
  });

  it('answers a vote on two photos served twice and judged through the other serving as that vote', async () => {
    // A client holding more pairs than a pick avoids (8) can be served the same two photos again.
    const voter = nextVoter();
    const first = await servePair(app, male, voter);
    const row = await app.db
      .selectFrom('served_pairs')
      .selectAll()
      .where('id', '=', first.pair_id)
      .executeTakeFirstOrThrow();
    const again = { ...first, pair_id: `${first.pair_id}-again` };
    await app.db
      .insertInto('served_pairs')
      .values({ ...row, id: again.pair_id, served_at: row.served_at + 1 })
      .execute();
    const judged = parseVote(await vote(app, first, voter, { pick: 0 }));
    const before = await counts(app);
    const same = parseVote(await vote(app, again, voter, { pick: 0 }));
    expect(same.already_recorded).toBe(true);
    expect(same.winner.current_score).toBe(judged.winner.current_score);
    expect((await vote(app, again, voter, { pick: 1 })).code).toBe(ErrorCode.PAIR_ALREADY_JUDGED);
    expect(await counts(app)).toEqual(before);
  });

  it('counts a double-submitted vote once and answers "already recorded"', async () => {
    const anonymousId = nextVoter();
    const pair = await servePair(app, male, anonymousId);
    const first = parseVote(await vote(app, pair, anonymousId));
    const before = await counts(app);
    const again = parseVote(await vote(app, pair, anonymousId));
    expect(again.already_recorded).toBe(true);
    expect(again.winner.current_score).toBe(first.winner.current_score);
    expect(again.fuel).toBe(first.fuel);
    expect(await counts(app)).toEqual(before);
    // The spec's client sends no pair_id: the served pair is found by its photos.
    const withoutId = parseVote(await vote(app, pair, anonymousId, { withPairId: false }));
    expect(withoutId.already_recorded).toBe(true);
  });

  it('counts 50 concurrent identical submissions once', async () => {
    const anonymousId = nextVoter();
    const pair = await servePair(app, male, anonymousId);
    const before = await counts(app);
    app.clock.advance(1500);
    const body = {
      winner_photo_id: pair.photos[0].id,
      loser_photo_id: pair.photos[1].id,
      anonymous_id: anonymousId,
      pair_id: pair.pair_id,
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => app.call('submit_photo_rating', body)),
    );
    const parsed = results.map(parseVote);
    expect(parsed.filter((result) => !result.already_recorded)).toHaveLength(1);
    const after = await counts(app);
    expect(after.votes - before.votes).toBe(1);
    expect(after.wins - before.wins).toBe(1);
    expect(after.comparisons - before.comparisons).toBe(2);
  });

  it('unlocks the newcomer score at exactly 10 votes and awards achievements once', async () => {
    const anonymousId = nextVoter();
    const unlockedAt: number[] = [];
    const firstVoteAwards: number[] = [];
    let fuel = 50; // an anonymous visitor's welcome fuel (spec §3)
    for (let round = 1; round <= 12; round += 1) {
      const result = parseVote(
        await vote(app, await servePair(app, female === 0 ? male : male, anonymousId), anonymousId),
      );
      expect(result.onboarding.unlocked).toBe(round >= 10);
      expect(result.onboarding.votes).toBe(Math.min(round, 10));
      if (result.onboarding.just_unlocked) unlockedAt.push(round);
      if (result.achievements.some((a) => a.key === 'first_vote')) firstVoteAwards.push(round);
      if (round === 10) expect(result.achievements.map((a) => a.key)).toContain('votes_10');
      expect(result.fuel).toBe(fuel + result.fuel_earned);
      fuel = result.fuel;
    }
    expect(unlockedAt).toEqual([10]);
    expect(firstVoteAwards).toEqual([1]);
    const stats = voteStatsSchema.parse(
      (await app.call('get_user_vote_stats', { anonymous_id: anonymousId })).data,
    );
    expect(stats).toMatchObject({
      total_votes: 12,
      today_votes: 12,
      fuel,
      streak_days: 1,
      onboarding: { votes: 10, unlocked: true },
    });
    const unlocked = stats.achievements.filter((a) => a.unlocked_at !== null).map((a) => a.key);
    expect(unlocked).toEqual(['first_vote', 'votes_10']);
    const rows = await app.db
      .selectFrom('voter_achievements')
      .select('key')
      .where('key', '=', 'first_vote')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it('pays no fuel for inhumanly fast votes and keeps them weightless', async () => {
    const anonymousId = nextVoter();
    const pair = await servePair(app, male, anonymousId);
    const result = parseVote(await vote(app, pair, anonymousId, { dwellMs: 50 }));
    expect(result.fuel_earned).toBe(0);
    expect(result.winner.current_score).toBe(result.winner.previous_score);
    const stored = await app.db
      .selectFrom('votes')
      .select('weight')
      .where('pair_id', '=', pair.pair_id)
      .executeTakeFirstOrThrow();
    expect(stored.weight).toBe(0);
  });

  it("keeps an anonymous voter's history and fuel when they sign in", async () => {
    const anonymousId = nextVoter();
    let fuel = 0;
    for (let round = 0; round < 3; round += 1) {
      fuel = parseVote(await vote(app, await servePair(app, male, anonymousId), anonymousId)).fuel;
    }
    expect(fuel).toBeGreaterThan(0);
    const session = await app.call(
      'login_by_cookie',
      { cookie: app.hostToken(`merge-${dialect}`) },
      { 'device-id': anonymousId },
    );
    const { token } = session.data as { token: string };
    const stats = voteStatsSchema.parse(
      (
        await app.call(
          'get_user_vote_stats',
          { anonymous_id: anonymousId },
          { 'access-token': token },
        )
      ).data,
    );
    expect(stats.total_votes).toBe(3);
    // The earned fuel comes along; the anonymous welcome fuel does not (no double welcome).
    expect(stats.fuel).toBe(fuel);
    // Pairs judged anonymously stay judged for the signed-in person.
    const anonymousPairs = await app.db
      .selectFrom('votes')
      .select('voter_id')
      .where('user_id', 'is not', null)
      .execute();
    expect(anonymousPairs.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps fuel balances equal to their ledgers', async () => {
    const voters = await app.db
      .selectFrom('voters')
      .select(['id', 'fuel_balance', 'merged_into'])
      .execute();
    for (const voter of voters) {
      const ledger = await app.db
        .selectFrom('fuel_ledger')
        .select((eb) => eb.fn.sum<number | null>('amount').as('total'))
        .where('voter_id', '=', voter.id)
        .executeTakeFirstOrThrow();
      expect(voter.fuel_balance).toBe(ledger.total ?? 0);
      expect(voter.fuel_balance).toBeGreaterThanOrEqual(0);
    }
    const users = await app.db.selectFrom('users').select(['id', 'fuel_balance']).execute();
    for (const user of users) {
      const ledger = await app.db
        .selectFrom('fuel_ledger')
        .select((eb) => eb.fn.sum<number | null>('amount').as('total'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(user.fuel_balance).toBe(ledger.total ?? 0);
    }
  });

  it('refits every category from all votes, independent of the online updates', async () => {
    const summaries = (await app.services.refit.refitAll()) ?? [];
    const maleSummary = summaries.find((summary) => summary.categoryId === male);
    expect(maleSummary?.converged).toBe(true);
    expect(maleSummary?.votes).toBeGreaterThan(0);
    const first = await app.db
      .selectFrom('photos')
      .select(['id', 'current_score', 'mu', 'provisional'])
      .orderBy('id')
      .execute();
    await app.services.refit.refitAll();
    const second = await app.db
      .selectFrom('photos')
      .select(['id', 'current_score', 'mu'])
      .orderBy('id')
      .execute();
    // Issue 3: established scores move less than 0.05 between refits without new votes. (A
    // provisional photo is still being placed: the loop's random votes may leave one of them
    // moving by 0.05 or more.)
    const established = [...first.entries()].filter(([, row]) => row.provisional === 0);
    expect(established.length).toBeGreaterThan(0);
    for (const [index, row] of established) {
      expect(Math.abs(row.current_score - (second[index]?.current_score ?? 0))).toBeLessThan(5);
    }
  });
});
