import fs from 'node:fs';
import type { CallName, CallRequest } from '@yanzhi/contract';
import { API } from '@yanzhi/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { DatabaseAddress, Db } from '../../src/db/database.js';
import { signHostToken } from '../../src/domain/tokens.js';
import { createTestDatabase, makeTempDir, type Dialect } from './database.js';
import { DeviceJar, deviceOfRequest, withDeviceCookie } from '@yanzhi/dev-support';

export const TEST_HOST_SECRET = 'test-host-secret-0123456789abcdef0123456789';

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private time = Date.UTC(2026, 10, 21, 4, 0, 0)) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

export interface TestApp extends App {
  db: Db;
  durable: () => Promise<void>;
  /** Where another connection reaches the app's database (the refit thread's reads). */
  reader: DatabaseAddress;
  config: Config;
  clock: TestClock;
  dataDir: string;
  logs: string[];
  close: () => Promise<void>;
  call: <N extends CallName>(
    name: N,
    body?: CallRequest<N> | Record<string, unknown>,
    headers?: Record<string, string>,
  ) => Promise<Envelope>;
  hostToken: (sub: string, options?: { name?: string; ttlSeconds?: number }) => string;
  /** Each simulated device's secret (ADR 0022), sent by every request through `inject`. */
  devices: DeviceJar;
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
  status: number;
  response: LightMyRequestResponse;
}

export async function createTestApp(
  dialect: Dialect = 'sqlite',
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = makeTempDir();
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: `${dataDir}/no-web-build`,
    // A busy test machine must not shed the tests' requests; overload.test.ts turns it on.
    OVERLOAD_LAG_MS: '0',
    ...env,
  });
  const database = await createTestDatabase(dialect, dataDir);
  await migrateToLatest(database.handle.db);
  const clock = new TestClock();
  const logs: string[] = [];
  const app = await buildApp({
    config,
    db: database.handle.db,
    durable: database.handle.durable,
    epoch: database.handle.epoch,
    settle: database.handle.settle,
    reader: database.handle.address,
    clock,
    hostTokenSecret: TEST_HOST_SECRET,
    logStream: { write: (line: string) => void logs.push(line) },
  });
  await app.services.categories.applyConfiguration(config.categories);
  const devices = new DeviceJar();
  carryDeviceCookies(app.server, devices);

  const call: TestApp['call'] = async (name, body = {}, headers = {}) => {
    const response = await app.server.inject({
      method: 'POST',
      url: API[name].path,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
    return {
      ...response.json<Omit<Envelope, 'status' | 'response'>>(),
      status: response.statusCode,
      response,
    };
  };

  return {
    ...app,
    db: database.handle.db,
    durable: database.handle.durable,
    reader: database.handle.address,
    config,
    clock,
    dataDir,
    logs,
    call,
    devices,
    hostToken: (sub, options = {}) =>
      signHostToken(
        {
          sub,
          ...(options.name ? { name: options.name } : {}),
          exp: Math.floor(clock.now() / 1000) + (options.ttlSeconds ?? 3600),
        },
        TEST_HOST_SECRET,
      ),
    close: async () => {
      await app.server.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every `inject` with options goes out as a browser would send it: with the cookie of the
 * device it speaks for (support/device-jar.ts), keeping any cookie the server sets.
 */
function carryDeviceCookies(server: App['server'], jar: DeviceJar): void {
  const inject = server.inject.bind(server);
  const wrapped = (options?: InjectOptions | string) => {
    if (typeof options !== 'object') return options === undefined ? inject() : inject(options);
    const headers = (options.headers ?? {}) as Record<string, string>;
    const device = deviceOfRequest(headers, options.payload);
    const sent = { ...options, headers: withDeviceCookie(jar, headers, options.payload) };
    return inject(sent).then((response) => {
      if (device !== null) jar.keep(device, response.headers['set-cookie']);
      return response;
    });
  };
  server.inject = wrapped as typeof server.inject;
}
