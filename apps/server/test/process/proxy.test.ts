import fs from 'node:fs';
import http from 'node:http';
import { ErrorCode } from '@yanzhi/contract';
import {
  HAPROXY,
  haproxyInstalled,
  requireOrSkip,
  startHaproxy,
  type RunningProxy,
} from '@yanzhi/dev-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresSchema, makeTempDir, postgresUrl } from '../support/database.js';
import { startServerProcess, type ServerProcess } from '../support/process.js';
import { emptyRedisDatabase, redisUrl } from '../support/redis.js';

const runs =
  postgresUrl !== undefined && redisUrl !== undefined && requireOrSkip(HAPROXY, haproxyInstalled());

/** The instances' per-address API limit: above what the first two tests make together. */
const API_PER_MINUTE = 40;

interface Answer {
  status: number;
  servedBy: string | undefined;
  body: unknown;
}

/**
 * Two server processes on one PostgreSQL schema and one Redis behind HAProxy started with the
 * shipped configuration, each instance taking two requests at a time and one more waiting.
 */
describe.skipIf(!runs)('the shipped HAProxy configuration in front of two instances', () => {
  let database: Awaited<ReturnType<typeof createPostgresSchema>> | null = null;
  const dataDir = makeTempDir('yanzhi-proxy-');
  let servers: ServerProcess[] = [];
  let proxy: RunningProxy | null = null;
  let proxyUrl = '';

  async function call(name: string, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(`${proxyUrl}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    return {
      status: response.status,
      servedBy: response.headers.get('x-served-by') ?? undefined,
      body: await response.json(),
    };
  }

  /**
   * An upload whose body trickles in: the instance that takes it keeps working on it (one of its
   * two places) until `end` is called.
   */
  function slowUpload(): { end: () => void; answered: Promise<number> } {
    const request = http.request(`${proxyUrl}/api/upload_photo`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=slow' },
    });
    const answered = new Promise<number>((resolve) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', () => {
        resolve(0);
      });
    });
    request.write(
      '--slow\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n',
    );
    const trickle = setInterval(() => request.write(Buffer.alloc(16, 0xff)), 50);
    return {
      end: () => {
        clearInterval(trickle);
        request.destroy();
      },
      answered,
    };
  }

  beforeAll(async () => {
    database = await createPostgresSchema();
    // A Redis database of its own, so other tests' calls from this address are not counted here.
    const limits = await emptyRedisDatabase(7);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: limits,
      RATE_LIMIT_API_PER_MINUTE: String(API_PER_MINUTE),
      DATA_DIR: dataDir,
      HOST_TOKEN_SECRET: 'proxy-test-secret-0123456789abcdef0123456789ab',
      TRUST_PROXY: '1',
      DEMO_PHOTOS_PER_CATEGORY: '2',
    };
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '1' }));
    servers.push(await startServerProcess({ ...env, SEED_DEMO: '0' }));

    proxy = await startHaproxy([servers[0]?.url ?? '', servers[1]?.url ?? ''], {
      PROXY_INSTANCE_MAXCONN: '2',
      PROXY_QUEUE_MAX: '1',
      PROXY_QUEUE_TIMEOUT: '20s',
    });
    proxyUrl = proxy.url;
  }, 120_000);

  afterAll(async () => {
    proxy?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    servers = [];
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, and spreads calls over both instances', async () => {
    const servedBy = new Set<string | undefined>();
    for (let index = 0; index < 12; index += 1) {
      const answer = await call('get_categories');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ code: 0 });
      servedBy.add(answer.servedBy);
    }
    expect([...servedBy].sort()).toEqual(['instance1', 'instance2']);
  });

  it('refuses the excess at once with the API envelope, and takes calls again when load falls', async () => {
    // Both instances' two places taken, then one call waiting for a place: the queue is full.
    // Generous pauses: the holders only trickle, so waiting longer changes nothing but CI's luck.
    const holders = Array.from({ length: 4 }, () => slowUpload());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const waiting = call('get_categories');
    await new Promise((resolve) => setTimeout(resolve, 700));

    const [chinese, english] = await Promise.all([
      call('get_categories'),
      call('get_categories', { 'accept-language': 'en-GB,en;q=0.9' }),
    ]);
    for (const answer of [chinese, english]) {
      expect(answer.status).toBe(503);
      // From the proxy: no instance saw it.
      expect(answer.servedBy).toBeUndefined();
    }
    expect(chinese.body).toEqual({
      code: ErrorCode.OVERLOADED,
      msg: '服务繁忙，请稍后再试',
      data: null,
    });
    expect(english.body).toEqual({
      code: ErrorCode.OVERLOADED,
      msg: 'The service is busy, please try again later',
      data: null,
    });

    for (const holder of holders) holder.end();
    // The waiting call gets its place, and new calls go straight through again.
    expect((await waiting).body).toMatchObject({ code: 0 });
    const after = await call('get_categories');
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ code: 0 });
  });

  it('gives the instances the client address, never one a client made up', async () => {
    // Each call names a fresh made-up address. Were it believed, every call would be counted for
    // its own address and none refused; the proxy drops it, so all count for this one.
    // One at a time: this proxy lets only five calls in at once. The limit counts in windows of
    // the clock's minutes: calls that a new minute interrupts are counted again from there.
    let answers: { code: number }[] = [];
    let window = Number.NaN;
    for (let index = 0; answers.length < API_PER_MINUTE + 20; index += 1) {
      const sentIn = Math.floor(Date.now() / 60_000);
      const response = await fetch(`${proxyUrl}/api/get_categories`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${String(index % 256)}`,
          forwarded: `for=198.51.100.${String(index % 256)}`,
        },
        body: '{}',
      });
      const answer = (await response.json()) as { code: number };
      const answeredIn = Math.floor(Date.now() / 60_000);
      if (sentIn !== window || answeredIn !== window) {
        window = answeredIn;
        answers = [];
        // Sent in one minute and answered in the next: counted in either.
        if (sentIn !== answeredIn) continue;
      }
      answers.push(answer);
    }
    const limited = answers.filter((answer) => answer.code === ErrorCode.RATE_LIMITED);
    expect(limited.length).toBeGreaterThanOrEqual(20);
  });
});
