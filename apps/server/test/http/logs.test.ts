import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';

describe.each(dialects)('structured logs on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(dialect, { LOG_LEVEL: 'trace' });
  });
  afterAll(() => app.close());

  it('never contain a token, whether sent in a header, a body or the address', async () => {
    const hostToken = app.hostToken('canary-user');
    const login = await app.call('login_by_cookie', { cookie: hostToken });
    const session = login.data as { token: string; refresh_token: string };
    const canaries = [hostToken, session.token, session.refresh_token, 'CANARY-QUERY-TOKEN'];

    await app.call('get_user_info', { token: session.token }, { 'access-token': session.token });
    await app.call('refresh_session', { refresh_token: session.refresh_token });
    await app.call('get_user_info', {}, { 'access-token': 'at_CANARY-INVALID' });
    await app.server.inject({ method: 'GET', url: '/?access-token=CANARY-QUERY-TOKEN&version=1' });
    await app.server.inject({ method: 'GET', url: '/profile?tokenId=CANARY-QUERY-TOKEN' });
    canaries.push('at_CANARY-INVALID');

    const logs = app.logs.join('\n');
    expect(app.logs.length).toBeGreaterThan(5);
    for (const canary of canaries) expect(logs).not.toContain(canary);
    expect(logs).toContain('[redacted]');
    for (const line of app.logs) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it('never contain a token through a whole session, broken bodies and refusals included', async () => {
    const canary = 'at_CANARY7f3a9c1e5b2d4086';
    const hostToken = app.hostToken('canary-session-user');
    const login = await app.call('login_by_cookie', { cookie: `sid=1; host_token=${hostToken}` });
    const first = login.data as { token: string; refresh_token: string };
    const refreshed = await app.call('refresh_session', { refresh_token: first.refresh_token });
    const session = refreshed.data as { token: string; refresh_token: string };
    const secrets = [canary, hostToken, first.token, first.refresh_token];
    secrets.push(session.token, session.refresh_token);
    const signedIn = { 'access-token': session.token };

    await app.call('get_user_vote_stats', {}, signedIn);
    await app.call('get_my_photos', {}, signedIn);
    await app.call('get_user_info', { token: canary });
    await app.call('get_user_info', { token: session.token }, { 'access-token': canary });
    await app.call('gen_share_image', { token: canary, lang: 'en' });
    await app.call('gen_share_image', { token: session.token }, signedIn);
    await app.server.inject({
      method: 'POST',
      url: '/api/gen_share_image',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload: `--b\r\ncontent-disposition: form-data; name="token"\r\n\r\n${canary}\r\n--b--\r\n`,
    });
    // Broken bodies: a parser's message may quote the text it choked on.
    for (const payload of [
      `{"token":"${canary}"`,
      `{"token":"${canary}",}`,
      `{"token":${canary}}`,
    ]) {
      await app.server.inject({
        method: 'POST',
        url: '/api/get_user_info',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    }
    await app.server.inject({
      method: 'GET',
      url: `/leaderboard?access-token=${canary}&tokenId=${canary}`,
    });
    await app.server.inject({ method: 'GET', url: `/?token=${encodeURIComponent(hostToken)}` });
    await app.server.inject({ method: 'GET', url: `/api/get_user_info?access-token=${canary}` });
    await app.call('refresh_session', { refresh_token: first.refresh_token }); // reuse: a refusal
    await app.call('sign_out', {}, signedIn);
    await app.call('get_my_photos', {}, signedIn); // revoked

    expect(app.logs.length).toBeGreaterThan(20);
    const leaks = app.logs.filter((line) => secrets.some((secret) => line.includes(secret)));
    expect(leaks).toEqual([]);
  });
});
