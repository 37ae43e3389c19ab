import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { ErrorCode, pairSchema, type CallName } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signHostToken } from '../../src/domain/tokens.js';
import { createPostgresSchema, makeTempDir, postgresUrl } from '../support/database.js';
import { DeviceJar, withDeviceCookie } from '@yanzhi/dev-support';
import { startServerProcess, type ServerProcess } from '../support/process.js';
import { emptyRedisDatabase, redisUrl } from '../support/redis.js';

const HOST_SECRET = 'two-processes-secret-0123456789abcdef0123456789';

/**
 * Two real server processes on different ports, one PostgreSQL schema and one Redis (DESIGN §1):
 * the voting loop runs across them and their limits are one.
 */
describe.skipIf(!postgresUrl || !redisUrl)('two server processes on PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<typeof createPostgresSchema>> | null = null;
  const dataDir = makeTempDir('yanzhi-two-');
  let servers: ServerProcess[] = [];

  const devices = new DeviceJar();

  async function call(server: ServerProcess, name: CallName, body: object, headers = {}) {
    const response = await fetch(`${server.url}/api/${name}`, {
      method: 'POST',
      headers: withDeviceCookie(
        devices,
        { 'content-type': 'application/json', ...headers },
        body,
      ) as Record<string, string>,
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code: number; msg: string; data: unknown };
  }

  beforeAll(async () => {
    database = await createPostgresSchema();
    const env = {
      DATABASE_URL: database.url,
      // A Redis database of its own: new ids counted from this address by other tests or an
      // earlier run within the hour would otherwise refuse its voter (42910).
      REDIS_URL: await emptyRedisDatabase(6),
      DATA_DIR: dataDir,
      HOST_TOKEN_SECRET: HOST_SECRET,
      DEMO_PHOTOS_PER_CATEGORY: '6',
      ARENA_MIN_DWELL_MS: '0',
      RATE_LIMIT_VOTES_PER_MINUTE_DEVICE: '10',
    };
    // The first one migrates and seeds; the second joins the same database and media folder.
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '1' }));
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '0' }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('votes through one process on pairs the other served, under one shared limit', async () => {
    const [first, second] = servers;
    if (!first || !second) throw new Error('servers not started');
    const categories = await call(first, 'get_categories', {});
    const [category] = categories.data as { id: number }[];
    const anonymousId = `web-${randomUUID()}`;
    const codes: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      const [serving, voting] = round % 2 === 0 ? [first, second] : [second, first];
      const served = await call(serving, 'get_random_photos_for_rating', {
        category_id: category?.id,
        anonymous_id: anonymousId,
      });
      expect(served.code, served.msg).toBe(0);
      const pair = pairSchema.parse(served.data);
      const voted = await call(voting, 'submit_photo_rating', {
        winner_photo_id: pair.photos[0].id,
        loser_photo_id: pair.photos[1].id,
        anonymous_id: anonymousId,
        pair_id: pair.pair_id,
      });
      codes.push(voted.code);
    }
    // Ten votes a minute per device, counted across both processes.
    expect(codes.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 0));
    expect(codes.slice(10)).toEqual([ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);

    // A session made by one process works on the other; the stats are the same on both.
    const login = await call(first, 'login_by_cookie', {
      cookie: signHostToken(
        { sub: `two-${randomUUID()}`, exp: Math.floor(Date.now() / 1000) + 600 },
        HOST_SECRET,
      ),
    });
    expect(login.code, login.msg).toBe(0);
    const token = (login.data as { token: string }).token;
    const info = await call(second, 'get_user_info', {}, { 'access-token': token });
    expect(info.code, info.msg).toBe(0);
    const stats = await Promise.all(
      servers.map((server) => call(server, 'get_user_vote_stats', { anonymous_id: anonymousId })),
    );
    expect(stats.map((answer) => (answer.data as { total_votes: number }).total_votes)).toEqual([
      10, 10,
    ]);
  }, 60_000);
});
