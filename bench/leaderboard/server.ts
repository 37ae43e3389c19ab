/** The real server for the bench: started on the seeded database, signed into, stopped. */
import type { Session } from '@yanzhi/contract';
import { signHostToken } from '../../apps/server/src/domain/tokens.js';
import { startChild, type Child } from '../lib/process.js';
import type { BenchDatabase } from './databases.js';
import { post } from './measure.js';
import { CALLER_HOST_ID } from './seed.js';

export const CACHE_SECONDS = 2;
/** The previous day, week and month, frozen by the server at start-up. */
const STARTUP_SNAPSHOTS = 3;

const seconds = (from: number) => (performance.now() - from) / 1000;

export interface ServerSettings {
  timeZone: string;
  cpuProfileDir: string | undefined;
}

export function startServer(target: BenchDatabase, settings: ServerSettings, secret: string) {
  const unlimited = '10000000';
  return startChild(
    'apps/server/src/main.ts',
    {
      ...target.env,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      CATEGORIES: 'female:女生:Women',
      TZ_LEADERBOARD: settings.timeZone,
      LEADERBOARD_CACHE_SECONDS: String(CACHE_SECONDS),
      HOST_TOKEN_SECRET: secret,
      // A refit rewrites every score from the votes (none here) and reloads every board: kept out
      // of the measurement; its reload is measured on purpose below.
      ARENA_REFIT_SECONDS: '86400',
      RATE_LIMIT_API_PER_MINUTE: unlimited,
      RATE_LIMIT_LOGIN_PER_MINUTE: unlimited,
    },
    180_000,
    settings.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${settings.cpuProfileDir}`] : [],
  );
}

export async function waitForStartupFreeze(target: BenchDatabase): Promise<number> {
  const started = performance.now();
  const handle = target.open();
  try {
    for (;;) {
      const row = await handle.db
        .selectFrom('leaderboard_snapshots')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      if (row.count >= STARTUP_SNAPSHOTS) return seconds(started);
      if (seconds(started) > 300) throw new Error('the start-up freeze did not finish in 300 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await handle.close();
  }
}

export async function login(server: Child, secret: string): Promise<string> {
  const cookie = signHostToken(
    { sub: CALLER_HOST_ID, name: '基准测试者', exp: Math.floor(Date.now() / 1000) + 3600 },
    secret,
  );
  const { envelope } = await post<Session>(`${server.url}/api/login_by_cookie`, { cookie });
  if (envelope.code !== 0 || !envelope.data) throw new Error(`login failed: ${envelope.msg}`);
  return envelope.data.token;
}

/** Lets the server exit on its own (a CPU profile is written at exit), then makes sure. */
export async function stopServer(server: Child): Promise<void> {
  if (server.process.exitCode === null) {
    const exited = new Promise((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  await server.stop();
}
