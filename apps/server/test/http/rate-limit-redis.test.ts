import { randomInt, randomUUID } from 'node:crypto';
import { ErrorCode } from '@yanzhi/contract';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisRateLimiter } from '../../src/lib/redis-rate-limiter.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { callFrom } from '../support/from-address.js';
import { redisUrl } from '../support/redis.js';

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  function limiter(now: () => number, prefix: string, url = redisUrl ?? '') {
    const errors: unknown[] = [];
    const made = new RedisRateLimiter(url, now, (error) => errors.push(error), prefix);
    closing.push(() => made.close());
    return { made, errors };
  }

  it('counts the hits of every instance against one limit, per window', async () => {
    let now = 1_000_000;
    const prefix = `test:${randomUUID()}:`;
    const first = limiter(() => now, prefix).made;
    const second = limiter(() => now, prefix).made;
    const hits = [
      await first.hit('votes:ip:1', 3, 60_000),
      await second.hit('votes:ip:1', 3, 60_000),
      await first.hit('votes:ip:1', 3, 60_000),
      await second.hit('votes:ip:1', 3, 60_000),
    ];
    expect(hits).toEqual([true, true, true, false]);
    expect(await second.hit('votes:ip:2', 3, 60_000)).toBe(true);
    now += 60_000;
    expect(await first.hit('votes:ip:1', 3, 60_000)).toBe(true);
  });

  it('adds to and reads counts that every instance shares, per window', async () => {
    let now = 2_000_000;
    const prefix = `test:${randomUUID()}:`;
    const first = limiter(() => now, prefix).made;
    const second = limiter(() => now, prefix).made;
    expect(await first.add('served:ip:1', 0, 60_000)).toBe(0);
    expect(await first.add('served:ip:1', 1, 60_000)).toBe(1);
    expect(await second.add('served:ip:1', 2, 60_000)).toBe(3);
    expect(await first.add('served:ip:1', 0, 60_000)).toBe(3);
    now += 60_000;
    expect(await second.add('served:ip:1', 0, 60_000)).toBe(0);
  });

  it('lets requests through, and says so, when Redis cannot be reached', async () => {
    const { made, errors } = limiter(() => 0, 'unreachable:', 'redis://127.0.0.1:1');
    expect(await made.hit('k', 0, 1000)).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });

  describe('through the app', () => {
    let apps: TestApp[] = [];
    afterEach(async () => {
      for (const app of apps) await app.close();
      apps = [];
    });

    it('refuses the login over the limit across two instances with 42900', async () => {
      const env = { REDIS_URL: redisUrl ?? '', RATE_LIMIT_LOGIN_PER_MINUTE: '2' };
      // A fresh count for the test's address (inject always comes from 127.0.0.1).
      const redis = new Redis(redisUrl ?? '');
      await redis.del(
        ...(await redis.keys('yanzhi:rl:login:127.0.0.1:*')),
        'yanzhi:rl:placeholder',
      );
      await redis.quit();
      apps = [await createTestApp('sqlite', env), await createTestApp('sqlite', env)];
      const key = `web-${randomUUID()}`;
      const codes = [];
      for (const app of [...apps, ...apps]) {
        const result = await app.call('login_by_cookie', { cookie: app.hostToken(key) });
        codes.push(result.code);
      }
      // Two logins allowed in all, whichever instance took them.
      expect(codes).toEqual([0, 0, ErrorCode.RATE_LIMITED, ErrorCode.RATE_LIMITED]);
    });

    it('counts recovery-code attempts of one address across two instances', async () => {
      const env = { REDIS_URL: redisUrl ?? '', RATE_LIMIT_RECOVERY_PER_HOUR_IP: '3' };
      apps = [await createTestApp('sqlite', env), await createTestApp('sqlite', env)];
      // An address of its own: no earlier run has counted it.
      const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const codes = [];
      for (const app of [...apps, ...apps]) {
        const code = 'ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ';
        codes.push((await callFrom(app, address, 'sign_in_with_recovery_code', { code })).code);
      }
      expect(codes).toEqual([
        ErrorCode.RECOVERY_CODE_INVALID,
        ErrorCode.RECOVERY_CODE_INVALID,
        ErrorCode.RECOVERY_CODE_INVALID,
        ErrorCode.RATE_LIMITED,
      ]);
    });
  });
});
