import { ErrorCode, pairSchema, photoNewsSchema } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVISIONAL_SIGMA2 } from '../../src/domain/rating/provisional.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { addPhotos, categoryIds, parseVote, servePair, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { callFrom } from '../support/from-address.js';

describe.each(dialects)("your photos' news (get_photo_news) on %s", (dialect) => {
  let app: TestApp;
  let category = 0;
  let visitor = 0;
  const users: Record<'owner' | 'rival', { id: number; headers: Record<string, string> }> = {
    owner: { id: 0, headers: {} },
    rival: { id: 0, headers: {} },
  };
  let mine: number[] = [];
  let theirs = 0;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '1000',
      RATE_LIMIT_VOTES_PER_MINUTE_IP: '1000',
    });
    await app.services.demo.seed(4);
    [category = 0] = await categoryIds(app);
    for (const who of ['rival', 'owner'] as const) users[who] = await signIn(who);
    mine = await addPhotos(app, users.owner.id, category, 2);
    [theirs = 0] = await addPhotos(app, users.rival.id, category, 1);
  });
  afterAll(() => app.close());

  async function signIn(name: string) {
    const login = await app.call('login_by_cookie', {
      cookie: app.hostToken(`news-${name}-${dialect}`),
    });
    const data = login.data as { token: string; userInfo: { id: number } };
    return { id: data.userInfo.id, headers: { 'access-token': data.token } };
  }

  async function news(who: 'owner' | 'rival', markSeen = false) {
    const result = await app.call('get_photo_news', { mark_seen: markSeen }, users[who].headers);
    expect(result.code, result.msg).toBe(0);
    return photoNewsSchema.parse(result.data);
  }

  /**
   * A new visitor, each from an address and neighbourhood of their own (so that no address
   * looks like it is fishing for one photo), is served a pair; the first one served a pair
   * holding `photoId` votes it up or down. A new visitor's pair holds a given photo only now and
   * then (measured: 1 in 1 to 26, as the photo's comparisons grow), so up to 500 are asked.
   */
  async function voteOn(photoId: number, outcome: 'win' | 'loss', dwellMs = 1500) {
    for (let attempt = 0; attempt < 500; attempt += 1) {
      visitor += 1;
      const device = `web-news-visitor-${visitor}`;
      const address = `10.${Math.floor(visitor / 250) + 1}.${visitor % 250}.7`;
      const served = await callFrom(app, address, 'get_random_photos_for_rating', {
        category_id: category,
        anonymous_id: device,
      });
      expect(served.code, served.msg).toBe(0);
      const pair = pairSchema.parse(served.data);
      const index = pair.photos.findIndex((photo) => photo.id === photoId);
      if (index < 0) continue;
      const winner = pair.photos[outcome === 'win' ? index : 1 - index];
      const loser = pair.photos[outcome === 'win' ? 1 - index : index];
      app.clock.advance(dwellMs);
      return parseVote(
        await callFrom(app, address, 'submit_photo_rating', {
          pair_id: pair.pair_id,
          winner_photo_id: winner?.id,
          loser_photo_id: loser?.id,
          anonymous_id: device,
        }),
      );
    }
    throw new Error(`photo ${photoId} was never served`);
  }

  it('refuses a caller without a session with 40100', async () => {
    expect((await app.call('get_photo_news', {})).code).toBe(ErrorCode.NOT_SIGNED_IN);
    expect((await app.call('get_photo_news', { mark_seen: true })).code).toBe(
      ErrorCode.NOT_SIGNED_IN,
    );
  });

  it("lists another visitor's vote as a win, a vote against as a loss, and mark_seen empties it", async () => {
    const [photo = 0] = mine;
    const first = await news('owner');
    expect(first).toEqual({ since: null, unseen: 0, items: [] });

    const won = await voteOn(photo, 'win');
    expect(won.winner.id).toBe(photo);
    const afterWin = await news('owner');
    expect(afterWin.unseen).toBe(1);
    expect(afterWin.items).toHaveLength(1);
    expect(afterWin.items[0]).toMatchObject({
      photo_id: photo,
      category_id: category,
      wins: 1,
      losses: 0,
      score_before: won.winner.previous_score,
      score_after: won.winner.current_score,
      placed: false,
      report_decision: null,
      boost_finished: false,
    });

    const lost = await voteOn(photo, 'loss');
    expect(lost.loser.id).toBe(photo);
    // A vote the engine discards (inhumanly fast: weight 0) is no win.
    await voteOn(photo, 'win', 50);
    const afterLoss = await news('owner', true);
    expect(afterLoss.items[0]).toMatchObject({
      photo_id: photo,
      wins: 1,
      losses: 1,
      score_before: won.winner.previous_score,
    });
    // The answer is made before the look is stored; the next one starts from it.
    const seen = await news('owner');
    expect(seen.unseen).toBe(0);
    expect(seen.items).toEqual([]);
    expect(seen.since).not.toBeNull();
    app.clock.advance(1000);
    await voteOn(photo, 'loss');
    expect((await news('owner')).items[0]).toMatchObject({ photo_id: photo, wins: 0, losses: 1 });
    await news('owner', true);
  });

  it("never shows another user's photos, and theirs never shows mine", async () => {
    await news('rival', true);
    app.clock.advance(1000);
    await voteOn(theirs, 'win');
    const rivals = await news('rival');
    expect(rivals.items.map((item) => item.photo_id)).toEqual([theirs]);
    const owners = await news('owner');
    expect(owners.items.map((item) => item.photo_id)).not.toContain(theirs);
    await news('rival', true);
    await news('owner', true);
  });

  it("reports a moderator's decision on the photo", async () => {
    const [, photo = 0] = mine;
    app.clock.advance(1000);
    const moderator = await signIn('moderator');
    await app.services.users.setRole(moderator.id, 'moderator', app.clock.now());
    const decided = await app.call(
      'moderate_photo',
      { photo_id: photo, decision: 'keep' },
      moderator.headers,
    );
    expect(decided.code, decided.msg).toBe(0);
    expect((await news('owner')).items).toEqual([
      expect.objectContaining({ photo_id: photo, report_decision: 'kept', wins: 0, losses: 0 }),
    ]);
  });

  it('reports a used-up boost and a finished placement', async () => {
    // Every pair shows the boosted photo while it has exposures left.
    const boosted = await createTestApp(dialect, {
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '1000',
      ARENA_BOOST_SHARE: '1',
      // Gold pairs are drawn before boost pairs (pairing.ts): none, or one pair in 20 is not a boost.
      ARENA_GOLD_SHARE: '0',
    });
    try {
      await boosted.services.demo.seed(4);
      const [boostCategory = 0] = await categoryIds(boosted);
      const login = await boosted.call('login_by_cookie', {
        cookie: boosted.hostToken(`news-booster-${dialect}`),
      });
      const data = login.data as { token: string; userInfo: { id: number } };
      const headers = { 'access-token': data.token };
      const [photo = 0] = await addPhotos(boosted, data.userInfo.id, boostCategory, 1);
      // One exposure left, and a variance a hair above the placement threshold: the next vote
      // that names the boost uses the exposure up and places the photo.
      await boosted.db
        .updateTable('photos')
        .set({ boost_remaining: 1, provisional: 1, sigma2: PROVISIONAL_SIGMA2 * 1.000001 })
        .where('id', '=', photo)
        .execute();
      boosted.services.arenaIndexes.invalidate(boostCategory);
      const before = await boosted.call('get_photo_news', { mark_seen: true }, headers);
      expect(before.data).toMatchObject({ unseen: 0, items: [] });
      const pair = await servePair(boosted, boostCategory, 'web-news-boost');
      const index = pair.photos.findIndex((card) => card.id === photo);
      expect(pair.photos[index]?.is_boosted).toBe(true);
      const outcome = parseVote(
        await vote(boosted, pair, 'web-news-boost', { pick: index === 1 ? 1 : 0 }),
      );
      expect(outcome.winner).toMatchObject({ id: photo, provisional: false });
      const after = photoNewsSchema.parse((await boosted.call('get_photo_news', {}, headers)).data);
      expect(after.items).toEqual([
        expect.objectContaining({
          photo_id: photo,
          wins: 1,
          boost_finished: true,
          placed: true,
          report_decision: null,
        }),
      ]);
    } finally {
      await boosted.close();
    }
  });
});
