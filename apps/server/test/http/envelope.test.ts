import { API, CALL_NAMES, ErrorCode } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';

describe.each(dialects)('the envelope and HTTP status policy (ADR 0001) on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(dialect, { BODY_LIMIT_BYTES: '2048' });
    app.server.post('/api/__explode', () => Promise.reject(new Error('SELECT secret FROM users')));
  });
  afterAll(() => app.close());

  /** A POST with a body the test writes itself, to reach the parser's refusals. */
  const postRaw = (url: string, contentType: string, payload: string | Buffer) =>
    app.server.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

  it('wraps a success as { code: 0, msg, data } with HTTP 200', async () => {
    const result = await app.call('get_categories');
    expect(result.status).toBe(200);
    expect(result.code).toBe(0);
    expect(typeof result.msg).toBe('string');
    expect(Array.isArray(result.data)).toBe(true);
  });

  it('accepts the spec client sending a JSON content type with no body at all', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/get_categories',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.json()).toMatchObject({ code: 0 });
  });

  it('names the missing field in a validation error, with HTTP 200', async () => {
    const result = await app.call('get_leaderboard', { period_type: 'day' });
    expect(result.status).toBe(200);
    expect(result.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(result.msg).toContain('category_id');
    expect(result.data).toMatchObject({ field: 'category_id' });
  });

  it('names a field of the wrong type, in English when asked', async () => {
    const result = await app.call(
      'get_leaderboard',
      { category_id: 1, period_type: 'yearly' },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(result.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(result.msg).toBe(
      'Invalid parameter period_type: must be one of day, week, month, all, daily, weekly, monthly, total',
    );
    const huge = await app.call('get_leaderboard', { category_id: 1, page_size: 5000 });
    expect(huge.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(huge.msg).toContain('page_size');
  });

  it('refuses a body that is not an object', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/login_by_cookie',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2,3]',
    });
    expect(response.json()).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      data: { field: 'body' },
    });
  });

  it('answers an unknown API path with 404 and the envelope', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/no_such_call',
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, data: null });
    expect(response.json<{ msg: string }>().msg).toBe('接口不存在');
  });

  it('answers a known path with the wrong method with 405 and the envelope', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/get_categories' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toMatchObject({ code: ErrorCode.METHOD_NOT_ALLOWED });
  });

  it('answers malformed JSON with 400 and the envelope', async () => {
    const response = await postRaw('/api/get_categories', 'application/json', '{"category_id": 1,');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ErrorCode.MALFORMED_BODY });
  });

  it('refuses prototype-pollution keys as a malformed body', async () => {
    const response = await postRaw(
      '/api/login_by_cookie',
      'application/json',
      '{"cookie":"x","__proto__":{"admin":true}}',
    );
    expect(response.json()).toMatchObject({ code: ErrorCode.MALFORMED_BODY });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses what the fuzzer found passing as an empty object (test/fuzz)', async () => {
    const inject = (contentType: string, payload: string | Buffer) =>
      postRaw('/api/get_categories', contentType, payload);
    const nullBody = await inject('application/json', 'null');
    expect(nullBody.json()).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
    const badUtf8 = await inject(
      'application/json',
      Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
    );
    expect(badUtf8.statusCode).toBe(400);
    expect(badUtf8.json()).toMatchObject({ code: ErrorCode.MALFORMED_BODY });
    const multipart = await inject('multipart/form-data; boundary=b', '--b--\r\n');
    expect(multipart.json()).toMatchObject({ code: ErrorCode.UNSUPPORTED_MEDIA_TYPE });
  });

  it('answers a body over the size limit with 413 and the envelope', async () => {
    const response = await postRaw(
      '/api/login_by_cookie',
      'application/json',
      JSON.stringify({ cookie: 'x'.repeat(4096) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: ErrorCode.PAYLOAD_TOO_LARGE, data: null });
  });

  it('answers an unsupported content type with 415 and the envelope', async () => {
    const response = await postRaw('/api/get_categories', 'text/xml', '<categories/>');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: ErrorCode.UNSUPPORTED_MEDIA_TYPE });
  });

  it('answers an unexpected failure with 500 and a generic message, never the cause', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/__explode',
      payload: {},
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: ErrorCode.INTERNAL,
      msg: '服务器开小差了，请稍后再试',
      data: null,
    });
    expect(response.body).not.toContain('SELECT');
    expect(app.logs.join('\n')).toContain('unexpected error');
  });

  it('routes every call of the contract, validating before anything else', () => {
    const unrouted = CALL_NAMES.filter(
      (name) => !app.server.hasRoute({ method: 'POST', url: API[name].path }),
    );
    expect(unrouted).toEqual([]);
  });

  it('checks the input and the caller before a call does anything', async () => {
    const invalid = await app.call('get_leaderboard', { category_id: 'x' });
    expect(invalid.code).toBe(ErrorCode.VALIDATION_FAILED);
    const signedOut = await app.call('delete_photo', { photo_id: 1 });
    expect(signedOut.code).toBe(ErrorCode.NOT_SIGNED_IN);
  });

  it('drops unknown fields instead of failing on them', async () => {
    const result = await app.call('get_categories', { extra: 'field', nested: { a: 1 } });
    expect(result.code).toBe(0);
  });

  it('serves a health check and the OpenAPI document generated from the contract', async () => {
    const health = await app.server.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
    const docs = await app.server.inject({ method: 'GET', url: '/api/docs' });
    const document = docs.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/api/get_categories',
      '/api/get_leaderboard',
      '/api/get_random_photos_for_rating',
      '/api/submit_photo_rating',
      '/api/submit_photo_report',
      '/api/get_user_vote_stats',
      '/api/delete_photo',
      '/api/login_by_cookie',
      '/api/get_user_info',
      '/api/gen_share_image',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
  });
});
