import { ErrorCode } from '@yanzhi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds, parseVote, servePair, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';

describe.each(dialects)('arena rules on %s', (dialect) => {
  let app: TestApp | undefined;
  afterEach(() => app?.close());

  it('limits votes per device, per user and per address', async () => {
    app = await createTestApp(dialect, {
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '3',
      RATE_LIMIT_VOTES_PER_MINUTE_IP: '5',
    });
    await app.services.demo.seed(6);
    const [category = 0] = await categoryIds(app);
    const codes: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      codes.push(
        (await vote(app, await servePair(app, category, 'web-device-a'), 'web-device-a')).code,
      );
    }
    expect(codes).toEqual([0, 0, 0, ErrorCode.RATE_LIMITED]);
    // Another device on the same address still has the address's remaining budget (5 - 4).
    expect(
      (await vote(app, await servePair(app, category, 'web-device-b'), 'web-device-b')).code,
    ).toBe(0);
    expect(
      (await vote(app, await servePair(app, category, 'web-device-c'), 'web-device-c')).code,
    ).toBe(ErrorCode.RATE_LIMITED);
    app.clock.advance(60_000);
    expect(
      (await vote(app, await servePair(app, category, 'web-device-a'), 'web-device-a')).code,
    ).toBe(0);
  });

  it('keeps counting an always-left voter but gives their votes no weight and no fuel', async () => {
    app = await createTestApp(dialect, { RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '1000' });
    await app.services.demo.seed(12);
    const [category = 0] = await categoryIds(app);
    const results = [];
    for (let round = 0; round < 24; round += 1) {
      results.push(
        parseVote(
          await vote(app, await servePair(app, category, 'web-lefty'), 'web-lefty', { pick: 0 }),
        ),
      );
    }
    // Until the pattern is clear (20 votes) votes count; from then on they weigh nothing.
    expect(results.slice(0, 19).every((result) => result.fuel_earned > 0)).toBe(true);
    expect(results.slice(20).every((result) => result.fuel_earned === 0)).toBe(true);
    expect(
      results
        .slice(20)
        .every((result) => result.winner.current_score === result.winner.previous_score),
    ).toBe(true);
    const mine = await app.db
      .selectFrom('votes')
      .innerJoin('voters', 'voters.id', 'votes.voter_id')
      .select('votes.weight')
      .where('voters.voter_key', '=', 'a:web-lefty')
      .orderBy('votes.id')
      .execute();
    expect(mine).toHaveLength(24);
    expect(mine.slice(20).every((row) => row.weight === 0)).toBe(true);
  });

  it('settles a boosted exposure when the vote names the boosted photo', async () => {
    app = await createTestApp(dialect, {
      ARENA_BOOST_SHARE: '1',
      // Gold pairs are drawn before boost pairs (pairing.ts): none, or one pair in 20 is not a boost.
      ARENA_GOLD_SHARE: '0',
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '1000',
    });
    await app.services.demo.seed(6);
    const [category = 0] = await categoryIds(app);
    const boosted = await app.db
      .selectFrom('photos')
      .select('id')
      .where('category_id', '=', category)
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable('photos')
      .set({ boost_remaining: 2 })
      .where('id', '=', boosted.id)
      .execute();
    app.services.arenaIndexes.invalidate(category);

    let settled = 0;
    for (let round = 0; round < 6 && settled < 2; round += 1) {
      const pair = await servePair(app, category, `web-boost-${round}`);
      const card = pair.photos.find((photo) => photo.is_boosted);
      if (!card) continue;
      expect(card.id).toBe(boosted.id);
      parseVote(await vote(app, pair, `web-boost-${round}`));
      settled += 1;
    }
    expect(settled).toBe(2);
    const after = await app.db
      .selectFrom('photos')
      .select('boost_remaining')
      .where('id', '=', boosted.id)
      .executeTakeFirstOrThrow();
    expect(after.boost_remaining).toBe(0);
    // Exhausted: no more boosted cards.
    const next = await servePair(app, category, 'web-boost-after');
    expect(next.photos.some((photo) => photo.is_boosted)).toBe(false);
  });

  it('answers vote stats for a visitor who never voted', async () => {
    app = await createTestApp(dialect);
    const stats = await app.call('get_user_vote_stats', { anonymous_id: 'web-new' });
    expect(stats.code).toBe(0);
    expect(stats.data).toMatchObject({
      total_votes: 0,
      today_votes: 0,
      fuel: 50,
      streak_days: 0,
      onboarding: { votes: 0, required: 10, unlocked: false },
    });
    const signedIn = await app.call('login_by_cookie', { cookie: app.hostToken('stats-user') });
    const { token } = signedIn.data as { token: string };
    const mine = await app.call(
      'get_user_vote_stats',
      { anonymous_id: 'web-new-2' },
      { 'access-token': token },
    );
    expect(mine.data).toMatchObject({ fuel: 50, total_votes: 0 });
  });
});
