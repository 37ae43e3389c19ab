import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, CALL_NAMES, ErrorCode } from '@yanzhi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDisguisedApiPath, lenientPath } from '../../src/plugins/api-gate.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';

interface RawAnswer {
  status: number;
  body: string;
}

/** Sends the path exactly as written (inject would resolve `/./` before the server saw it). */
function rawPost(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
        });
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

/** Every spelling of `/api/<name>` a lenient router, proxy or file server might accept. */
function disguises(name: string): string[] {
  const first = name.charCodeAt(0).toString(16);
  return [
    `/%61pi/${name}`,
    `/%61%70%69/${name}`,
    `/a%70i/${name}`,
    `/%2561pi/${name}`,
    `/%252561pi/${name}`,
    `/API/${name}`,
    `/Api/${name}`,
    `/%41PI/${name}`,
    `//api/${name}`,
    `///api/${name}`,
    `/./api/${name}`,
    `/x/../api/${name}`,
    `/api/./${name}`,
    `/api//${name}`,
    `/api/%${first}${name.slice(1)}`,
    `/api/${name.toUpperCase()}`,
    `/api/${name}/`,
    `/api%2f${name}`,
    `/api%2F${name}?x=1`,
    `/%2fapi/${name}`,
    `/api\\${name}`,
  ];
}

describe('which addresses are disguised API paths', () => {
  it('finds the API under every spelling and leaves pages, files and media alone', () => {
    for (const name of CALL_NAMES) {
      expect(isDisguisedApiPath(API[name].path, API[name].path)).toBe(false);
      expect(isDisguisedApiPath(`${API[name].path}?lang=en`, API[name].path)).toBe(false);
      for (const path of disguises(name)) {
        expect(isDisguisedApiPath(path, undefined), path).toBe(true);
      }
    }
    for (const path of ['/', '/leaderboard', '/media/cards/1/a.png', '/assets/app.js', '/apiary']) {
      expect(isDisguisedApiPath(path, undefined), path).toBe(false);
    }
    expect(lenientPath('/%2561pi/./x/../get_categories')).toBe('/api/get_categories');
  });
});

describe.each(dialects)('disguised API paths on %s', (dialect) => {
  let app: TestApp;
  let port: number;
  beforeAll(async () => {
    app = await createTestApp(dialect, { RATE_LIMIT_API_PER_MINUTE: '100000' });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  it('answers `/%61pi/…` 404 with the envelope, not a 500', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/%61pi/get_categories',
      headers: { 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: ErrorCode.NOT_FOUND, msg: '接口不存在', data: null });
  });

  it('answers every spelling of every call 404 without an error log or a stack trace', async () => {
    const logsBefore = app.logs.length;
    for (const name of CALL_NAMES) {
      for (const path of disguises(name)) {
        const answer = await rawPost(port, path);
        expect(answer.status, path).toBe(404);
        expect(JSON.parse(answer.body), path).toMatchObject({ code: ErrorCode.NOT_FOUND });
      }
    }
    const lines = app.logs.slice(logsBefore).map((line) => JSON.parse(line) as { level: number });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(app.logs.slice(logsBefore).join('\n')).not.toMatch(/stack|TypeError/);
    // Fastify's own two lines per request ("incoming request", "request completed"), no more.
    expect(lines.length).toBeLessThanOrEqual(2 * CALL_NAMES.length * disguises('x').length);
  });

  it('still serves the canonical path', async () => {
    const answer = await rawPost(port, '/api/get_categories');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 0 });
  });
});

describe.each(dialects)('the per-address API limit on disguised paths on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(dialect, { RATE_LIMIT_API_PER_MINUTE: '5' });
  });
  afterAll(() => app.close());

  it('counts disguised requests against the limit, then refuses with 42900', async () => {
    const post = (url: string) =>
      app.server.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: {},
      });
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/%61pi/get_categories')).statusCode).toBe(404);
    }
    const over = await post('/%61pi/get_categories');
    expect(over.statusCode).toBeLessThan(500);
    expect(over.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    // One counter: the canonical path is refused too, for the same address.
    expect((await app.call('get_categories')).code).toBe(ErrorCode.RATE_LIMITED);
    // The minute passes: answered again.
    app.clock.advance(61_000);
    expect((await app.call('get_categories')).code).toBe(0);
  });
});
