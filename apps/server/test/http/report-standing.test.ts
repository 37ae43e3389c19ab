import {
  ErrorCode,
  moderationQueueResponseSchema,
  uploadPhotoResponseSchema,
} from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ADDRESS_RETENTION_MS } from '../../src/services/moderation.service.js';
import { VoterRepository } from '../../src/repositories/voter.repository.js';
import { photoJpeg, upload } from '../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { categoryIds } from '../support/arena.js';
import { dialects } from '../support/database.js';
import { callFrom } from '../support/from-address.js';

interface Session {
  id: number;
  headers: Record<string, string>;
}

describe.each(dialects)('reports need standing from distinct neighbourhoods on %s', (dialect) => {
  let app: TestApp;
  let category = 0;
  let seed = 0;
  let owner: Session;
  let moderator: Session;
  let people = 0;

  async function signIn(name: string): Promise<Session> {
    const login = await app.call('login_by_cookie', {
      cookie: app.hostToken(`${name}-${dialect}`),
    });
    expect(login.code, login.msg).toBe(0);
    const data = login.data as { token: string; userInfo: { id: number } };
    return { id: data.userInfo.id, headers: { 'access-token': data.token } };
  }

  /** A new signed-in reporter (a host account: standing by being signed in). */
  function someone(): Promise<Session> {
    people += 1;
    return signIn(`reporter-${people}`);
  }

  /** An anonymous device whose voter has earned weight (set up through the repository). */
  async function earnedVoter(device: string, weight = 0.8): Promise<Record<string, string>> {
    const voters = new VoterRepository(app.db);
    const now = app.clock.now();
    const voter = await app.services.identity.resolveVoter(device, null, now);
    await voters.update(voter.id, { ...voter, total_votes: 40, gold_passed: 3 }, now);
    await voters.setRefitResults([{ id: voter.id, weight, reliability: weight, trust: 1 }]);
    return { 'device-id': device };
  }

  async function newPhoto(headers = owner.headers) {
    seed += 1;
    const result = await upload(
      app,
      { bytes: await photoJpeg(seed + (dialect === 'postgres' ? 9000 : 7000)) },
      { category_id: String(category) },
      { headers },
    );
    expect(result.code, result.msg).toBe(0);
    return uploadPhotoResponseSchema.parse(result.data);
  }

  const report = (photoId: number, address: string, headers: Record<string, string>) =>
    callFrom(
      app,
      address,
      'submit_photo_report',
      { photo_id: photoId, reason: 'spam_or_ads' },
      {
        ...headers,
      },
    );

  async function stateOf(photoId: number) {
    const row = await app.db
      .selectFrom('photos')
      .select('state')
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    return row.state;
  }

  async function queueItem(photoId: number) {
    const queue = await app.call('get_moderation_queue', {}, moderator.headers);
    expect(queue.code, queue.msg).toBe(0);
    const parsed = moderationQueueResponseSchema.parse(queue.data);
    return { item: parsed.items.find((entry) => entry.photo_id === photoId), queue: parsed };
  }

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      REPORT_HIDE_THRESHOLD: '3',
      RATE_LIMIT_UPLOADS_PER_HOUR_USER: '1000',
      RATE_LIMIT_UPLOADS_PER_HOUR_IP: '1000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
      RATE_LIMIT_REPORTS_PER_HOUR: '1000',
    });
    [category = 0] = await categoryIds(app);
    owner = await signIn('owner');
    moderator = await signIn('moderator');
    await app.services.users.setRole(moderator.id, 'moderator', app.clock.now());
  });
  afterAll(() => app.close());

  it('hides nothing on three anonymous reports from one address, and counts them once', async () => {
    const { photo } = await newPhoto();
    for (const device of ['web-a1', 'web-a2', 'web-a3']) {
      expect((await report(photo.id, '198.51.100.7', { 'device-id': device })).code).toBe(0);
    }
    expect(await stateOf(photo.id)).toBe('active');
    const { item } = await queueItem(photo.id);
    expect(item).toMatchObject({
      state: 'active',
      report_count: 3,
      voices: 1,
      standing_neighbourhoods: 0,
      hide_threshold: 3,
    });
    expect(item?.reports.map((entry) => entry.reporter_anonymous_id)).toEqual([
      'web-a1',
      'web-a2',
      'web-a3',
    ]);
    expect(item?.reports[0]).toMatchObject({
      reporter_user_id: null,
      neighbourhood: 'v4:198.51.100',
      address: '198.51.100.7',
      with_standing: false,
      reason: 'spam_or_ads',
    });
  });

  it('hides nothing on reports without standing from three neighbourhoods', async () => {
    const { photo } = await newPhoto();
    const addresses = ['198.51.100.8', '203.0.113.8', '192.0.2.8', '2001:db8:9::8'];
    for (const [n, address] of addresses.entries()) {
      expect((await report(photo.id, address, { 'device-id': `web-b${n}` })).code).toBe(0);
    }
    // A voter with many votes whose weight the refit found low has no standing either.
    const low = await earnedVoter('web-b-low', 0.1);
    expect((await report(photo.id, '100.64.1.1', low)).code).toBe(0);
    expect(await stateOf(photo.id)).toBe('active');
    const { item } = await queueItem(photo.id);
    expect(item).toMatchObject({ voices: 5, standing_neighbourhoods: 0 });
    expect(item?.reports.every((entry) => !entry.with_standing)).toBe(true);
  });

  it('gives no standing to device accounts made by an upload', async () => {
    const { photo } = await newPhoto();
    for (const [n, address] of ['198.51.100.9', '203.0.113.9', '192.0.2.9'].entries()) {
      const made = await newPhoto({ 'device-id': `web-dev-${n}` });
      const token = made.token;
      expect(token).toBeTruthy();
      const headers = { 'access-token': token ?? '', 'device-id': `web-dev-${n}` };
      expect((await report(photo.id, address, headers)).code).toBe(0);
    }
    expect(await stateOf(photo.id)).toBe('active');
    const { item } = await queueItem(photo.id);
    expect(
      item?.reports.map((entry) => [entry.reporter_user_id !== null, entry.with_standing]),
    ).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ]);
  });

  it('hides at the threshold on reports with standing from distinct neighbourhoods', async () => {
    const { photo } = await newPhoto();
    const first = await someone();
    const second = await someone();
    expect((await report(photo.id, '203.0.113.20', first.headers)).code).toBe(0);
    expect((await report(photo.id, '2001:db8:1:2::20', second.headers)).code).toBe(0);
    expect(await stateOf(photo.id)).toBe('active');
    // Anonymous reports without standing never make up the difference.
    expect((await report(photo.id, '192.0.2.20', { 'device-id': 'web-c-fresh' })).code).toBe(0);
    expect(await stateOf(photo.id)).toBe('active');
    // A voter with earned weight, from a third neighbourhood, does.
    const voter = await earnedVoter('web-c-earned');
    expect((await report(photo.id, '198.51.100.20', voter)).code).toBe(0);
    expect(await stateOf(photo.id)).toBe('hidden');
    const log = await app.db
      .selectFrom('moderation_log')
      .select(['decision', 'moderator_id'])
      .where('photo_id', '=', photo.id)
      .execute();
    expect(log).toEqual([{ decision: 'auto_hide', moderator_id: null }]);
    const { item } = await queueItem(photo.id);
    expect(item).toMatchObject({ state: 'hidden', standing_neighbourhoods: 3, voices: 4 });
    // Reports with standing first, each with its reporter, neighbourhood and address.
    expect(
      item?.reports.map((entry) => [
        entry.reporter_user_id,
        entry.reporter_anonymous_id,
        entry.neighbourhood,
        entry.address,
        entry.with_standing,
      ]),
    ).toEqual([
      [first.id, null, 'v4:203.0.113', '203.0.113.20', true],
      [second.id, null, 'v6:2001:db8:1:2', '2001:db8:1:2::20', true],
      [null, 'web-c-earned', 'v4:198.51.100', '198.51.100.20', true],
      [null, 'web-c-fresh', 'v4:192.0.2', '192.0.2.20', false],
    ]);
    // A hidden photo is never served for rating.
    for (let round = 0; round < 6; round += 1) {
      const pair = await app.call('get_random_photos_for_rating', {
        category_id: category,
        anonymous_id: `web-c-look-${round}`,
      });
      const ids =
        (pair.data as { photos?: { id: number }[] } | null)?.photos?.map((p) => p.id) ?? [];
      expect(ids).not.toContain(photo.id);
    }
  });

  it('counts reports with standing from one /24 or one /64 once, whatever the addresses', async () => {
    const { photo } = await newPhoto();
    const addresses = ['203.0.113.31', '203.0.113.32', '203.0.113.33', '::ffff:203.0.113.34'];
    for (const address of addresses) {
      expect((await report(photo.id, address, (await someone()).headers)).code).toBe(0);
    }
    for (const address of ['2001:db8:5:6::1', '2001:db8:5:6:ffff::2']) {
      expect((await report(photo.id, address, (await someone()).headers)).code).toBe(0);
    }
    expect(await stateOf(photo.id)).toBe('active');
    expect((await queueItem(photo.id)).item).toMatchObject({
      standing_neighbourhoods: 2,
      voices: 6,
    });
    expect((await report(photo.id, '192.0.2.31', (await someone()).headers)).code).toBe(0);
    expect(await stateOf(photo.id)).toBe('hidden');
  });

  it('asks more of a photo with much exposure', async () => {
    const { photo } = await newPhoto();
    await app.db
      .updateTable('photos')
      .set({ comparisons: 300, wins: 150 })
      .where('id', '=', photo.id)
      .execute();
    for (const n of [1, 2, 3, 4]) {
      const address = `10.${n}.0.1`;
      expect((await report(photo.id, address, (await someone()).headers)).code).toBe(0);
    }
    expect(await stateOf(photo.id)).toBe('active');
    expect((await queueItem(photo.id)).item).toMatchObject({
      standing_neighbourhoods: 4,
      hide_threshold: 5,
    });
    expect((await report(photo.id, '10.5.0.1', (await someone()).headers)).code).toBe(0);
    expect(await stateOf(photo.id)).toBe('hidden');
  });

  it('keeps one report per reporter per photo and the spec client payload working', async () => {
    const { photo } = await newPhoto();
    const reporter = await someone();
    const spec = await callFrom(
      app,
      '203.0.113.40',
      'submit_photo_report',
      { photo_id: photo.id, reason: 'other', notes: '', user_id: '1' },
      reporter.headers,
    );
    expect(spec.code, spec.msg).toBe(0);
    const again = await report(photo.id, '192.0.2.40', reporter.headers);
    expect(again.code).toBe(ErrorCode.ALREADY_REPORTED);
    const { item } = await queueItem(photo.id);
    expect(item?.reports).toHaveLength(1);
  });

  it('sorts photos reported with standing before those reported without', async () => {
    const { queue } = await queueItem(0);
    const standing = queue.items.map((entry) => entry.standing_neighbourhoods);
    const active = queue.items.filter((entry) => entry.state === 'active');
    const activeStanding = active.map((entry) => entry.standing_neighbourhoods);
    expect(activeStanding).toEqual([...activeStanding].sort((a, b) => b - a));
    expect(standing.some((n) => n > 0)).toBe(true);
    const hiddenFirst = queue.items.findIndex((entry) => entry.state === 'active');
    expect(queue.items.slice(hiddenFirst).every((entry) => entry.state === 'active')).toBe(true);
  });

  it('forgets reporters’ addresses 30 days after the review, keeping neighbourhoods', async () => {
    const { photo } = await newPhoto();
    expect((await report(photo.id, '198.51.100.50', { 'device-id': 'web-d1' })).code).toBe(0);
    const kept = await app.call(
      'moderate_photo',
      { photo_id: photo.id, decision: 'keep' },
      moderator.headers,
    );
    expect(kept.code, kept.msg).toBe(0);
    const stored = () =>
      app.db
        .selectFrom('reports')
        .select(['reporter_address', 'reporter_neighbourhood'])
        .where('photo_id', '=', photo.id)
        .executeTakeFirstOrThrow();
    app.clock.advance(REPORT_ADDRESS_RETENTION_MS - 60_000);
    moderator = await signIn('moderator'); // the old session has expired
    await queueItem(photo.id);
    expect(await stored()).toEqual({
      reporter_address: '198.51.100.50',
      reporter_neighbourhood: 'v4:198.51.100',
    });
    app.clock.advance(120_000);
    await queueItem(photo.id);
    expect(await stored()).toEqual({
      reporter_address: null,
      reporter_neighbourhood: 'v4:198.51.100',
    });
  });
});
