import { myPhotosPageSchema, type Pair } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { addPhotos, categoryIds, parseVote, servePair, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';

const HOUR = 3_600_000;

describe.each(dialects)('boost delivery seen by the owner, on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let token = '';
  let photoId = 0;
  let voters = 0;

  beforeAll(async () => {
    // Every pair may be a boost pair, so the pace alone decides when the photo is shown boosted.
    app = await createTestApp(dialect, {
      ARENA_BOOST_SHARE: '1',
      // Gold pairs are drawn before boost pairs (pairing.ts): none, or one pair in 20 is not a boost.
      ARENA_GOLD_SHARE: '0',
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '1000',
      RATE_LIMIT_VOTES_PER_MINUTE_IP: '1000',
    });
    await app.services.demo.seed(6);
    [category = 0] = await categoryIds(app);
    const login = await app.call('login_by_cookie', { cookie: app.hostToken('booster') });
    const data = login.data as { token: string; userInfo: { id: number } };
    token = data.token;
    [photoId = 0] = await addPhotos(app, data.userInfo.id, category, 1);
  });
  afterAll(() => app.close());

  async function myPhoto() {
    const result = await app.call('get_my_photos', {}, { 'access-token': token });
    expect(result.code, result.msg).toBe(0);
    const photo = myPhotosPageSchema.parse(result.data).photos.find((p) => p.id === photoId);
    if (!photo) throw new Error('my photo is missing');
    return photo;
  }

  /** Serves pairs to new voters; each boosted one is voted on. Returns the boosted cards. */
  async function serveRounds(rounds: number): Promise<number[]> {
    const boosted: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      voters += 1;
      const voter = `boost-voter-${voters}`;
      const pair: Pair = await servePair(app, category, voter);
      const card = pair.photos.find((photo) => photo.is_boosted);
      if (!card) continue;
      boosted.push(card.id);
      parseVote(await vote(app, pair, voter));
    }
    return boosted;
  }

  it('counts the exposures served, paced over the day, next to those still owed', async () => {
    expect(await myPhoto()).toMatchObject({ boost_remaining: 0, boost_delivered: 0 });
    const bought = await app.call(
      'boost_photo',
      { photo_id: photoId, exposures: 10 },
      { 'access-token': token },
    );
    expect(bought).toMatchObject({ code: 0, data: { boost_remaining: 10, boost_delivered: 0 } });

    // Ten exposures over 24 hours with a lead of 1.5: two at once, then one about every 2.4 h.
    expect(await serveRounds(12)).toEqual([photoId, photoId]);
    expect(await myPhoto()).toMatchObject({ boost_remaining: 8, boost_delivered: 2 });
    expect(await serveRounds(8)).toEqual([]);
    app.clock.advance(2.4 * HOUR);
    expect(await serveRounds(12)).toEqual([photoId]);
    expect(await myPhoto()).toMatchObject({ boost_remaining: 7, boost_delivered: 3 });

    // A top-up continues the boost under way: 3 of 20 delivered, 17 owed.
    const more = await app.call(
      'boost_photo',
      { photo_id: photoId, exposures: 10 },
      { 'access-token': token },
    );
    expect(more).toMatchObject({ code: 0, data: { boost_remaining: 17, boost_delivered: 3 } });
    expect(await myPhoto()).toMatchObject({ boost_remaining: 17, boost_delivered: 3 });
    const row = await app.db
      .selectFrom('photos')
      .select(['boost_bought', 'boost_served'])
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ boost_bought: 20, boost_served: 3 });
  });
});
