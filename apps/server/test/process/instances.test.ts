import {
  API,
  leaderboardSchema,
  pairSchema,
  uploadPhotoResponseSchema,
  type CallName,
  type Leaderboard,
} from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { REFIT_LEASE } from '../../src/services/refit.service.js';
import { SettingsRepository } from '../../src/repositories/settings.repository.js';
import { photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, TEST_HOST_SECRET, type TestApp } from '../support/app.js';
import { categoryIds, parseVote, servePair, vote } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { withDeviceCookie } from '@yanzhi/dev-support';
import { board, databaseOrder, referenceMus, signIn } from '../support/leaderboard.js';

/**
 * Two instances of the app on one database, each with its own memory (pairing indexes,
 * leaderboards, rate limits), as several processes behind a load balancer would be.
 */
describe.each(dialects)('two instances on one %s database', (dialect) => {
  let first: TestApp;
  let second: App;
  let category = 0;

  async function callSecond(name: CallName, body: object, headers: Record<string, string> = {}) {
    const response = await second.server.inject({
      method: 'POST',
      url: API[name].path,
      payload: body,
      // The same simulated devices as the first instance's (one browser, two servers).
      headers: withDeviceCookie(
        first.devices,
        { 'content-type': 'application/json', ...headers },
        body,
      ) as Record<string, string>,
    });
    return response.json<{ code: number; msg: string; data: unknown }>();
  }

  beforeAll(async () => {
    first = await createTestApp(dialect, {
      RATE_LIMIT_UPLOADS_PER_HOUR_USER: '1000',
      RATE_LIMIT_UPLOADS_PER_HOUR_IP: '1000',
    });
    await first.services.demo.seedIfWanted(undefined, 6);
    await first.services.refit.refitAll();
    second = await buildApp({
      config: first.config,
      db: first.db,
      reader: first.reader,
      durable: first.durable,
      clock: first.clock,
      hostTokenSecret: TEST_HOST_SECRET,
      logStream: { write: () => undefined },
    });
    [category = 0] = await categoryIds(first);
  });
  afterAll(async () => {
    await second.server.close();
    await first.close();
  });

  it('accepts a vote through one instance on a pair the other served, once', async () => {
    const pair = await servePair(first, category, `web-across-${dialect}`);
    first.clock.advance(1500);
    const body = {
      winner_photo_id: pair.photos[0].id,
      loser_photo_id: pair.photos[1].id,
      anonymous_id: `web-across-${dialect}`,
      pair_id: pair.pair_id,
    };
    const accepted = await callSecond('submit_photo_rating', body);
    expect(accepted.code, accepted.msg).toBe(0);
    const again = await first.call('submit_photo_rating', body);
    expect(again.code, again.msg).toBe(0);
    expect(again.data).toMatchObject({ already_recorded: true });
    const votes = await first.db
      .selectFrom('votes')
      .select('id')
      .where('pair_id', '=', pair.pair_id)
      .execute();
    expect(votes).toHaveLength(1);
  });

  it('pairs a photo uploaded through the other instance, and drops one deleted there', async () => {
    // The second instance has its pairing index in memory already.
    const before = await second.services.arenaIndexes.current(category);
    const owner = await signIn(first, `uploader-${dialect}`, 'Uploader');
    // A photo the owner keeps: spec §4 refuses to delete a user's last one.
    const kept = await upload(
      first,
      { bytes: await photoJpeg(dialect === 'sqlite' ? 33 : 34) },
      { category_id: String(category) },
      { headers: owner.headers },
    );
    expect(kept.code, kept.msg).toBe(0);
    const uploaded = await upload(
      first,
      { bytes: await photoJpeg(dialect === 'sqlite' ? 31 : 32) },
      { category_id: String(category) },
      { headers: owner.headers },
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
    const photo = uploadPhotoResponseSchema.parse(uploaded.data).photo;
    expect(before.index.has(String(photo.id))).toBe(false);

    first.clock.advance(3000);
    expect((await second.services.arenaIndexes.current(category)).index.has(String(photo.id))).toBe(
      true,
    );

    const deleted = await first.call('delete_photo', { photo_id: photo.id }, owner.headers);
    expect(deleted.code, deleted.msg).toBe(0);
    first.clock.advance(3000);
    expect((await second.services.arenaIndexes.current(category)).index.has(String(photo.id))).toBe(
      false,
    );
  });

  it('serves a photo uploaded through the other instance at once to a friend invited to it', async () => {
    // The second instance looked for changes just now: it would not look again for a while.
    await second.services.arenaIndexes.current(category);
    const owner = await signIn(first, `inviter-${dialect}`, 'Inviter');
    const uploaded = await upload(
      first,
      { bytes: await photoJpeg(dialect === 'sqlite' ? 35 : 36) },
      { category_id: String(category) },
      { headers: owner.headers },
    );
    expect(uploaded.code, uploaded.msg).toBe(0);
    const photo = uploadPhotoResponseSchema.parse(uploaded.data).photo;
    const served = await callSecond('get_random_photos_for_rating', {
      category_id: category,
      anonymous_id: `web-friend-${dialect}`,
      with_photo_id: photo.id,
    });
    expect(served.code, served.msg).toBe(0);
    expect(pairSchema.parse(served.data).photos.map((card) => card.id)).toContain(photo.id);
  });

  it('shows on one instance’s leaderboard the votes made through the other', async () => {
    const readSecond = async () => {
      const result = await callSecond('get_leaderboard', {
        category_id: category,
        period_type: 'all',
      });
      expect(result.code, result.msg).toBe(0);
      return leaderboardSchema.parse(result.data);
    };
    const readFirst = () => board(first, { category_id: category, period_type: 'all' });
    // Boards rank provisional photos by the yardstick they were loaded with, and votes move the
    // live one (ADR 0007): after a refit both instances reload their boards with its yardstick.
    await first.services.refit.refitAll();
    const yardstick = await referenceMus(first, category);
    first.clock.advance(3000);
    for (const read of [readFirst, readSecond]) {
      // The first read after a refit answers from the boards it has and starts their reload.
      const before = await read();
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if ((await read()).as_of !== before.as_of) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    for (let round = 0; round < 6; round += 1) {
      const pair = await servePair(first, category, `web-board-${dialect}`);
      parseVote(await vote(first, pair, `web-board-${dialect}`));
    }
    first.clock.advance(3000);
    const order = await databaseOrder(first, category, yardstick);
    const shown = (answer: Leaderboard) =>
      answer.items.map((item) => `${item.id}:${item.current_score}`);
    expect(shown(await readSecond())).toEqual(order);
    // And the first instance answers the same board.
    expect(shown(await readFirst())).toEqual(order);
  });

  it('lets only one instance refit at a time, and another take over a lapsed lease', async () => {
    const settings = new SettingsRepository(first.db);
    const now = first.clock.now();
    // Another process holds the lease: neither instance refits.
    expect(await settings.tryLease(REFIT_LEASE, 'elsewhere', now, 60_000)).toBe(true);
    expect(await first.services.refit.refitAll()).toBeNull();
    expect(await second.services.refit.refitAll()).toBeNull();
    // The holder renews: it keeps the lease; nobody else gets it.
    expect(await settings.tryLease(REFIT_LEASE, 'elsewhere', now + 1000, 60_000)).toBe(true);
    expect(await settings.tryLease(REFIT_LEASE, 'intruder', now + 2000, 60_000)).toBe(false);
    // The holder died: after the lease time one instance refits, and gives the lease back.
    first.clock.advance(15 * 60_000 + 1000);
    const summaries = await second.services.refit.refitAll();
    expect(summaries?.length).toBeGreaterThan(0);
    expect(await settings.get(REFIT_LEASE)).toBe('');
    expect(await first.services.refit.refitAll()).not.toBeNull();
  });
});
