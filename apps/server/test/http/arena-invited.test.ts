import { ErrorCode, type Pair } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { addPhotos, categoryIds, parseVote, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { signIn } from '../support/leaderboard.js';

const DAY_MS = 86_400_000;

/** "来比一比": with_photo_id on get_random_photos_for_rating (issue 17). */
describe.each(dialects)('a pair with an invited photo on %s', (dialect) => {
  let app: TestApp;
  let female: number;
  let male: number;
  let voterSeq = 0;
  const nextVoter = () => `web-invited-${dialect}-${(voterSeq += 1)}`;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '10000',
      RATE_LIMIT_PAIRS_PER_MINUTE: '10000',
    });
    await app.services.demo.seed(8);
    [female = 0, male = 0] = await categoryIds(app);
  });
  afterAll(() => app.close());

  async function photoOf(categoryId: number, skip = 0): Promise<number> {
    const row = await app.db
      .selectFrom('photos')
      .select('id')
      .where('category_id', '=', categoryId)
      .where('state', '=', 'active')
      .orderBy('id')
      .offset(skip)
      .limit(1)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function pairWith(
    anonymousId: string,
    withPhotoId: unknown,
    headers: Record<string, string> = {},
    categoryId = female,
  ) {
    const result = await app.call(
      'get_random_photos_for_rating',
      { category_id: categoryId, anonymous_id: anonymousId, with_photo_id: withPhotoId },
      headers,
    );
    expect(result.code, result.msg).toBe(0);
    return result.data as Pair;
  }

  const ids = (pair: Pair) => pair.photos.map((photo) => photo.id);

  /** The kind the server recorded for a served pair. */
  async function kindOf(pair: Pair): Promise<string> {
    const row = await app.db
      .selectFrom('served_pairs')
      .select('kind')
      .where('id', '=', pair.pair_id)
      .executeTakeFirstOrThrow();
    return row.kind;
  }

  it('puts the photo in the first pair, for every voter, against a photo of its category', async () => {
    const invited = await photoOf(female, 3);
    for (let index = 0; index < 8; index += 1) {
      const pair = await pairWith(nextVoter(), invited);
      expect(ids(pair)).toContain(invited);
      expect(pair.category_id).toBe(female);
      expect(await kindOf(pair)).toBe('invited');
    }
  });

  it('honours it once per photo per voter per day; the vote on it is an ordinary vote', async () => {
    const invited = await photoOf(female, 2);
    const voter = nextVoter();
    const first = await pairWith(voter, invited);
    expect(ids(first)).toContain(invited);
    const voted = parseVote(await vote(app, first, voter));
    expect(voted.already_recorded).toBe(false);
    expect(voted.winner.id).toBe(first.photos[0].id);

    for (let index = 0; index < 6; index += 1) {
      const again = await pairWith(voter, invited);
      expect(await kindOf(again)).not.toBe('invited');
    }
    // Another photo is another invitation.
    const other = await photoOf(female, 4);
    expect(ids(await pairWith(voter, other))).toContain(other);

    // The next day (in the board's time zone) it is honoured again.
    app.clock.advance(DAY_MS);
    const tomorrow = await pairWith(voter, invited);
    expect(ids(tomorrow)).toContain(invited);
    expect(await kindOf(tomorrow)).toBe('invited');
  });

  // The opponent drawn for one photo's invitation was not invited: when the voter then follows a
  // link to that opponent, it is served. (It once counted as invited, so this failed whenever the
  // pairing happened to draw the next link's photo as the first one's opponent.)
  it('honours an invitation of the photo that was drawn as another invitation’s opponent', async () => {
    for (let index = 0; index < 4; index += 1) {
      const voter = nextVoter();
      const invited = await photoOf(female, index);
      const first = await pairWith(voter, invited);
      const opponent = ids(first).find((id) => id !== invited);
      expect(opponent).toBeDefined();
      const next = await pairWith(voter, opponent);
      expect(ids(next)).toContain(opponent);
      expect(await kindOf(next)).toBe('invited');
    }
  });

  it('counts a signed-in voter once whatever device id they send', async () => {
    const invited = await photoOf(female, 5);
    const user = await signIn(app, 'invited-user', 'Invited');
    const first = await pairWith(nextVoter(), invited, user.headers);
    expect(await kindOf(first)).toBe('invited');
    for (let index = 0; index < 4; index += 1) {
      expect(await kindOf(await pairWith(nextVoter(), invited, user.headers))).not.toBe('invited');
    }
  });

  it('ignores another category’s photo, an inactive or unknown one and the voter’s own', async () => {
    const elsewhere = await photoOf(male, 1);
    const hidden = await photoOf(female, 6);
    await app.db.updateTable('photos').set({ state: 'hidden' }).where('id', '=', hidden).execute();
    app.services.arenaIndexes.invalidate(female);
    const owner = await signIn(app, 'invited-owner', 'Owner');
    const [own = 0] = await addPhotos(app, owner.id, female, 1);
    const cases: [unknown, Record<string, string>][] = [
      [elsewhere, {}],
      [hidden, {}],
      [999_999, {}],
      [own, owner.headers],
      [null, {}],
    ];
    for (const [withPhotoId, headers] of cases) {
      for (let index = 0; index < 4; index += 1) {
        const pair = await pairWith(nextVoter(), withPhotoId, headers);
        expect(pair.category_id).toBe(female);
        expect(await kindOf(pair), String(withPhotoId)).not.toBe('invited');
        expect(ids(pair)).not.toContain(hidden);
        if (headers === owner.headers) expect(ids(pair)).not.toContain(own);
      }
    }
  });

  it('refuses a malformed with_photo_id with 40001', async () => {
    for (const bad of ['abc', 0, -1, 1.5]) {
      const result = await app.call('get_random_photos_for_rating', {
        category_id: female,
        anonymous_id: nextVoter(),
        with_photo_id: bad,
      });
      expect(result.code, String(bad)).toBe(ErrorCode.VALIDATION_FAILED);
    }
  });
});
