import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@yanzhi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createTestApp, TEST_HOST_SECRET, type TestApp } from '../support/app.js';
import { dialects } from '../support/database.js';

/** Load shedding (ADR 0016): a process that falls behind answers 503 / 50300 at once. */
describe.each(dialects)('overload on %s', (dialect) => {
  let app: TestApp | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  const busy = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // the event loop is held, as by a flood of requests
    }
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('sheds API requests while the event loop lags, keeps health checks, and recovers', async () => {
    app = await createTestApp(dialect, { OVERLOAD_LAG_MS: '100' });
    expect((await app.call('get_categories')).code).toBe(0);

    // One long task alone does not count as overload.
    busy(200);
    await sleep(25);
    expect((await app.call('get_categories')).code).toBe(0);

    // Falling behind turn after turn does.
    for (let turn = 0; turn < 8; turn += 1) {
      busy(200);
      await sleep(1);
    }
    const shed = await app.call('get_categories', {}, { 'accept-language': 'en' });
    expect(shed.status).toBe(503);
    expect(shed.code).toBe(ErrorCode.OVERLOADED);
    expect(shed.msg).toMatch(/busy|overload/i);
    expect(shed.data).toBeNull();
    expect(shed.response.headers['retry-after']).toBe('1');
    expect(shed.response.headers['cache-control']).toBe('no-store');
    const health = await app.server.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);

    // A shed vote changed nothing.
    const before = await app.db.selectFrom('voters').select('id').orderBy('id').execute();
    const vote = await app.call('get_random_photos_for_rating', {
      category_id: 1,
      anonymous_id: 'shed-device-0001',
    });
    expect(vote.code).toBe(ErrorCode.OVERLOADED);
    expect(await app.db.selectFrom('voters').select('id').orderBy('id').execute()).toEqual(before);

    await sleep(400);
    expect((await app.call('get_categories')).code).toBe(0);
  });

  it('sheds the request past OVERLOAD_MAX_IN_FLIGHT and takes the next once one ends', async () => {
    app = await createTestApp(dialect, { OVERLOAD_MAX_IN_FLIGHT: '1' });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.server.address() as AddressInfo;
    const post = (path: string) =>
      new Promise<{ status: number; body: { code: number } }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => {
              text += chunk.toString();
            });
            response.on('end', () => {
              resolve({
                status: response.statusCode ?? 0,
                body: JSON.parse(text) as { code: number },
              });
            });
          },
        );
        request.on('error', reject);
        request.end('{}');
      });

    // An upload whose body is still arriving holds the only slot.
    const slow = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/upload_photo',
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '100000' },
    });
    slow.on('error', () => undefined);
    slow.write('--x\r\n');
    await sleep(200);

    const refused = await post('/api/get_categories');
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe(ErrorCode.OVERLOADED);

    slow.destroy();
    await sleep(200);
    const served = await post('/api/get_categories');
    expect(served.status).toBe(200);
    expect(served.body.code).toBe(0);
  });
  it('frees the slot of a request whose client left before the answer', async () => {
    app = await createTestApp(dialect);
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const gated = await buildApp({
      config: { ...app.config, overload: { lagMs: 0, maxInFlight: 2 } },
      db: app.db,
      reader: app.reader,
      clock: app.clock,
      hostTokenSecret: TEST_HOST_SECRET,
      logStream: { write: () => undefined },
      // Every answer waits here, as for a slow disk, until the gate opens.
      durable: () => gate,
    });
    try {
      await gated.server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = gated.server.server.address() as AddressInfo;
      // Two clients fill both slots, then give up before their answers exist.
      const leaving = [0, 1].map(() => {
        const request = http.request({
          host: '127.0.0.1',
          port,
          path: '/api/get_categories',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        });
        request.on('error', () => undefined);
        request.end('{}');
        return request;
      });
      await sleep(200);
      for (const request of leaving) request.destroy();
      await sleep(100);
      open();
      await sleep(200);
      const after = await gated.server.inject({
        method: 'POST',
        url: '/api/get_categories',
        payload: {},
      });
      expect(after.statusCode).toBe(200);
    } finally {
      await gated.server.close();
    }
  });
});
