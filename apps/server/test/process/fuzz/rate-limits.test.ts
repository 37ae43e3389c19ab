import { ErrorCode } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.js';
import { dialects } from '../../support/database.js';

/** The fuzz suite raises every limit; this keeps the limits themselves honest. */
describe.each(dialects)('rate limits still answer 42900 in the envelope on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(dialect, {
      RATE_LIMIT_API_PER_MINUTE: '8',
      RATE_LIMIT_LOGIN_PER_MINUTE: '2',
    });
  });
  afterAll(() => app.close());

  it('refuses logins beyond the per-minute limit, then every call beyond the API limit', async () => {
    const logins = [];
    for (let index = 0; index < 3; index += 1) {
      logins.push(await app.call('login_by_cookie', { cookie: app.hostToken(`limited-${index}`) }));
    }
    expect(logins.map((login) => login.code)).toEqual([0, 0, ErrorCode.RATE_LIMITED]);

    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push(await app.call('get_categories'));
    expect(answers.map((answer) => answer.code)).toEqual([0, 0, 0, 0, 0, ErrorCode.RATE_LIMITED]);
    const limited = answers[5];
    expect(limited?.status).toBe(200);
    expect(Object.keys(limited?.response.json() ?? {}).sort()).toEqual(['code', 'data', 'msg']);
    expect(limited?.msg).toBe('操作太频繁，请稍后再试');

    app.clock.advance(60_000);
    expect((await app.call('get_categories')).code).toBe(0);
  });
});
