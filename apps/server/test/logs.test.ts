import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';

describe('structured logs', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('sqlite', { LOG_LEVEL: 'trace' });
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
});
